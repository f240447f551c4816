//! The upstream `test` dialect ops used by deallocation tests (`test.copy`, `test.buffer_based`...).

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
