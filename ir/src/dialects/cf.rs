//! The `cf` dialect: `br`, `cond_br`, `assert`, `switch`.

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
