//! Lowering passes: `bufferization-lower-deallocations`, `convert-bufferization-to-memref`.

use crate::pass::PassInfo;

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    Vec::new()
}
