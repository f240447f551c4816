//! `canonicalize`, `cse` and `buffer-deallocation-simplification`.
//!
//! * [`canonicalize()`]: a greedy driver applying folders and rewrite patterns until a fixed
//!   point (capped), plus dead-op removal, constant deduplication and region simplification.
//! * [`cse()`]: dominance-scoped common-subexpression elimination of side-effect-free ops.
//! * [`simplify_deallocations`]: the alias-analysis-based `bufferization.dealloc` patterns.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod canonicalize;
pub mod cse;
pub mod dealloc_simplify;
mod origin_closure;

pub use canonicalize::{CanonicalizeConfig, CanonicalizeReport, StopReason, canonicalize};
pub use cse::cse;
pub use dealloc_simplify::simplify_deallocations;
