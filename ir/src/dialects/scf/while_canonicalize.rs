//! `scf.while` patterns: loop-carried values that never change (MLIR's
//! `RemoveLoopInvariantArgsFromBeforeBlock` and `RemoveLoopInvariantValueYielded`).
//!
//! ```text
//! %r:2 = scf.while (%a = %x, %f = %true) : (memref<2xf32>, i1) -> (memref<2xf32>, i1) {
//!   scf.condition(%c) %a, %f : memref<2xf32>, i1
//! } do {
//! ^bb0(%a2: memref<2xf32>, %f2: i1):
//!   scf.yield %new, %f2 : memref<2xf32>, i1
//! }
//! // %f is %true on entry and every trip passes it on unchanged: its uses read %true, and
//! // the condition then forwards a value defined outside the loop, so %f2 and %r#1 read
//! // %true too.
//! ```

use super::canonicalize::defined_outside;
use super::{ConditionOp, WhileOp, YieldOp};
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Block, Op};
use crate::rewrite::Rewriter;

/// The before and after blocks of a well-formed `scf.while` with their terminators.
struct WhileParts {
    before: Block,
    after: Block,
    condition: Op,
    yield_op: Op,
}

fn while_parts(ctx: &Context, op: Op) -> Option<WhileParts> {
    let view = WhileOp::of(ctx, op)?;
    let (before, after) = (view.before_block(ctx)?, view.after_block(ctx)?);
    let condition = ctx.last_op(before).filter(|&t| ConditionOp::is(ctx, t))?;
    let yield_op = ctx.last_op(after).filter(|&t| YieldOp::is(ctx, t))?;
    let consistent = ctx.block_args(before).len() == ctx.num_operands(op)
        && ctx.num_operands(yield_op) == ctx.num_operands(op)
        && ctx.num_operands(condition) == 1 + ctx.block_args(after).len()
        && ctx.block_args(after).len() == ctx.results(op).len();
    consistent.then_some(WhileParts {
        before,
        after,
        condition,
        yield_op,
    })
}

/// Before-region arguments that every trip gives back unchanged: the after region yields the
/// init value itself, or the after-region argument the condition filled from this very
/// argument. Their uses read the init value, and the argument, its init and its yielded
/// value go.
pub(super) fn while_invariant_before_args(rw: &mut Rewriter, op: Op) -> bool {
    let Some(parts) = while_parts(rw, op) else {
        return false;
    };
    let inits = rw.operand_vec(op);
    let before_args = rw.block_args(parts.before).to_vec();
    let after_args = rw.block_args(parts.after).to_vec();
    let forwarded = rw.operand_vec(parts.condition);
    let invariant: Vec<usize> = (0..inits.len())
        .filter(|&i| {
            let yielded = rw.operand(parts.yield_op, i);
            yielded == inits[i]
                || after_args
                    .iter()
                    .position(|&a| a == yielded)
                    .is_some_and(|j| forwarded[1 + j] == before_args[i])
        })
        .collect();
    if invariant.is_empty() {
        return false;
    }
    for &i in &invariant {
        rw.replace_all_uses_with(before_args[i], inits[i]);
    }
    rw.erase_block_args(parts.before, &invariant);
    rw.erase_operands(parts.yield_op, &invariant);
    rw.erase_operands(op, &invariant);
    true
}

/// Values the condition forwards that are defined outside the loop: the after-region
/// argument and the loop result they fill read them directly.
pub(super) fn while_invariant_forwarded_values(rw: &mut Rewriter, op: Op) -> bool {
    let Some(parts) = while_parts(rw, op) else {
        return false;
    };
    let after_args = rw.block_args(parts.after).to_vec();
    let results = rw.results(op).to_vec();
    let mut changed = false;
    for (j, (&arg, &result)) in after_args.iter().zip(&results).enumerate() {
        let value = rw.operand(parts.condition, 1 + j);
        let outside = defined_outside(rw, value, op);
        if outside && (rw.has_uses(arg) || rw.has_uses(result)) {
            rw.replace_all_uses_with(arg, value);
            rw.replace_all_uses_with(result, value);
            changed = true;
        }
    }
    changed
}
