//! Region simplification: erase unreachable blocks, drop block arguments that every
//! predecessor passes the same value or that nothing uses (with the operands passed for
//! them, as MLIR's region DCE does), merge a block into its only predecessor when that
//! predecessor ends in an unconditional branch to it, and fold what a `cf.cond_br` tells a
//! block it alone reaches: a branch there on the same condition goes one way (MLIR's
//! `SimplifyCondBranchFromCondBranchOnSameCondition`), and the condition's uses there are
//! constants (`CondBranchTruthPropagation`). These two are `cf.cond_br` patterns in MLIR; they
//! are here because they need every block's predecessors, which a pattern would recompute for
//! each branch.

use ir::context::ValueDef;
use ir::dialects::arith::ConstantOp;
use ir::dialects::cf::{BrOp, CondBrOp, only_branch};
use ir::{Block, Context, Op, OpView, Traits, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use ir::rewrite::Rewriter;

/// Simplifies every multi-block region of `ops` (those still alive); returns the number of
/// changes.
pub(super) fn simplify_regions_of(rw: &mut Rewriter, ops: &[Op]) -> usize {
    let mut changes = 0;
    for &op in ops {
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
    let erased = erase_unreachable(rw, region);
    if erased > 0 {
        // A branch pattern may hinge on its successors' predecessors (MLIR's
        // SimplifyCondBranchIdenticalSuccessors), which the erased blocks were among.
        let terminators: Vec<Op> = rw.blocks(region).filter_map(|b| rw.last_op(b)).collect();
        for term in terminators {
            rw.note(term);
        }
    }
    // Folding known conditions changes operands, dropping arguments and merging blocks keep
    // every edge (a merged block's terminator moves with its ops), so the edges are listed
    // once for the four.
    let edges = PredecessorEdges::of(rw, region);
    note_branches_into_forwarding_blocks(rw, region, &edges);
    erased
        + fold_known_conditions(rw, region, &edges)
        + drop_uniform_args(rw, region, &edges)
        + drop_unused_args(rw, region, &edges)
        + merge_blocks(rw, region, &edges)
}

/// The branches into a block holding nothing but a `cf.br` are visited again: the
/// pass-through patterns of `cf.br` and `cf.cond_br` may now skip it (its other ops may have
/// gone after the branches were last visited).
fn note_branches_into_forwarding_blocks(
    rw: &mut Rewriter,
    region: ir::Region,
    edges: &PredecessorEdges,
) {
    let forwarding: Vec<Block> = rw
        .blocks(region)
        .skip(1)
        .filter(|&b| only_branch(rw, b).is_some())
        .collect();
    for block in forwarding {
        for &(term, _) in edges.into(block).unwrap_or_default() {
            rw.note(term);
        }
    }
}

/// In a block whose only predecessor edge is a `cf.cond_br` on `%c`: a `cf.cond_br` on `%c`
/// becomes a `cf.br` to the side the predecessor took, and the other uses of `%c` in the block
/// (not in nested regions, as MLIR) become the constant it has there. Returns the number of
/// changes.
fn fold_known_conditions(rw: &mut Rewriter, region: ir::Region, edges: &PredecessorEdges) -> usize {
    let blocks: Vec<Block> = rw.blocks(region).skip(1).collect();
    let mut changes = 0;
    for block in blocks {
        let Some(&[(pred, _)]) = edges.into(block) else {
            continue;
        };
        if !rw.is_alive(pred) || !CondBrOp::is(rw, pred) || rw.op_parent(pred) == Some(block) {
            continue;
        }
        let Some(&first) = rw.successors(pred).first() else {
            continue;
        };
        let taken = first == block;
        let condition = rw.operand(pred, 0);
        if ConstantOp::as_bool(rw, condition).is_some() {
            continue;
        }
        let uses: Vec<(Op, usize)> = rw
            .uses(condition)
            .filter(|&(user, _)| rw.op_parent(user) == Some(block))
            .collect();
        if uses.is_empty() {
            continue;
        }
        let known = ConstantOp::build_bool(&mut rw.builder_before(pred), taken).result(rw);
        for (user, index) in uses {
            rw.set_operand(user, index, known);
        }
        changes += 1;
    }
    changes
}

/// Every edge into each block of a region: (terminator, successor index), grouped by target
/// block, each group in block order, with where each group starts and ends (a hashed lookup:
/// each block's edges are asked for several times per simplification, and searching a sorted
/// list by halving cost more than everything else on regions of thousands of blocks).
struct PredecessorEdges {
    /// Per target block: the range of its edges in [`PredecessorEdges::edges`].
    groups: FxHashMap<Block, (u32, u32)>,
    edges: Vec<(Op, usize)>,
}

impl PredecessorEdges {
    fn of(ctx: &Context, region: ir::Region) -> Self {
        let mut in_block_order: Vec<(Op, usize)> = Vec::new();
        // Per edge: its target's id above its position in block order, so that sorting these
        // plain numbers groups the edges by target and keeps each group in block order.
        let mut keys: Vec<u64> = Vec::new();
        for b in ctx.blocks(region) {
            if let Some(term) = ctx.last_op(b) {
                for (i, &s) in ctx.successors(term).iter().enumerate() {
                    keys.push((u64::from(s.as_u32()) << 32) | in_block_order.len() as u64);
                    in_block_order.push((term, i));
                }
            }
        }
        keys.sort_unstable();
        let mut groups = FxHashMap::default();
        let mut edges = Vec::with_capacity(keys.len());
        for (k, &key) in keys.iter().enumerate() {
            let target = Block::from_u32((key >> 32) as u32);
            groups
                .entry(target)
                .and_modify(|group: &mut (u32, u32)| group.1 = k as u32 + 1)
                .or_insert((k as u32, k as u32 + 1));
            edges.push(in_block_order[(key & u64::from(u32::MAX)) as usize]);
        }
        PredecessorEdges { groups, edges }
    }

    /// The edges into `block`; `None` if it has none.
    fn into(&self, block: Block) -> Option<&[(Op, usize)]> {
        let &(start, end) = self.groups.get(&block)?;
        Some(&self.edges[start as usize..end as usize])
    }
}

/// Block arguments that get the same value on every edge (edges passing the argument back to
/// its own block aside) are replaced by that value and removed, with the operands the
/// branches pass for them. Only blocks whose predecessors all end in `cf.br` or `cf.cond_br`
/// are changed. The value dominates the block: every path into the block enters through one
/// of the edges that use it.
fn drop_uniform_args(rw: &mut Rewriter, region: ir::Region, edges: &PredecessorEdges) -> usize {
    let blocks: Vec<Block> = rw.blocks(region).skip(1).collect();
    let mut changes = 0;
    for block in blocks {
        let Some(incoming) = edges.into(block) else {
            continue;
        };
        let plain = incoming
            .iter()
            .all(|&(term, _)| BrOp::is(rw, term) || CondBrOp::is(rw, term));
        if !plain || rw.block_args(block).is_empty() {
            continue;
        }
        // Decided from the last argument to the first, as the erasures used to be made one by
        // one; they are made together afterwards, so that a block with many arguments costs
        // linear time rather than quadratic.
        let mut uniform = Vec::new();
        for index in (0..rw.block_args(block).len()).rev() {
            let Some(value) = uniform_incoming(rw, block, index, incoming) else {
                continue;
            };
            let arg = rw.block_args(block)[index];
            rw.replace_all_uses_with(arg, value);
            uniform.push(index);
        }
        if uniform.is_empty() {
            continue;
        }
        erase_args_and_operands(rw, block, &uniform, incoming);
        changes += uniform.len();
    }
    changes
}

/// Block arguments nothing uses are removed, with the operands the branches pass for them.
/// Only blocks whose predecessors all end in `cf.br` or `cf.cond_br` are changed.
fn drop_unused_args(rw: &mut Rewriter, region: ir::Region, edges: &PredecessorEdges) -> usize {
    // Last blocks first: an argument only passed on to a later block's unused one is then
    // unused itself.
    let blocks: Vec<Block> = rw.blocks(region).skip(1).collect();
    let blocks = blocks.into_iter().rev();
    let mut changes = 0;
    for block in blocks {
        let Some(incoming) = edges.into(block) else {
            continue;
        };
        let arity = rw.block_args(block).len();
        let plain = incoming.iter().all(|&(term, successor)| {
            (BrOp::is(rw, term) || CondBrOp::is(rw, term))
                && rw
                    .successor_operand_range(term, successor)
                    .is_some_and(|range| range.len() == arity)
        });
        if !plain {
            continue;
        }
        let unused: Vec<usize> = (0..arity)
            .filter(|&i| !rw.has_uses(rw.block_args(block)[i]))
            .collect();
        if unused.is_empty() {
            continue;
        }
        erase_args_and_operands(rw, block, &unused, incoming);
        changes += unused.len();
    }
    changes
}

/// Erases the arguments of `block` at `indices` and the operands each edge of `incoming`
/// passes for them.
fn erase_args_and_operands(
    rw: &mut Rewriter,
    block: Block,
    indices: &[usize],
    incoming: &[(Op, usize)],
) {
    rw.erase_block_args(block, indices);
    for &(term, successor) in incoming {
        if let Some(range) = rw.successor_operand_range(term, successor) {
            let operands: Vec<usize> = indices.iter().map(|&i| range.start + i).collect();
            rw.erase_operands(term, &operands);
        }
    }
}

/// The one value every edge of `incoming` passes for argument `index` of `block`, ignoring
/// edges that pass the argument itself; `None` if they differ, or if the value is defined in
/// `block`.
fn uniform_incoming(
    ctx: &Context,
    block: Block,
    index: usize,
    incoming: &[(Op, usize)],
) -> Option<Value> {
    let arg = ctx.block_args(block)[index];
    let mut uniform = None;
    for &(term, successor) in incoming {
        let range = ctx.successor_operand_range(term, successor)?;
        if range.len() != ctx.block_args(block).len() {
            return None;
        }
        let v = ctx.operand(term, range.start + index);
        if v == arg {
            continue;
        }
        match uniform {
            None => uniform = Some(v),
            Some(u) if u == v => {}
            Some(_) => return None,
        }
    }
    let v = uniform?;
    let defined_here = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.op_parent(op) == Some(block),
        ValueDef::BlockArg { block: b, .. } => b == block,
        ValueDef::Placeholder => true,
    };
    (!defined_here).then_some(v)
}

/// Erases the blocks of `region` no path from its entry reaches, in region order.
fn erase_unreachable(rw: &mut Rewriter, region: ir::Region) -> usize {
    let Some(entry) = rw.entry_block(region) else {
        return 0;
    };
    let mut reachable: FxHashSet<Block> = FxHashSet::default();
    reachable.insert(entry);
    let mut stack = vec![entry];
    while let Some(block) = stack.pop() {
        let Some(term) = rw.last_op(block) else {
            continue;
        };
        for &successor in rw.successors(term) {
            if reachable.insert(successor) {
                stack.push(successor);
            }
        }
    }
    let dead: Vec<Block> = rw
        .blocks(region)
        .filter(|block| !reachable.contains(block))
        .collect();
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

/// Merging keeps every other edge (a merged block's terminator moves with its ops), so the
/// edges listed up front stay valid; `op_parent` gives an edge's current block.
fn merge_blocks(rw: &mut Rewriter, region: ir::Region, edges: &PredecessorEdges) -> usize {
    let mut changes = 0;
    let blocks: Vec<Block> = rw.blocks(region).collect();
    for block in blocks.into_iter().skip(1) {
        let Some(&[(term, _)]) = edges.into(block) else {
            continue;
        };
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
