//! The `scf` dialect: structured control flow with region-branch interfaces.

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
