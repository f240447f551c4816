//! Common-subexpression elimination, scoped by dominance.
//!
//! An op is a candidate when it has no regions, results, and is known to have no memory
//! effects (constants included). Two candidates are equal when name, attributes, operands and
//! result types are; the operands of a commutative op, and of an `arith.cmpi` `eq` or `ne`,
//! count in any order (`arith.cmpi eq, %a, %b` and `arith.cmpi eq, %b, %a` merge, the first
//! one staying), which upstream's CSE does not do. Scopes: a region's entry block is visible in nested regions of the ops
//! that follow; in multi-block regions, a block sees what its dominators defined.

use analysis::cfg::RegionCfg;
use analysis::graph::{DominatorTree, NodeId};
use std::hash::{Hash, Hasher};

use ir::dialects::arith::{CmpIOp, CmpIPredicate};
use ir::{Block, Context, Effects, Op, OpView, Region, Traits, Value};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;

/// A hash table with scopes: candidates by the hash of what makes two of them equal (name,
/// attributes, operands and result types, read from the IR, no key is built), and an undo log
/// per scope. Within a bucket the ops of inner scopes come last, so leaving a scope pops them.
#[derive(Default)]
struct ScopedTable {
    map: FxHashMap<u64, SmallVec<[Op; 1]>>,
    log: Vec<u64>,
}

impl ScopedTable {
    /// An op in scope equal to the candidate `op` whose hash is `hash`.
    fn find(&self, ctx: &Context, hash: u64, op: Op) -> Option<Op> {
        let bucket = self.map.get(&hash)?;
        bucket
            .iter()
            .rev()
            .copied()
            .find(|&other| same_computation(ctx, op, other))
    }

    fn insert(&mut self, hash: u64, op: Op) {
        self.map.entry(hash).or_default().push(op);
        self.log.push(hash);
    }

    /// Forgets the ops recorded since the log had `mark` entries.
    fn leave_scope(&mut self, mark: usize) {
        for hash in self.log.drain(mark..) {
            if let Some(bucket) = self.map.get_mut(&hash) {
                bucket.pop();
                if bucket.is_empty() {
                    self.map.remove(&hash);
                }
            }
        }
    }
}

/// The hash of what makes two candidates equal.
fn computation_hash(ctx: &Context, op: Op) -> u64 {
    let mut h = FxHasher::default();
    ctx.op_name(op).hash(&mut h);
    ctx.attrs(op).hash(&mut h);
    if operands_unordered(ctx, op) {
        hash_unordered_operands(ctx, op, &mut h);
    } else {
        for v in ctx.operands(op) {
            v.hash(&mut h);
        }
    }
    for &r in ctx.results(op) {
        ctx.value_type(r).hash(&mut h);
    }
    h.finish()
}

/// Whether the order of `op`'s operands does not change what it computes: a commutative op,
/// or an `arith.cmpi` whose predicate is symmetric (`eq`, `ne`).
fn operands_unordered(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::COMMUTATIVE)
        || CmpIOp::of(ctx, op)
            .and_then(|cmp| cmp.predicate(ctx))
            .is_some_and(|p| matches!(p, CmpIPredicate::Eq | CmpIPredicate::Ne))
}

/// Hashes the operands of `op` so that any order of them hashes alike: sorted (two operands,
/// the usual case, without collecting them).
fn hash_unordered_operands(ctx: &Context, op: Op, h: &mut FxHasher) {
    if ctx.num_operands(op) == 2 {
        let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
        (a.min(b), a.max(b)).hash(h);
    } else {
        sorted_operands(ctx, op).hash(h);
    }
}

/// The operands of `op`, sorted: the same for two ops whose operands are a permutation of
/// each other.
fn sorted_operands(ctx: &Context, op: Op) -> SmallVec<[Value; 4]> {
    let mut operands: SmallVec<[Value; 4]> = ctx.operands(op).collect();
    operands.sort_unstable();
    operands
}

/// Whether `a` and `b` read the same operands: in the same order, or in any order when the
/// order does not matter (both have the same name and attributes, so both or neither are
/// [`operands_unordered`]).
fn same_operands(ctx: &Context, a: Op, b: Op) -> bool {
    ctx.operands(a).eq(ctx.operands(b))
        || (operands_unordered(ctx, a) && sorted_operands(ctx, a) == sorted_operands(ctx, b))
}

/// Whether `a` and `b` have the same name, attributes, operands and result types.
fn same_computation(ctx: &Context, a: Op, b: Op) -> bool {
    ctx.op_name(a) == ctx.op_name(b)
        && ctx.attrs(a) == ctx.attrs(b)
        && same_operands(ctx, a, b)
        && ctx.results(a).len() == ctx.results(b).len()
        && ctx
            .results(a)
            .iter()
            .zip(ctx.results(b))
            .all(|(&x, &y)| ctx.value_type(x) == ctx.value_type(y))
}

/// Runs CSE on everything nested in `root`; returns the number of ops erased.
pub fn cse(ctx: &mut Context, root: Op) -> usize {
    let mut table = ScopedTable::default();
    let mut erased = 0;
    for region in ctx.regions(root).to_vec() {
        erased += visit_region(ctx, region, &mut table);
    }
    erased
}

/// The blocks each block of `region` immediately dominates, in region order (none for a
/// single-block region, so only multi-block regions pay for a dominator tree).
fn dominator_children(ctx: &Context, region: Region) -> FxHashMap<Block, Vec<Block>> {
    let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    if ctx.blocks(region).nth(1).is_none() {
        return children;
    }
    let Some(cfg) = RegionCfg::new(ctx, region) else {
        return children;
    };
    let tree = DominatorTree::new(cfg.graph());
    for index in 1..cfg.blocks().len() {
        if let Some(idom) = tree.immediate_dominator(NodeId::from_index(index)) {
            children
                .entry(cfg.block(idom))
                .or_default()
                .push(cfg.blocks()[index]);
        }
    }
    children
}

fn visit_region(ctx: &mut Context, region: Region, table: &mut ScopedTable) -> usize {
    let Some(entry) = ctx.entry_block(region) else {
        return 0;
    };
    let children = dominator_children(ctx, region);
    visit_block(ctx, entry, &children, table)
}

fn visit_block(
    ctx: &mut Context,
    block: Block,
    children: &FxHashMap<Block, Vec<Block>>,
    table: &mut ScopedTable,
) -> usize {
    let mark = table.log.len();
    let mut erased = 0;
    let mut next = ctx.first_op(block);
    while let Some(op) = next {
        // Taken first: `op` may be erased (nested visits only erase ops inside `op`).
        next = ctx.next_op(op);
        erased += if ctx.regions(op).is_empty() {
            eliminate_if_redundant(ctx, op, table)
        } else {
            visit_nested_regions(ctx, op, table)
        };
    }
    if let Some(kids) = children.get(&block) {
        for &child in kids {
            erased += visit_block(ctx, child, children, table);
        }
    }
    table.leave_scope(mark);
    erased
}

/// Visits the regions of `op`; an isolated-from-above op's regions see nothing from outside.
fn visit_nested_regions(ctx: &mut Context, op: Op, table: &mut ScopedTable) -> usize {
    let isolated = ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
    let mut erased = 0;
    for index in 0..ctx.regions(op).len() {
        let region = ctx.regions(op)[index];
        erased += if isolated {
            visit_region(ctx, region, &mut ScopedTable::default())
        } else {
            visit_region(ctx, region, table)
        };
    }
    erased
}

/// Replaces the region-less op `op` by an equal op in scope, or records it; returns the number
/// of ops erased.
fn eliminate_if_redundant(ctx: &mut Context, op: Op, table: &mut ScopedTable) -> usize {
    if !is_candidate(ctx, op) {
        return 0;
    }
    let hash = computation_hash(ctx, op);
    if let Some(existing) = table.find(ctx, hash, op) {
        let values = ctx.results(existing).to_vec();
        ctx.replace_op_uses(op, &values);
        ctx.erase_op(op);
        return 1;
    }
    table.insert(hash, op);
    0
}

/// Whether the region-less op `op` may be merged with an equal one: it has results, is no
/// terminator or branch, and is known to have no memory effect.
fn is_candidate(ctx: &Context, op: Op) -> bool {
    !ctx.results(op).is_empty()
        && ctx.successors(op).is_empty()
        && !ctx.has_trait(op, Traits::TERMINATOR)
        && matches!(ctx.memory_effects(op), Effects::Known(list) if list.is_empty())
}
