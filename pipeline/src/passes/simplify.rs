//! Simplification passes: `canonicalize`, `cse`, `buffer-deallocation-simplification`; and the `buffer-deallocation-pipeline`.

use crate::pass::PassInfo;

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    Vec::new()
}
