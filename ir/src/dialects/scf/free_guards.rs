//! Frees guarded by one condition share one `scf.if` (beyond MLIR): a guard (an `scf.if`
//! without results whose then block only frees, `memref.dealloc`, and whose else block is
//! empty) takes over the frees of an earlier guard on the same condition in its block when no
//! op between them may allocate (at most 32 ops apart).
//!
//! ```text
//! scf.if %own { memref.dealloc %a }            %x = memref.load %b[%i]
//! %x = memref.load %b[%i]                      scf.if %own {
//! scf.if %own { memref.dealloc %b }              memref.dealloc %a
//!                                                memref.dealloc %b
//!                                              }
//! ```
//!
//! The deallocation lowering frees each buffer at its last use, and ownership flags that were
//! distinct there (two results of one loop) become one value only when canonicalize merges
//! them, so such pairs appear after the lowering; MLIR frees both at the end of the block and
//! combines the adjacent checks. Delaying a free is always sound (the buffer is dead from its
//! old place on, and nothing else frees it), and with no allocation between the two places
//! the buffer takes no room any new buffer could have used: the peak stays the same and one
//! runtime check goes.

use super::IfOp;
use crate::dialects::memref::DeallocOp;
use crate::dialects::view::OpView;
use crate::entity::Op;
use crate::interfaces::may_allocate;
use crate::rewrite::Rewriter;

/// At most how many ops (the earlier guard included) may separate two guards that merge.
const MAX_OPS_APART: usize = 32;

/// Whether `op` is a guard: an `scf.if` without results whose then block holds only frees and
/// its yield, with no else block or an empty one.
fn is_free_guard(rw: &Rewriter, op: Op) -> bool {
    let Some(guard) = IfOp::of(rw, op) else {
        return false;
    };
    if !rw.results(op).is_empty() || rw.num_operands(op) != 1 {
        return false;
    }
    let Some(then_block) = guard.then_block(rw) else {
        return false;
    };
    let last = rw.last_op(then_block);
    let only_frees = rw
        .block_ops(then_block)
        .all(|o| DeallocOp::is(rw, o) || Some(o) == last);
    let else_is_empty = guard
        .else_block(rw)
        .is_none_or(|b| rw.block_ops(b).count() <= 1);
    only_frees && else_is_empty && rw.next_block(then_block).is_none()
}

/// `next`, a guard, takes over the frees of the nearest earlier guard of its block on the same
/// condition, when no op between them may allocate.
pub(super) fn if_merge_free_guards(rw: &mut Rewriter, next: Op) -> bool {
    let Some(earlier) = earlier_guard_on_same_condition(rw, next) else {
        return false;
    };
    let mut between = rw.prev_op(next);
    for _ in 0..MAX_OPS_APART {
        match between {
            Some(op) if op == earlier => {
                move_frees(rw, earlier, next);
                return true;
            }
            Some(op) if !may_allocate(rw, op) => between = rw.prev_op(op),
            _ => return false,
        }
    }
    false
}

/// The nearest guard before the guard `next` in its block on the same condition, found among
/// the condition's users (a condition has few; most ops are no guard).
fn earlier_guard_on_same_condition(rw: &Rewriter, next: Op) -> Option<Op> {
    if !IfOp::is(rw, next) || !rw.results(next).is_empty() || rw.num_operands(next) != 1 {
        return None;
    }
    let condition = rw.operand(next, 0);
    let block = rw.op_parent(next)?;
    let is_earlier_guard = |user: Op| {
        user != next
            && rw.op_parent(user) == Some(block)
            && IfOp::is(rw, user)
            && rw.operand(user, 0) == condition
            && rw.is_before_in_block(user, next)
            && is_free_guard(rw, user)
    };
    let nearest = rw
        .uses(condition)
        .map(|(user, _)| user)
        .filter(|&user| is_earlier_guard(user))
        .reduce(|a, b| if rw.is_before_in_block(a, b) { b } else { a })?;
    is_free_guard(rw, next).then_some(nearest)
}

/// Moves the frees of guard `from` to the start of guard `into`'s then block, in order, and
/// erases `from`.
fn move_frees(rw: &mut Rewriter, from: Op, into: Op) {
    let (Some(from_block), Some(into_block)) = (
        IfOp::of(rw, from).and_then(|g| g.then_block(rw)),
        IfOp::of(rw, into).and_then(|g| g.then_block(rw)),
    ) else {
        return;
    };
    let Some(first) = rw.first_op(into_block) else {
        return;
    };
    let frees: Vec<Op> = rw
        .block_ops(from_block)
        .filter(|&o| DeallocOp::is(rw, o))
        .collect();
    for free in frees {
        rw.move_op_before(free, first);
    }
    rw.erase_op(from);
}
