//! Op kinds by interned name, resolved once per pass: the walks over every op of a function
//! compare name ids, where an op view's `is` compares the name's text.

use ir::{Context, Op, OpName};
use smallvec::SmallVec;

/// A set of op kinds (those not registered in the context are left out: no op has them).
pub(crate) struct OpKinds(SmallVec<[OpName; 6]>);

impl OpKinds {
    /// The kinds named `names` (each an op view's `NAME`).
    pub(crate) fn new(ctx: &Context, names: &[&str]) -> Self {
        OpKinds(
            names
                .iter()
                .filter_map(|name| ctx.registry.lookup(name))
                .collect(),
        )
    }

    /// Whether `op` has one of the kinds.
    pub(crate) fn contains(&self, ctx: &Context, op: Op) -> bool {
        self.0.contains(&ctx.op_name(op))
    }
}
