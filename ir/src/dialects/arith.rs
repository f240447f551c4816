//! The `arith` dialect: constants, integer and float arithmetic, comparisons, casts, `select`.

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
