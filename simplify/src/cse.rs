//! Common-subexpression elimination, scoped by dominance.
//!
//! An op is a candidate when it has no regions, results, and is known to have no memory
//! effects (constants included). Two candidates are equal when name, attributes, operands and
//! result types are. Scopes: a region's entry block is visible in nested regions of the ops
//! that follow; in multi-block regions, a block sees what its dominators defined.

use analysis::dominance::DominanceInfo;
use ir::{Attr, Block, Context, Op, OpName, Region, Sym, Traits, Type, Value};
use rustc_hash::FxHashMap;

type Key = (OpName, Vec<(Sym, Attr)>, Vec<Value>, Vec<Type>);

/// A hash table with scopes (an undo log per scope).
#[derive(Default)]
struct ScopedTable {
    map: FxHashMap<Key, Op>,
    log: Vec<Key>,
}

/// Runs CSE on everything nested in `root`; returns the number of ops erased.
pub fn cse(ctx: &mut Context, root: Op) -> usize {
    let dominance = DominanceInfo::compute(ctx, root);
    let mut table = ScopedTable::default();
    let mut erased = 0;
    for region in ctx.regions(root).to_vec() {
        erased += visit_region(ctx, &dominance, region, &mut table);
    }
    erased
}

fn visit_region(
    ctx: &mut Context,
    dom: &DominanceInfo,
    region: Region,
    table: &mut ScopedTable,
) -> usize {
    let Some(entry) = ctx.entry_block(region) else {
        return 0;
    };
    let blocks: Vec<Block> = ctx.blocks(region).collect();
    let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    if blocks.len() > 1 {
        for &b in &blocks[1..] {
            if let Some(idom) = dom.immediate_dominator(ctx, b) {
                children.entry(idom).or_default().push(b);
            }
        }
    }
    visit_block(ctx, dom, entry, &children, table)
}

fn visit_block(
    ctx: &mut Context,
    dom: &DominanceInfo,
    block: Block,
    children: &FxHashMap<Block, Vec<Block>>,
    table: &mut ScopedTable,
) -> usize {
    let mark = table.log.len();
    let mut erased = 0;
    let ops: Vec<Op> = ctx.block_ops(block).collect();
    for op in ops {
        if !ctx.regions(op).is_empty() {
            let isolated = ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
            for region in ctx.regions(op).to_vec() {
                if isolated {
                    let mut fresh = ScopedTable::default();
                    erased += visit_region(ctx, dom, region, &mut fresh);
                } else {
                    erased += visit_region(ctx, dom, region, table);
                }
            }
            continue;
        }
        if !is_candidate(ctx, op) {
            continue;
        }
        let key: Key = (
            ctx.op_name(op),
            ctx.attrs(op).to_vec(),
            ctx.operand_vec(op),
            ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect(),
        );
        match table.map.get(&key) {
            Some(&existing) => {
                let values = ctx.results(existing).to_vec();
                ctx.replace_op_uses(op, &values);
                ctx.erase_op(op);
                erased += 1;
            }
            None => {
                table.map.insert(key.clone(), op);
                table.log.push(key);
            }
        }
    }
    if let Some(kids) = children.get(&block) {
        for &child in kids {
            erased += visit_block(ctx, dom, child, children, table);
        }
    }
    for key in table.log.drain(mark..) {
        table.map.remove(&key);
    }
    erased
}

fn is_candidate(ctx: &Context, op: Op) -> bool {
    !ctx.results(op).is_empty()
        && ctx.successors(op).is_empty()
        && !ctx.has_trait(op, Traits::TERMINATOR)
        && analysis::effects::is_effect_free(ctx, op)
}
