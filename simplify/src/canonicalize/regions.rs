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
use smallvec::SmallVec;

use ir::rewrite::Rewriter;

/// The position of each block in its region, for the region being simplified: dense, so that
/// asking for a block's edges or reachability is an index, not a hash lookup (regions of
/// thousands of blocks are simplified after many iterations). Kept across simplifications and
/// never cleared: each one numbers its region's blocks first, and a number is trusted only if
/// the block list has that block at that position.
#[derive(Default)]
pub(super) struct BlockNumbers(Vec<u32>);

impl BlockNumbers {
    /// Numbers `blocks` 0, 1, ... in order.
    fn assign(&mut self, blocks: &[Block]) {
        for (position, &block) in blocks.iter().enumerate() {
            let k = block.as_u32() as usize;
            if k >= self.0.len() {
                self.0.resize(k + 1, u32::MAX);
            }
            self.0[k] = position as u32;
        }
    }

    /// The position of `block` in `blocks`, the list last numbered; `None` if it is not there.
    fn of(&self, block: Block, blocks: &[Block]) -> Option<usize> {
        let position = *self.0.get(block.as_u32() as usize)? as usize;
        (blocks.get(position) == Some(&block)).then_some(position)
    }
}

/// Simplifies every multi-block region of `ops` (those still alive); returns the number of
/// changes.
pub(super) fn simplify_regions_of(
    rw: &mut Rewriter,
    ops: &[Op],
    numbers: &mut BlockNumbers,
) -> usize {
    let mut changes = 0;
    for &op in ops {
        if !rw.is_alive(op) {
            continue;
        }
        for index in 0..rw.regions(op).len() {
            let region = rw.regions(op)[index];
            changes += simplify_region(rw, region, numbers);
        }
    }
    changes
}

/// Simplifies `region` if it has several blocks; returns the number of changes.
///
/// Inlined to its callers: most regions have one block, and the test costs less than a call.
#[inline]
pub(super) fn simplify_region(
    rw: &mut Rewriter,
    region: ir::Region,
    numbers: &mut BlockNumbers,
) -> usize {
    let multi_block = rw
        .entry_block(region)
        .is_some_and(|entry| rw.next_block(entry).is_some());
    if !multi_block {
        return 0;
    }
    simplify_multi_block_region(rw, region, numbers)
}

/// [`simplify_region`] on a region of several blocks.
fn simplify_multi_block_region(
    rw: &mut Rewriter,
    region: ir::Region,
    numbers: &mut BlockNumbers,
) -> usize {
    let mut blocks: Vec<Block> = rw.blocks(region).collect();
    numbers.assign(&blocks);
    let erased = erase_unreachable(rw, &mut blocks, numbers);
    if erased > 0 {
        numbers.assign(&blocks);
        // A branch pattern may hinge on its successors' predecessors (MLIR's
        // SimplifyCondBranchIdenticalSuccessors), which the erased blocks were among.
        for &block in &blocks {
            if let Some(term) = rw.last_op(block) {
                rw.note(term);
            }
        }
    }
    // Folding known conditions changes operands, dropping arguments and merging blocks keep
    // every block and edge (a merged block's terminator moves with its ops; merging erases
    // each block after its last use), so the blocks and edges are listed once for the four.
    let edges = PredecessorEdges::of(rw, &blocks, numbers);
    note_branches_into_forwarding_blocks(rw, &blocks, &edges);
    erased
        + fold_known_conditions(rw, &blocks, &edges)
        + drop_uniform_args(rw, &blocks, &edges)
        + drop_unused_args(rw, &blocks, &edges)
        + merge_blocks(rw, &blocks, &edges)
}

/// The branches into a block holding nothing but a `cf.br` are visited again: the
/// pass-through patterns of `cf.br` and `cf.cond_br` may now skip it (its other ops may have
/// gone after the branches were last visited).
fn note_branches_into_forwarding_blocks(
    rw: &mut Rewriter,
    blocks: &[Block],
    edges: &PredecessorEdges,
) {
    let forwarding: Vec<usize> = (1..blocks.len())
        .filter(|&position| only_branch(rw, blocks[position]).is_some())
        .collect();
    for position in forwarding {
        for &(term, _) in edges.at(position).unwrap_or_default() {
            rw.note(term);
        }
    }
}

/// In a block whose only predecessor edge is a `cf.cond_br` on `%c`: a `cf.cond_br` on `%c`
/// becomes a `cf.br` to the side the predecessor took, and the other uses of `%c` in the block
/// (not in nested regions, as MLIR) become the constant it has there. Returns the number of
/// changes.
fn fold_known_conditions(rw: &mut Rewriter, blocks: &[Block], edges: &PredecessorEdges) -> usize {
    let mut changes = 0;
    for (position, &block) in blocks.iter().enumerate().skip(1) {
        let Some(&[(pred, _)]) = edges.at(position) else {
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
/// block, each group in block order. The groups are laid out by a counting sort over the
/// blocks' positions ([`BlockNumbers`]), and a block's group is found by its position in the
/// list the edges were made from: each step walks that list, so it knows the position of each
/// block it asks about without a lookup.
struct PredecessorEdges {
    /// Where the edges into the block at each position start in [`PredecessorEdges::edges`];
    /// one more entry closes the last group.
    starts: Vec<u32>,
    edges: Vec<(Op, usize)>,
}

impl PredecessorEdges {
    fn of(ctx: &Context, blocks: &[Block], numbers: &BlockNumbers) -> Self {
        // Each edge with the position of its target (`None`: a block of another region,
        // which verified IR never branches to).
        let targets = |term: Op| {
            ctx.successors(term)
                .iter()
                .map(|&s| numbers.of(s, blocks))
                .enumerate()
        };
        let terminators = || blocks.iter().filter_map(|&b| ctx.last_op(b));
        let mut starts = vec![0u32; blocks.len() + 1];
        for term in terminators() {
            for (_, target) in targets(term) {
                if let Some(t) = target {
                    starts[t + 1] += 1;
                }
            }
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        let mut next = starts.clone();
        let mut edges = vec![(Op::from_u32(0), 0); starts[blocks.len()] as usize];
        for term in terminators() {
            for (successor, target) in targets(term) {
                if let Some(t) = target {
                    edges[next[t] as usize] = (term, successor);
                    next[t] += 1;
                }
            }
        }
        PredecessorEdges { starts, edges }
    }

    /// The edges into the block at `position` in the list the edges were made from; `None` if
    /// it has none.
    fn at(&self, position: usize) -> Option<&[(Op, usize)]> {
        let (start, end) = (self.starts[position], self.starts[position + 1]);
        (start < end).then(|| &self.edges[start as usize..end as usize])
    }
}

/// Block arguments that get the same value on every edge (edges passing the argument back to
/// its own block aside) are replaced by that value and removed, with the operands the
/// branches pass for them. Only blocks whose predecessors all end in `cf.br` or `cf.cond_br`
/// are changed. The value dominates the block: every path into the block enters through one
/// of the edges that use it.
fn drop_uniform_args(rw: &mut Rewriter, blocks: &[Block], edges: &PredecessorEdges) -> usize {
    let mut changes = 0;
    for (position, &block) in blocks.iter().enumerate().skip(1) {
        // Without arguments there is nothing to drop: the edges are not read.
        if rw.block_args(block).is_empty() {
            continue;
        }
        let Some(incoming) = edges.at(position) else {
            continue;
        };
        let plain = incoming
            .iter()
            .all(|&(term, _)| BrOp::is(rw, term) || CondBrOp::is(rw, term));
        if !plain {
            continue;
        }
        // Decided from the last argument to the first, as the erasures used to be made one by
        // one; they are made together afterwards, so that a block with many arguments costs
        // linear time rather than quadratic.
        let mut uniform = Vec::new();
        let mut starts = ForwardedStarts::default();
        for index in (0..rw.block_args(block).len()).rev() {
            let Some(value) = uniform_incoming(rw, block, index, incoming, &mut starts) else {
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
fn drop_unused_args(rw: &mut Rewriter, blocks: &[Block], edges: &PredecessorEdges) -> usize {
    // Last blocks first: an argument only passed on to a later block's unused one is then
    // unused itself.
    let mut changes = 0;
    for (position, &block) in blocks.iter().enumerate().skip(1).rev() {
        let arity = rw.block_args(block).len();
        // Without arguments there is nothing to drop: the edges are not read.
        if arity == 0 {
            continue;
        }
        // Whether an argument is unused is one look each; whether every edge is a plain
        // branch passing one value per argument reads each edge's operand range (a block
        // may have thousands of edges), so it is asked only when there is something to drop.
        let unused: SmallVec<[usize; 4]> = (0..arity)
            .filter(|&i| !rw.has_uses(rw.block_args(block)[i]))
            .collect();
        if unused.is_empty() {
            continue;
        }
        let Some(incoming) = edges.at(position) else {
            continue;
        };
        let plain = incoming.iter().all(|&(term, successor)| {
            (BrOp::is(rw, term) || CondBrOp::is(rw, term))
                && rw
                    .successor_operand_range(term, successor)
                    .is_some_and(|range| range.len() == arity)
        });
        if !plain {
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

/// Where the operands that the edges into one block pass to it start, read as the edges are
/// first needed and kept for the block's other arguments: replacing an argument's uses
/// changes operands, not how many an edge passes. `None` for an edge passing none, or another
/// number than the block has arguments.
#[derive(Default)]
struct ForwardedStarts(SmallVec<[Option<usize>; 4]>);

impl ForwardedStarts {
    /// The start for edge `k` of `incoming` into `block`.
    fn of_edge(
        &mut self,
        ctx: &Context,
        block: Block,
        incoming: &[(Op, usize)],
        k: usize,
    ) -> Option<usize> {
        while self.0.len() <= k {
            let (term, successor) = incoming[self.0.len()];
            let arity = ctx.block_args(block).len();
            let start = ctx
                .successor_operand_range(term, successor)
                .filter(|range| range.len() == arity)
                .map(|range| range.start);
            self.0.push(start);
        }
        self.0[k]
    }
}

/// The one value every edge of `incoming` passes for argument `index` of `block`, ignoring
/// edges that pass the argument itself; `None` if they differ, or if the value is defined in
/// `block`. `starts` keeps where the edges' operands start, for the block's next argument.
fn uniform_incoming(
    ctx: &Context,
    block: Block,
    index: usize,
    incoming: &[(Op, usize)],
    starts: &mut ForwardedStarts,
) -> Option<Value> {
    let arg = ctx.block_args(block)[index];
    let mut uniform = None;
    for (k, &(term, _)) in incoming.iter().enumerate() {
        let start = starts.of_edge(ctx, block, incoming, k)?;
        let v = ctx.operand(term, start + index);
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

/// Erases the blocks of a region (`blocks`, entry first, numbered by `numbers`) that no path
/// from its entry reaches, in region order, and drops them from `blocks`.
fn erase_unreachable(rw: &mut Rewriter, blocks: &mut Vec<Block>, numbers: &BlockNumbers) -> usize {
    let mut reachable = vec![false; blocks.len()];
    reachable[0] = true;
    let mut stack = vec![blocks[0]];
    while let Some(block) = stack.pop() {
        let Some(term) = rw.last_op(block) else {
            continue;
        };
        for &successor in rw.successors(term) {
            if let Some(position) = numbers.of(successor, blocks)
                && !reachable[position]
            {
                reachable[position] = true;
                stack.push(successor);
            }
        }
    }
    let dead: Vec<Block> = blocks
        .iter()
        .zip(&reachable)
        .filter(|&(_, &reached)| !reached)
        .map(|(&block, _)| block)
        .collect();
    for &b in &dead {
        rw.erase_block(b);
    }
    if !dead.is_empty() {
        let mut position = 0;
        blocks.retain(|_| {
            position += 1;
            reachable[position - 1]
        });
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
fn merge_blocks(rw: &mut Rewriter, blocks: &[Block], edges: &PredecessorEdges) -> usize {
    let mut changes = 0;
    for (position, &block) in blocks.iter().enumerate().skip(1) {
        let Some(&[(term, _)]) = edges.at(position) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::parser::{ParseOptions, parse_module};

    /// A `cf.cond_br` passing one value to `^bb1` and two to `^bb2`, which has two arguments.
    const BRANCHES: &str = "func.func @f(%c: i1, %a: index, %b: index) {
  cf.cond_br %c, ^bb1(%a : index), ^bb2(%a, %b : index, index)
^bb1(%x: index):
  cf.br ^bb2(%x, %b : index, index)
^bb2(%y: index, %z: index):
  return
}";

    /// The blocks of the single function of `src`.
    fn blocks(ctx: &mut Context, src: &str) -> Vec<Block> {
        let module = parse_module(ctx, "t.mlir", src, &ParseOptions::default()).expect("parses");
        let function = ctx
            .walk_preorder(module)
            .into_iter()
            .find(|&op| ctx.op_name_str(op) == "func.func")
            .expect("a function");
        ctx.blocks(ctx.regions(function)[0]).collect()
    }

    /// The edges at a position are those into the block at that position of the list they
    /// were made from, in block order; none into the entry.
    #[test]
    fn edges_at_a_position_are_those_into_the_block_there() {
        let mut ctx = Context::new();
        let blocks = blocks(&mut ctx, BRANCHES);
        let mut numbers = BlockNumbers::default();
        numbers.assign(&blocks);
        let edges = PredecessorEdges::of(&ctx, &blocks, &numbers);
        let cond_br = ctx.last_op(blocks[0]).expect("a terminator");
        let br = ctx.last_op(blocks[1]).expect("a terminator");
        assert_eq!(edges.at(0), None);
        assert_eq!(edges.at(1), Some(&[(cond_br, 0)][..]));
        assert_eq!(edges.at(2), Some(&[(cond_br, 1), (br, 0)][..]));
    }

    /// Each edge's start is where its operands for the block begin (after the condition and
    /// the other successor's operands for the `cf.cond_br`), read once; an edge passing another
    /// number of values than the block has arguments has none.
    #[test]
    fn forwarded_starts_are_those_of_each_edge_and_none_for_another_arity() {
        let mut ctx = Context::new();
        let blocks = blocks(&mut ctx, BRANCHES);
        let (entry, middle, join) = (blocks[0], blocks[1], blocks[2]);
        let cond_br = ctx.last_op(entry).expect("a terminator");
        let br = ctx.last_op(middle).expect("a terminator");
        let incoming = [(cond_br, 1), (br, 0)];
        let mut starts = ForwardedStarts::default();
        assert_eq!(starts.of_edge(&ctx, join, &incoming, 1), Some(0));
        assert_eq!(starts.of_edge(&ctx, join, &incoming, 0), Some(2));
        assert_eq!(starts.0.len(), 2);
        let into_middle = [(cond_br, 0)];
        let mut starts = ForwardedStarts::default();
        assert_eq!(starts.of_edge(&ctx, middle, &into_middle, 0), Some(1));
        let mut wrong_arity = ForwardedStarts::default();
        assert_eq!(wrong_arity.of_edge(&ctx, join, &into_middle, 0), None);
    }
}
