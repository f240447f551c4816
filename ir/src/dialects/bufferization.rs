//! The `bufferization` dialect: `dealloc`, `clone`, `alloc_tensor`, `to_buffer`, `to_tensor`.

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
