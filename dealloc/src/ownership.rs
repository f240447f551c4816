//! The ownership lattice: `Uninitialized < Unique(indicator) < Unknown`.

use ir::{AttrData, Context, Traits, TypeData, Value};

/// What is known about whether a block owns (must free) a memref value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Ownership {
    /// Nothing recorded yet.
    #[default]
    Uninitialized,
    /// Owned exactly when this `i1` value is true.
    Unique(Value),
    /// Conflicting indicators were joined.
    Unknown,
}

impl Ownership {
    /// Joins two ownerships: equal indicators (same value or same constant) stay unique.
    pub fn combine(self, other: Ownership, ctx: &Context) -> Ownership {
        match (self, other) {
            (Ownership::Uninitialized, x) | (x, Ownership::Uninitialized) => x,
            (Ownership::Unique(a), Ownership::Unique(b)) if same_indicator(ctx, a, b) => self,
            _ => Ownership::Unknown,
        }
    }

    /// The indicator of a unique ownership.
    pub fn indicator(self) -> Option<Value> {
        match self {
            Ownership::Unique(v) => Some(v),
            _ => None,
        }
    }
}

/// Whether two `i1` values are the same value or equal integer constants.
fn same_indicator(ctx: &Context, a: Value, b: Value) -> bool {
    a == b || matches!((constant_int(ctx, a), constant_int(ctx, b)), (Some(x), Some(y)) if x == y)
}

/// The value of an integer constant (`arith.constant` or any constant-like op), if `v` is one.
pub fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    let attr = ctx.get_attr(op, "value")?;
    match ctx.attr_data(attr) {
        AttrData::Integer { value, .. } => Some(*value),
        AttrData::Bool(b) => Some(i128::from(*b)),
        _ => None,
    }
}

/// The value of an `i1` constant, if `v` is one.
pub fn constant_bool(ctx: &Context, v: Value) -> Option<bool> {
    match ctx.type_data(ctx.value_type(v)) {
        TypeData::Integer { width: 1, .. } => constant_int(ctx, v).map(|x| x != 0),
        _ => None,
    }
}
