//! The edge blocks `hlo-deallocate` splits a `cf.cond_br` with (one per successor, holding
//! the edge's retains), tidied once their frees are lowered, as canonicalize would tidy them:
//! an edge block left holding nothing but its `cf.br` is skipped (the branch goes straight to
//! its destination, which then takes the values passed for its arguments in place of them:
//! it has no other predecessor), and a block whose only predecessor is the `cf.br` ending an
//! edge block is merged into that block. Canonicalize would reach the same IR, through its
//! generic patterns and one more sweep over every block of the region; most of the cost of
//! the pipeline's last canonicalize on a program of many branches was this.
//!
//! A block reached only by the `cf.br` of a block that can never be skipped (the entry
//! block, or one with arguments) is merged before the lowering ([`merge_chains`]): tidying
//! would merge it the same way afterwards, but then it would move every op the lowering
//! built there, nests of guards and helper calls included, where now it moves the fewer ops
//! the lowering has yet to expand.
//!
//! Only regions whose branches are all `cf.br` and `cf.cond_br` are touched.

use ir::dialects::cf::{BrOp, CondBrOp, only_branch, set_successor_operands};
use ir::{Block, Context, Op, OpView, Region, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::single_edges::SingleEdges;

/// The edges into each block: (branch, successor index).
type Predecessors = FxHashMap<Block, SmallVec<[(Op, usize); 2]>>;

/// Merges into its predecessor each block of `regions` reached only by a `cf.br` from the
/// entry block or from a block with arguments (neither can become an edge block that
/// tidying skips, so tidying would merge the block into it all the same); `single` gives
/// each block's only predecessor edge (still right after a merge: the terminators stay).
pub(super) fn merge_chains(ctx: &mut Context, regions: &[Region], single: &SingleEdges) {
    for &region in regions {
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        if !only_plain_branches(ctx, &blocks) {
            continue;
        }
        let entry = blocks[0];
        for &block in &blocks[1..] {
            let Some((branch, _)) = single.only_edge(block) else {
                continue;
            };
            let Some(pred) = ctx.op_parent(branch) else {
                continue;
            };
            let never_skipped = pred == entry || !ctx.block_args(pred).is_empty();
            if never_skipped && BrOp::is(ctx, branch) && pred != block {
                merge_into(ctx, block, branch, pred);
            }
        }
    }
}

/// Whether every terminator of `blocks` with successors is a `cf.br` or `cf.cond_br`.
fn only_plain_branches(ctx: &Context, blocks: &[Block]) -> bool {
    blocks.iter().all(|&block| {
        ctx.last_op(block).is_none_or(|term| {
            ctx.successors(term).is_empty() || BrOp::is(ctx, term) || CondBrOp::is(ctx, term)
        })
    })
}

/// Tidies the edge blocks of `regions` (each of several blocks).
pub(super) fn tidy_edges(ctx: &mut Context, regions: &[Region]) {
    for &region in regions {
        tidy_region(ctx, region);
    }
}

fn tidy_region(ctx: &mut Context, region: Region) {
    let blocks: Vec<Block> = ctx.blocks(region).collect();
    let Some(mut preds) = predecessors(ctx, &blocks) else {
        return;
    };
    for &block in &blocks[1..] {
        skip_forwarding_block(ctx, block, &mut preds);
    }
    for &block in &blocks[1..] {
        // An erased block has left its region.
        if ctx.block_parent(block).is_some() {
            merge_into_predecessor(ctx, block, &mut preds);
        }
    }
}

/// The edges into each of `blocks`; `None` if a terminator other than `cf.br` and
/// `cf.cond_br` has successors.
fn predecessors(ctx: &Context, blocks: &[Block]) -> Option<Predecessors> {
    let mut preds = Predecessors::default();
    for &block in blocks {
        let Some(term) = ctx.last_op(block) else {
            continue;
        };
        let successors = ctx.successors(term);
        if successors.is_empty() {
            continue;
        }
        if !BrOp::is(ctx, term) && !CondBrOp::is(ctx, term) {
            return None;
        }
        for (k, &succ) in successors.iter().enumerate() {
            preds.entry(succ).or_default().push((term, k));
        }
    }
    Some(preds)
}

/// A block without arguments holding only `cf.br ^dest(values)`, reached from `cf.cond_br`s
/// only: they branch to `^dest(values)` instead (canonicalize's `cf.cond_br` pass-through),
/// and when that leaves `^dest` one predecessor, its arguments become the values passed.
fn skip_forwarding_block(ctx: &mut Context, block: Block, preds: &mut Predecessors) {
    let Some(branch) = only_branch(ctx, block) else {
        return;
    };
    let Some(&dest) = ctx.successors(branch).first() else {
        return;
    };
    if dest == block || !ctx.block_args(block).is_empty() {
        return;
    }
    let Some(into) = preds.get(&block) else {
        return;
    };
    if into.is_empty() || into.iter().any(|&(term, _)| !CondBrOp::is(ctx, term)) {
        return;
    }
    let into = into.clone();
    let values = ctx.operand_vec(branch);
    for &(term, k) in &into {
        ctx.set_successor(term, k, dest);
        set_successor_operands(ctx, term, k, &values);
    }
    ctx.erase_block(block);
    preds.remove(&block);
    let dest_preds = preds.entry(dest).or_default();
    dest_preds.retain(|&mut (term, _)| term != branch);
    dest_preds.extend(into);
    if let [(term, k)] = dest_preds[..]
        && ctx.op_parent(term) != Some(dest)
    {
        take_passed_values(ctx, dest, term, k);
    }
}

/// Replaces the arguments of `block`, whose only predecessor edge is successor `k` of
/// `term`, by the values passed for them, and drops them and those operands.
fn take_passed_values(ctx: &mut Context, block: Block, term: Op, k: usize) {
    let args = ctx.block_args(block).to_vec();
    if args.is_empty() {
        return;
    }
    let values = ctx.successor_operands(term, k);
    if !replace_args(ctx, &args, &values) {
        return;
    }
    let all: Vec<usize> = (0..args.len()).collect();
    ctx.erase_block_args(block, &all);
    set_successor_operands(ctx, term, k, &[]);
}

/// A block whose only predecessor edge is a `cf.br` of another block: its ops move to the end
/// of that block in place of the branch, its arguments replaced by the values passed.
fn merge_into_predecessor(ctx: &mut Context, block: Block, preds: &mut Predecessors) {
    let Some(&[(branch, _)]) = preds.get(&block).map(|p| &p[..]) else {
        return;
    };
    if !BrOp::is(ctx, branch) {
        return;
    }
    let Some(pred) = ctx.op_parent(branch) else {
        return;
    };
    if pred != block && merge_into(ctx, block, branch, pred) {
        preds.remove(&block);
    }
}

/// Moves the ops of `block`, whose only predecessor edge is `cf.br` `branch` ending `pred`,
/// to the end of `pred` in place of the branch, its arguments replaced by the values passed;
/// false (and nothing changed) when their counts differ.
fn merge_into(ctx: &mut Context, block: Block, branch: Op, pred: Block) -> bool {
    let args = ctx.block_args(block).to_vec();
    if !replace_args(ctx, &args, &ctx.operand_vec(branch)) {
        return false;
    }
    ctx.erase_op(branch);
    let ops: Vec<Op> = ctx.block_ops(block).collect();
    for op in ops {
        ctx.move_op_to_end(op, pred);
    }
    ctx.erase_block(block);
    true
}

/// Replaces each block argument of `args` by the value passed for it; false (and nothing
/// replaced) when the counts differ.
fn replace_args(ctx: &mut Context, args: &[Value], values: &[Value]) -> bool {
    if args.len() != values.len() {
        return false;
    }
    for (&arg, &v) in args.iter().zip(values) {
        ctx.replace_all_uses_with(arg, v);
    }
    true
}
