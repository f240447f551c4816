//! The MLIR-HLO `deallocation` dialect: `own`, `null`, `retain`, `get_buffer`, `free`.

use crate::registry::Registry;

/// Registers the ops of this dialect.
pub fn register(_reg: &mut Registry) {}
