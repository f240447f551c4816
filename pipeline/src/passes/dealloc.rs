//! Deallocation passes: `ownership-based-buffer-deallocation`, `expand-realloc`.

use crate::pass::PassInfo;

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    Vec::new()
}
