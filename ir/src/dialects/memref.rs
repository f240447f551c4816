//! The `memref` dialect: allocation, access, views and metadata ops.

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
