//! Matchers patterns use to read constants and integer types (MLIR's `m_Constant`,
//! `m_One`...), through the `CONSTANT_LIKE` trait rather than op names.

use crate::attrs::AttrData;
use crate::context::Context;
use crate::entity::{Type, Value};
use crate::registry::Traits;
use crate::types::TypeData;

/// The integer value (sign-extended) of `v` when it is the result of a constant-like op with
/// an integer or boolean `value`.
pub fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    match ctx.attr_data(ctx.get_attr(op, "value")?) {
        AttrData::Integer { value, .. } => Some(*value),
        AttrData::Bool(b) => Some(i128::from(*b)),
        _ => None,
    }
}

/// `Some(bool)` when `v` is a constant `i1`.
pub fn constant_bool(ctx: &Context, v: Value) -> Option<bool> {
    if !is_i1(ctx, ctx.value_type(v)) {
        return None;
    }
    constant_int(ctx, v).map(|x| x != 0)
}

/// Whether `ty` is `i1`.
pub fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width: 1, .. })
}

/// The bit width of an integer type (64 for `index`).
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Index => Some(64),
        _ => None,
    }
}
