//! Region simplification: erase unreachable blocks, merge a block into its only predecessor
//! when that predecessor ends in an unconditional branch to it.

use ir::{Block, Context, Op, Traits};
use rustc_hash::FxHashMap;

use crate::rewriter::Rewriter;

/// Simplifies every multi-block region nested in `root`; returns the number of changes.
pub(super) fn simplify_regions(rw: &mut Rewriter, root: Op) -> usize {
    let mut changes = 0;
    for op in rw.walk_preorder(root) {
        if !rw.is_alive(op) {
            continue;
        }
        for index in 0..rw.regions(op).len() {
            let region = rw.regions(op)[index];
            changes += simplify_region(rw, region);
        }
    }
    changes
}

/// Simplifies `region` if it has several blocks; returns the number of changes.
pub(super) fn simplify_region(rw: &mut Rewriter, region: ir::Region) -> usize {
    let multi_block = rw
        .entry_block(region)
        .is_some_and(|entry| rw.next_block(entry).is_some());
    if !multi_block {
        return 0;
    }
    erase_unreachable(rw, region) + merge_blocks(rw, region)
}

fn erase_unreachable(rw: &mut Rewriter, region: ir::Region) -> usize {
    let reachable = analysis::cfg::reachable_blocks(rw, region);
    let dead: Vec<Block> = rw
        .blocks(region)
        .filter(|b| !reachable.contains(b))
        .collect();
    // Drop the uses of values defined in dead blocks by dead blocks first.
    for &b in &dead {
        rw.erase_block(b);
    }
    dead.len()
}

/// Whether `term` is an unconditional branch: one successor, every operand forwarded to it,
/// no results, no effects.
fn is_plain_branch(ctx: &Context, term: Op) -> bool {
    ctx.successors(term).len() == 1
        && ctx.results(term).is_empty()
        && ctx.regions(term).is_empty()
        && ctx.successor_operand_range(term, 0) == Some(0..ctx.num_operands(term))
        && ctx.has_trait(term, Traits::PURE)
}

/// The predecessor edges `(terminator, successor index)` of every block of `region`, computed
/// in one pass.
fn predecessor_map(ctx: &Context, region: ir::Region) -> FxHashMap<Block, Vec<(Op, usize)>> {
    let mut preds: FxHashMap<Block, Vec<(Op, usize)>> = FxHashMap::default();
    for b in ctx.blocks(region) {
        if let Some(term) = ctx.last_op(b) {
            for (i, &s) in ctx.successors(term).iter().enumerate() {
                preds.entry(s).or_default().push((term, i));
            }
        }
    }
    preds
}

/// Merging keeps every other edge (a merged block's terminator moves with its ops), so the
/// predecessor map computed up front stays valid; `op_parent` gives an edge's current block.
fn merge_blocks(rw: &mut Rewriter, region: ir::Region) -> usize {
    let mut changes = 0;
    let blocks: Vec<Block> = rw.blocks(region).collect();
    let preds = predecessor_map(rw, region);
    for block in blocks.into_iter().skip(1) {
        let Some([(term, _)]) = preds.get(&block).map(Vec::as_slice) else {
            continue;
        };
        let term = *term;
        if !is_plain_branch(rw, term) {
            continue;
        }
        let Some(pred) = rw.op_parent(term) else {
            continue;
        };
        if pred == block {
            continue;
        }
        let args = rw.block_args(block).to_vec();
        let operands = rw.operand_vec(term);
        if args.len() != operands.len() {
            continue;
        }
        for (a, v) in args.into_iter().zip(operands) {
            rw.replace_all_uses_with(a, v);
        }
        rw.erase_op(term);
        let ops: Vec<Op> = rw.block_ops(block).collect();
        for o in ops {
            rw.move_op_to_end(o, pred);
        }
        rw.erase_block(block);
        changes += 1;
    }
    changes
}
