//! A quick screen of an `scf.while` before its canonicalization patterns run
//! (`while_canonicalize`, `while_duplicates`, `while_condition`): most visits of a loop change
//! nothing, and trying the nine patterns in turn, each reading the loop's operand lists
//! again, cost several times one pass that reads each list once and answers whether any
//! pattern may apply. The screen errs only towards `true` (the patterns then decide), so the
//! patterns apply exactly as without it.
//!
//! ```text
//! %r:2 = scf.while (%a = %x, %i = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
//!   %go = arith.cmpi slt, %i, %n : index
//!   scf.condition(%go) %a, %i : memref<4xf32>, index
//! } do {
//! ^bb0(%a2: memref<4xf32>, %i2: index):
//!   %next = arith.addi %i2, %c1 : index
//!   scf.yield %a2, %next : memref<4xf32>, index
//! }
//! // %a is yielded back unchanged (%a2 is what the condition forwards from %a): the screen
//! // says a pattern may apply. Yielding a new buffer instead, with %r used, it says none does.
//! ```

use super::while_canonicalize::{
    WhileParts, forwarded_from_outside, forwards_before_args_out_of_order, gives_back_unchanged,
};
use super::while_duplicates::PAIRWISE_LIMIT;
use crate::context::Context;
use crate::dialects::arith::CmpIOp;
use crate::dialects::view::OpView;
use crate::entity::{Op, Value};
use cranelift_entity::packed_option::ReservedValue;

/// Room for an operand list the screen reads: up to [`PAIRWISE_LIMIT`] carried values and the
/// condition value.
type Buffer = [Value; PAIRWISE_LIMIT + 1];

/// A buffer to read an operand list into.
fn buffer() -> Buffer {
    [Value::reserved_value(); PAIRWISE_LIMIT + 1]
}

/// The operands of `op`, copied into `buffer` (they fit: the screen checks the counts first);
/// copying into a fixed buffer costs a fraction of collecting into a growing vector.
fn read_operands<'b>(ctx: &Context, op: Op, buffer: &'b mut Buffer) -> &'b [Value] {
    let mut len = 0;
    for (slot, value) in buffer.iter_mut().zip(ctx.operands(op)) {
        *slot = value;
        len += 1;
    }
    &buffer[..len]
}

/// Whether some `scf.while` pattern may change `op`, whose parts are `parts`; `false` only
/// when none applies.
pub(super) fn some_pattern_may_apply(ctx: &Context, op: Op, parts: &WhileParts) -> bool {
    // Beyond this many, duplicates are not looked for pair by pair: the patterns decide. The
    // operand lists then fit the buffers (`while_parts` checked that they match the counts).
    if ctx.num_operands(op).max(ctx.results(op).len()) > PAIRWISE_LIMIT {
        return true;
    }
    let (mut condition, mut inits, mut yielded) = (buffer(), buffer(), buffer());
    let condition = read_operands(ctx, parts.condition, &mut condition);
    let (condition_value, forwarded) = (condition[0], &condition[1..]);
    let lists = CarriedLists {
        inits: read_operands(ctx, op, &mut inits),
        yielded: read_operands(ctx, parts.yield_op, &mut yielded),
        forwarded,
    };
    may_change_before_args(ctx, parts, &lists)
        || may_change_after_args(ctx, op, parts, condition_value, forwarded)
        || forwards_before_args_out_of_order(ctx, forwarded, parts.before)
        || may_decide_comparison(ctx, parts, condition_value, forwarded)
}

/// Whether a pattern may change a before-region argument: nothing reads it
/// (`while_unused_before_args`), every trip gives it back unchanged
/// (`while_invariant_before_args`), or an earlier argument has its init and yielded values
/// (`while_duplicate_before_args`).
fn may_change_before_args(ctx: &Context, parts: &WhileParts, lists: &CarriedLists) -> bool {
    let (inits, yielded) = (lists.inits, lists.yielded);
    let args = ctx.block_args(parts.before);
    (0..inits.len()).any(|i| {
        !ctx.has_uses(args[i])
            || gives_back_unchanged(ctx, parts, [inits[i], yielded[i]], args[i], |j| {
                lists.forwarded[j]
            })
            || (0..i).any(|k| inits[k] == inits[i] && yielded[k] == yielded[i])
    })
}

/// The operand lists of a loop the screen reads, each once: the init values, the values the
/// after region yields and the values the condition forwards.
struct CarriedLists<'b> {
    inits: &'b [Value],
    yielded: &'b [Value],
    forwarded: &'b [Value],
}

/// Whether a pattern may change an after-region argument and the loop result beside it:
/// nothing reads either (`while_unused_results`), or one is read and the condition fills them
/// with a value defined outside the loop (`while_invariant_forwarded_values`) or with a value
/// it forwards at an earlier position (`while_duplicate_forwarded_values`), or the argument is
/// read and filled with the condition value itself (`while_condition_truth`).
fn may_change_after_args(
    ctx: &Context,
    op: Op,
    parts: &WhileParts,
    condition_value: Value,
    forwarded: &[Value],
) -> bool {
    let (args, results) = (ctx.block_args(parts.after), ctx.results(op));
    (0..forwarded.len()).any(|j| {
        let arg_used = ctx.has_uses(args[j]);
        let value = forwarded[j];
        (!arg_used && !ctx.has_uses(results[j]))
            || (arg_used && value == condition_value)
            || forwarded[..j].contains(&value)
            || forwarded_from_outside(ctx, op, parts, value)
    })
}

/// Whether `while_cmp_cond` may apply: an after-region argument the condition fills with an
/// operand of its `arith.cmpi` has an `arith.cmpi` user reading it at the same position.
fn may_decide_comparison(
    ctx: &Context,
    parts: &WhileParts,
    condition_value: Value,
    forwarded: &[Value],
) -> bool {
    let Some(cmp) = ctx
        .defining_op(condition_value)
        .filter(|&d| CmpIOp::is(ctx, d))
    else {
        return false;
    };
    let compared = [ctx.operand(cmp, 0), ctx.operand(cmp, 1)];
    let args = ctx.block_args(parts.after);
    forwarded.iter().zip(args).any(|(value, &arg)| {
        compared.iter().enumerate().any(|(position, operand)| {
            value == operand
                && ctx
                    .uses(arg)
                    .any(|(user, index)| index == position && CmpIOp::is(ctx, user))
        })
    })
}
