//! `scf.if` right after an `scf.if` on the same condition: one `scf.if` runs both (MLIR's
//! `CombineIfs`).
//!
//! ```text
//! %a = scf.if %c -> (i64) { A; scf.yield %x } else { B; scf.yield %y }
//! scf.if %c { C(%a) } else { D(%a) }
//! // becomes
//! %a = scf.if %c -> (i64) { A; C(%x); scf.yield %x } else { B; D(%y); scf.yield %y }
//! ```
//!
//! Inside the second `scf.if`, the results of the first read what the branch that ran yielded.
//!
//! Beyond MLIR, which needs the two ops adjacent, a few pure ops between them that do not read
//! the first one's results (a negated condition the deallocation computes for later, an index)
//! first move above the first `scf.if`.

use super::{IfOp, YieldOp};
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Region, Value};
use crate::registry::Traits;
use crate::rewrite::Rewriter;

/// A well-formed `scf.if`: its blocks (else optional) and their yields, one value per result.
struct IfParts {
    then_block: Block,
    then_yield: Op,
    else_part: Option<(Block, Op)>,
}

fn if_parts(ctx: &Context, op: Op) -> Option<IfParts> {
    let view = IfOp::of(ctx, op)?;
    if ctx.num_operands(op) != 1 || ctx.regions(op).len() != 2 {
        return None;
    }
    let n = ctx.results(op).len();
    let yield_of = |block: Block| {
        let single = ctx.next_block(block).is_none();
        ctx.last_op(block)
            .filter(|&t| single && YieldOp::is(ctx, t) && ctx.num_operands(t) == n)
    };
    let then_block = view.then_block(ctx)?;
    let then_yield = yield_of(then_block)?;
    let else_part = match view.else_block(ctx) {
        Some(block) => Some((block, yield_of(block)?)),
        None if n == 0 => None,
        None => return None,
    };
    Some(IfParts {
        then_block,
        then_yield,
        else_part,
    })
}

/// Which region of `ancestor` holds `op` (nested at any depth), if any.
pub(super) fn region_index_within(ctx: &Context, ancestor: Op, op: Op) -> Option<usize> {
    // An op in the block of `ancestor` (or `ancestor` itself) stands beside it: nothing above
    // it is nested in `ancestor`, so the walk stops there rather than at the top.
    let beside = ctx.op_parent(ancestor);
    let mut cur = op;
    loop {
        if beside.is_some() && ctx.op_parent(cur) == beside {
            return None;
        }
        let parent = ctx.parent_op(cur)?;
        if parent == ancestor {
            let region: Region = ctx.op_parent_region(cur)?;
            return ctx.regions(ancestor).iter().position(|&r| r == region);
        }
        cur = parent;
    }
}

/// How many pure ops may stand between two `scf.if` that combine.
const MAX_OPS_BETWEEN: usize = 8;

/// The `scf.if` before `next` in its block with only pure, region-free ops between them (at most
/// `MAX_OPS_BETWEEN`); nothing is collected, as most searches fail.
fn previous_if_across_pure_ops(ctx: &Context, next: Op) -> Option<Op> {
    let mut crossed = 0;
    let mut cur = ctx.prev_op(next)?;
    while !IfOp::is(ctx, cur) {
        let movable = ctx.has_trait(cur, Traits::PURE) && ctx.regions(cur).is_empty();
        if !movable || crossed == MAX_OPS_BETWEEN {
            return None;
        }
        crossed += 1;
        cur = ctx.prev_op(cur)?;
    }
    Some(cur)
}

/// The ops strictly between `first` and `last`, two ops of one block in that order.
fn ops_between(ctx: &Context, first: Op, last: Op) -> Vec<Op> {
    std::iter::successors(ctx.next_op(first), |&op| ctx.next_op(op))
        .take_while(|&op| op != last)
        .collect()
}

/// `next`, an `scf.if` after an `scf.if` on the same condition with at most a few pure ops
/// between them that do not read the first's results, merges into it.
pub(super) fn if_combine_same_condition(rw: &mut Rewriter, next: Op) -> bool {
    let Some(prev) = previous_if_across_pure_ops(rw, next) else {
        return false;
    };
    if rw.operand(prev, 0) != rw.operand(next, 0) {
        return false;
    }
    let between = ops_between(rw, prev, next);
    let (Some(p), Some(n)) = (if_parts(rw, prev), if_parts(rw, next)) else {
        return false;
    };
    let reads_prev = |op: &Op| rw.operands(*op).any(|v| rw.defining_op(v) == Some(prev));
    if between.iter().any(reads_prev) {
        return false;
    }
    for op in between {
        rw.move_op_before(op, prev);
    }
    forward_results_into(rw, prev, &p, next);
    let mut types: Vec<_> = rw.results(prev).iter().map(|&r| rw.value_type(r)).collect();
    types.extend(rw.results(next).iter().map(|&r| rw.value_type(r)));
    let condition = rw.operand(next, 0);
    let mut b = rw.builder_before(next);
    let combined = IfOp::build(&mut b, condition, &types, false).0;
    let [then_region, else_region] = [rw.regions(combined)[0], rw.regions(combined)[1]];
    if let Some(empty) = rw.entry_block(then_region) {
        rw.erase_block(empty);
    }
    rw.take_region_body(rw.regions(prev)[0], then_region);
    append_block(rw, p.then_yield, n.then_block, n.then_yield);
    match (p.else_part, n.else_part) {
        (Some(_), None) | (None, None) => rw.take_region_body(rw.regions(prev)[1], else_region),
        (None, Some(_)) => rw.take_region_body(rw.regions(next)[1], else_region),
        (Some((_, prev_yield)), Some((next_block, next_yield))) => {
            rw.take_region_body(rw.regions(prev)[1], else_region);
            append_block(rw, prev_yield, next_block, next_yield);
        }
    }
    let results = rw.results(combined).to_vec();
    let split = rw.results(prev).len();
    rw.replace_op_uses(prev, &results[..split]);
    rw.replace_op_uses(next, &results[split..]);
    rw.erase_op(prev);
    rw.erase_op(next);
    true
}

/// Uses of `prev`'s results inside `next` read what the branch that ran yielded.
fn forward_results_into(rw: &mut Rewriter, prev: Op, p: &IfParts, next: Op) {
    let results = rw.results(prev).to_vec();
    for (i, &result) in results.iter().enumerate() {
        let uses: Vec<(Op, usize)> = rw.uses(result).collect();
        for (user, operand) in uses {
            let yielded: Option<Value> = match region_index_within(rw, next, user) {
                Some(0) => Some(rw.operand(p.then_yield, i)),
                Some(1) => p.else_part.map(|(_, y)| rw.operand(y, i)),
                _ => None,
            };
            if let Some(v) = yielded {
                rw.set_operand(user, operand, v);
            }
        }
    }
}

/// Moves the ops of `block` (but its yield `block_yield`) before `into_yield`, which then
/// yields its own values followed by `block_yield`'s.
fn append_block(rw: &mut Rewriter, into_yield: Op, block: Block, block_yield: Op) {
    let moved: Vec<Op> = rw.block_ops(block).filter(|&o| o != block_yield).collect();
    for op in moved {
        rw.move_op_before(op, into_yield);
    }
    let mut values = rw.operand_vec(into_yield);
    values.extend(rw.operand_vec(block_yield));
    rw.set_operands(into_yield, &values);
}
