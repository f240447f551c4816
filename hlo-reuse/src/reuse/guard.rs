//! Guarding: an `scf.for` whose trip count is unknown may run zero times, and a buffer moved
//! out of it would then be allocated for nothing. When its body has buffers to hoist or swap,
//! the loop is first put under an `scf.if` on its own bounds, so the buffers move out of the
//! loop but not out of the guard:
//!
//! ```text
//!                                             %nonempty = arith.cmpi slt, %lb, %ub : index
//!                                             %r = scf.if %nonempty -> (i64) {
//! %r = scf.for %i = %lb to %ub step %s         %t = memref.alloc() : memref<100xi32>
//!     iter_args(%acc = %x) -> (i64) {          %f = scf.for %i = %lb to %ub step %s ... {
//!   %t = memref.alloc() : memref<100xi32>        (...)
//!   (...)                                        }
//!   memref.dealloc %t : memref<100xi32>         memref.dealloc %t : memref<100xi32>
//!   scf.yield ...                               scf.yield %f : i64
//! }                                           } else {
//!                                               scf.yield %x : i64
//!                                             }
//! ```
//!
//! [`is_guarded`] recognizes the shape, so [`super::peak`] knows the loop runs.

use ir::dialects::arith::{CmpIOp, CmpIPredicate};
use ir::dialects::scf::{ForOp, IfOp, YieldOp};
use ir::{Builder, Context, Op, OpView, Type, Value};

use super::buffers::block_pairs;
use super::double::find_swaps;
use super::events::EventSummaries;
use super::peak::{entry_regions, intervals_are_safe};

/// Puts the `scf.for` `op` under a guard on its bounds if its trip count is unknown and its
/// body has buffers that could then leave it; returns whether it did.
pub(crate) fn guard_if_worthwhile(ctx: &mut Context, events: &EventSummaries, op: Op) -> bool {
    let Some(for_op) = ForOp::of(ctx, op) else {
        return false;
    };
    let Some(body) = for_op.body(ctx) else {
        return false;
    };
    if entry_regions(ctx, op).is_some() || ctx.op_parent(op).is_none() {
        return false;
    }
    let pairs: Vec<_> = block_pairs(ctx, body, op)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let swaps = find_swaps(ctx, events, body, for_op.region_iter_args(ctx));
    let worthwhile = (!pairs.is_empty() && intervals_are_safe(ctx, events, body, &pairs, true))
        || (!swaps.is_empty() && intervals_are_safe(ctx, events, body, &swaps, true));
    if worthwhile {
        tracing::debug!(loop_op = ?op, "loop guarded by its bounds");
        wrap(ctx, for_op);
    }
    worthwhile
}

/// The comparison that holds when the loop runs at least once.
fn nonempty_predicate(ctx: &Context, op: Op) -> CmpIPredicate {
    if ctx.get_attr(op, "unsignedCmp").is_some() {
        CmpIPredicate::Ult
    } else {
        CmpIPredicate::Slt
    }
}

fn wrap(ctx: &mut Context, for_op: ForOp) {
    let op = for_op.op();
    let (lower, upper) = (for_op.lower_bound(ctx), for_op.upper_bound(ctx));
    let inits: Vec<Value> = for_op.init_args(ctx).collect();
    let results: Vec<Value> = for_op.results(ctx).to_vec();
    let types: Vec<Type> = results.iter().map(|&r| ctx.value_type(r)).collect();
    let predicate = nonempty_predicate(ctx, op);
    let mut b = Builder::before(ctx, op);
    let nonempty = CmpIOp::build(&mut b, predicate, lower, upper).op();
    let nonempty = b.result_of(nonempty, 0);
    let guard = IfOp::build(&mut b, nonempty, &types, true);
    let (Some(then_block), Some(else_block)) = (guard.then_block(ctx), guard.else_block(ctx))
    else {
        return;
    };
    for (i, &result) in results.iter().enumerate() {
        let replacement = ctx.result(guard.op(), i);
        ctx.replace_all_uses_with(result, replacement);
    }
    ctx.unlink_op(op);
    ctx.append_op(then_block, op);
    let loc = ctx.op_loc(op);
    YieldOp::build(&mut Builder::at_end(ctx, then_block, loc), &results);
    YieldOp::build(&mut Builder::at_end(ctx, else_block, loc), &inits);
}

/// Whether the `scf.for` `op` sits in the then branch of an `scf.if` on the comparison
/// [`guard_if_worthwhile`] builds, so it runs at least once whenever it runs.
pub(crate) fn is_guarded(ctx: &Context, op: Op) -> bool {
    let Some(for_op) = ForOp::of(ctx, op) else {
        return false;
    };
    let Some(guard) = ctx.parent_op(op).and_then(|p| IfOp::of(ctx, p)) else {
        return false;
    };
    if guard.then_block(ctx) != ctx.op_parent(op) {
        return false;
    }
    let Some(compare) = ctx
        .defining_op(guard.condition(ctx))
        .and_then(|c| CmpIOp::of(ctx, c))
    else {
        return false;
    };
    compare.predicate(ctx) == Some(nonempty_predicate(ctx, op))
        && ctx.operand(compare.op(), 0) == for_op.lower_bound(ctx)
        && ctx.operand(compare.op(), 1) == for_op.upper_bound(ctx)
}
