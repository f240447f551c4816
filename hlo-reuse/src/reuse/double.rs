//! Double buffering: a loop that frees the buffer it received and hands on a fresh one keeps
//! two buffers and swaps them instead.
//!
//! ```text
//! %r = scf.for ... iter_args(%arg = %init)        %t0 = memref.alloc() : memref<100xi32>
//!     -> memref<100xi32> {                        %r, %spare = scf.for ...
//!   %t = memref.alloc() : memref<100xi32>             iter_args(%arg = %init, %t = %t0) -> ... {
//!   "some.op"(%t, %arg) : ...                       "some.op"(%t, %arg) : ...
//!   memref.dealloc %arg : memref<100xi32>           scf.yield %t, %arg : ...
//!   scf.yield %t : memref<100xi32>                }
//! }                                               memref.dealloc %spare : memref<100xi32>
//! ```
//!
//! The freed buffer rides along as a new loop-carried value and becomes the next trip's
//! fresh buffer; the last one is freed after the loop. For `scf.for` the body is the region;
//! for `scf.while` it is the condition region (the one that always runs), and the spare buffer
//! goes through `scf.condition` and the body's `scf.yield` back to it. The body of a while
//! loop may run zero times, so buffers swapped there could raise the peak: they are left
//! alone. The peak rules are those of [`super::peak`].

use ir::dialects::memref::{AllocOp, DeallocOp};
use ir::dialects::scf::{ForOp, WhileOp};
use ir::{Block, Context, Op, OpView, Traits, Value};

use super::buffers::{Pair, alloc_key, block_dealloc, freed_key, is_static_memref};
use super::events::EventSummaries;
use super::peak::{entry_regions, intervals_are_safe};

/// Double-buffers the loop `op` if it is an `scf.for` or `scf.while` that allows it; returns
/// whether anything changed.
pub(crate) fn double_buffer(ctx: &mut Context, events: &EventSummaries, op: Op) -> bool {
    if ForOp::is(ctx, op) {
        return double_buffer_for(ctx, events, ForOp::wrap(op));
    }
    if WhileOp::is(ctx, op) {
        return double_buffer_while(ctx, events, WhileOp::wrap(op));
    }
    false
}

fn double_buffer_for(ctx: &mut Context, events: &EventSummaries, for_op: ForOp) -> bool {
    let op = for_op.op();
    let Some(body) = for_op.body(ctx) else {
        return false;
    };
    if entry_regions(ctx, op).is_none() {
        return false;
    }
    let carried = for_op.region_iter_args(ctx).to_vec();
    let swaps = find_swaps(ctx, events, body, &carried);
    if swaps.is_empty() || !intervals_are_safe(ctx, events, body, &swaps, true) {
        return false;
    }
    for swap in swaps {
        let (fresh, freed) = hoist_swap(ctx, op, body, swap);
        push_terminator_operand(ctx, body, freed);
        let spare = ctx.append_result(op, ctx.value_type(fresh));
        free_after(ctx, op, swap.dealloc, spare);
    }
    true
}

fn double_buffer_while(ctx: &mut Context, events: &EventSummaries, while_op: WhileOp) -> bool {
    let op = while_op.op();
    let (Some(before), Some(after)) = (while_op.before_block(ctx), while_op.after_block(ctx))
    else {
        return false;
    };
    let carried = ctx.block_args(before).to_vec();
    let swaps = find_swaps(ctx, events, before, &carried);
    if swaps.is_empty()
        || !intervals_are_safe(ctx, events, before, &swaps, true)
        || !intervals_are_safe(ctx, events, after, &[], false)
    {
        return false;
    }
    for swap in swaps {
        let (fresh, freed) = hoist_swap(ctx, op, before, swap);
        push_terminator_operand(ctx, before, freed);
        let passed = ctx.add_block_arg(after, ctx.value_type(fresh));
        push_terminator_operand(ctx, after, passed);
        let spare = ctx.append_result(op, ctx.value_type(fresh));
        free_after(ctx, op, swap.dealloc, spare);
    }
    true
}

/// Moves the swap's allocation before `op` as a new loop operand received by a new argument
/// of `block`; returns the hoisted buffer and the buffer the swap freed.
fn hoist_swap(ctx: &mut Context, op: Op, block: Block, swap: Pair) -> (Value, Value) {
    tracing::debug!(alloc = ?swap.alloc, loop_op = ?op, "double buffered");
    let fresh = ctx.result(swap.alloc, 0);
    let freed = ctx.operand(swap.dealloc, 0);
    let arg = ctx.add_block_arg(block, ctx.value_type(fresh));
    ctx.replace_all_uses_with(fresh, arg);
    ctx.move_op_before(swap.alloc, op);
    ctx.push_operand(op, fresh);
    (fresh, freed)
}

fn push_terminator_operand(ctx: &mut Context, block: Block, value: Value) {
    if let Some(terminator) = ctx.last_op(block) {
        ctx.push_operand(terminator, value);
    }
}

/// Moves `dealloc` right after `op`, freeing `spare`.
fn free_after(ctx: &mut Context, op: Op, dealloc: Op, spare: Value) {
    ctx.unlink_op(dealloc);
    ctx.insert_op_after(op, dealloc);
    ctx.set_operand(dealloc, 0, spare);
}

/// The (allocation, free) pairs of `block` where the free releases a loop-carried buffer of
/// `carried` and a fresh buffer of the same static type, allocated earlier in the block and
/// never freed in it, takes its place: each free takes the earliest such allocation.
pub(crate) fn find_swaps(
    ctx: &Context,
    events: &EventSummaries,
    block: Block,
    carried: &[Value],
) -> Vec<Pair> {
    let mut pending: Vec<Op> = Vec::new();
    let mut swaps = Vec::new();
    for op in ctx.block_ops(block) {
        if let Some(alloc) = AllocOp::of(ctx, op) {
            let result = alloc.result(ctx);
            if alloc_key(ctx, alloc).is_some_and(|k| k.sizes.is_empty() && k.alignment.is_none())
                && is_static_memref(ctx, ctx.value_type(result))
            {
                pending.push(op);
            }
            continue;
        }
        let Some(dealloc) = DeallocOp::of(ctx, op) else {
            continue;
        };
        let freed = dealloc.memref(ctx);
        if !carried.contains(&freed) || block_dealloc(ctx, freed, block) != Some(op) {
            continue;
        }
        let Some(key) = freed_key(ctx, freed) else {
            continue;
        };
        // Whether each candidate rides along safely is asked only now, for the matching ones.
        let position = pending.iter().position(|&a| {
            let fresh = ctx.result(a, 0);
            ctx.value_type(fresh) == key.ty && never_freed(ctx, events, block, fresh)
        });
        if let Some(position) = position {
            swaps.push(Pair {
                alloc: pending.remove(position),
                dealloc: op,
            });
        }
    }
    swaps
}

/// Whether nothing frees `value` or a value derived from it, other than by handing it on
/// through the terminator of `block`: it is followed through the results of its users, which
/// must not free (or have unknown effects).
fn never_freed(ctx: &Context, events: &EventSummaries, block: Block, value: Value) -> bool {
    let terminator = ctx.last_op(block);
    let mut stack = vec![value];
    let mut seen = 0usize;
    while let Some(v) = stack.pop() {
        for (user, _) in ctx.uses(v) {
            if Some(user) == terminator && ctx.has_trait(user, Traits::TERMINATOR) {
                continue;
            }
            if events.of(ctx, user).free {
                return false;
            }
            if ctx.has_trait(user, Traits::TERMINATOR) {
                let parent = ctx.parent_op(user);
                stack.extend(parent.iter().flat_map(|&p| ctx.results(p).iter().copied()));
            }
            stack.extend(ctx.results(user).iter().copied());
            seen += 1;
            if seen > 256 {
                return false;
            }
        }
    }
    true
}
