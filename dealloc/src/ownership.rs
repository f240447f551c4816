//! The ownership lattice: `Uninitialized < Unique(indicator) < Unknown`.

use ir::dialects::arith::ConstantOp;
use ir::{Context, Value};

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
    a == b
        || matches!(
            (ConstantOp::as_int(ctx, a), ConstantOp::as_int(ctx, b)),
            (Some(x), Some(y)) if x == y
        )
}
