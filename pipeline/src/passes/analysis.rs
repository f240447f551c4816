//! Analysis printers: `--test-print-dominance`, `--test-print-liveness`, `--test-print-buffer-origin`.

use crate::pass::PassInfo;

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    Vec::new()
}
