//! Folders of the integer minimum/maximum ops (`arith.maxsi`, `minsi`, `maxui`, `minui`) and of
//! the integer casts (`arith.extui`, `extsi`, `trunci`) of a constant (registered as their
//! canonicalizations by `canonicalize`).

use super::canonicalize::{int_width, replace_with, wrap};
use super::{ConstantOp, ExtUIOp, MaxSIOp, MaxUIOp, MinSIOp};
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Op, Type};
use crate::rewrite::Rewriter;

/// `value` (held sign-extended) read as an unsigned number of `width` bits.
fn unsigned(value: i128, width: u32) -> u128 {
    let bits = value as u128;
    if width >= 128 {
        bits
    } else {
        bits & ((1u128 << width) - 1)
    }
}

/// Replaces `op`'s result by the constant `value` (wrapped to the result type).
fn replace_with_int(rw: &mut Rewriter, op: Op, value: i128, ty: Type, width: u32) -> bool {
    let mut b = rw.builder_before(op);
    let c = if width == 1 {
        ConstantOp::build_bool(&mut b, value & 1 != 0).result(&b)
    } else {
        ConstantOp::build_int(&mut b, wrap(value, width), ty).result(&b)
    };
    replace_with(rw, op, c)
}

/// The integer width of `ty` (not `index`: the casts of this module take integers only).
fn fixed_width(ctx: &Context, ty: Type) -> Option<u32> {
    matches!(ctx.type_data(ty), crate::types::TypeData::Integer { .. })
        .then(|| int_width(ctx, ty))
        .flatten()
}

/// `max`/`min` of two constants, or of a value with itself.
pub(super) fn fold_min_max(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 2 || rw.results(op).len() != 1 {
        return false;
    }
    let (a, b) = (rw.operand(op, 0), rw.operand(op, 1));
    if a == b {
        return replace_with(rw, op, a);
    }
    let ty = rw.value_type(a);
    let (Some(width), Some(x), Some(y)) = (
        int_width(rw, ty),
        ConstantOp::as_int(rw, a),
        ConstantOp::as_int(rw, b),
    ) else {
        return false;
    };
    let (ux, uy) = (unsigned(x, width), unsigned(y, width));
    let pick_x = if MaxSIOp::is(rw, op) {
        wrap(x, width) >= wrap(y, width)
    } else if MinSIOp::is(rw, op) {
        wrap(x, width) <= wrap(y, width)
    } else if MaxUIOp::is(rw, op) {
        ux >= uy
    } else {
        ux <= uy
    };
    replace_with_int(rw, op, if pick_x { x } else { y }, ty, width)
}

/// `extui`, `extsi` or `trunci` of a constant: the constant, zero- or sign-extended or
/// truncated to the result type.
pub(super) fn fold_cast_of_constant(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let source = rw.operand(op, 0);
    let Some(value) = ConstantOp::as_int(rw, source) else {
        return false;
    };
    let ty = rw.value_type(rw.result(op, 0));
    let (Some(from), Some(to)) = (fixed_width(rw, rw.value_type(source)), fixed_width(rw, ty))
    else {
        return false;
    };
    let value = if ExtUIOp::is(rw, op) {
        let Ok(zero_extended) = i128::try_from(unsigned(value, from)) else {
            return false;
        };
        zero_extended
    } else {
        wrap(value, from)
    };
    replace_with_int(rw, op, value, ty, to)
}
