//! Ownership-based buffer deallocation (`ownership-based-buffer-deallocation`) and
//! `expand-realloc`.
//!
//! [`deallocate_buffers`] inserts `bufferization.dealloc` ops so that every buffer allocated in a
//! `func.func` is freed exactly once, tracking an `i1` ownership indicator per memref value and
//! block, as MLIR 22's pass does (see `ARCHITECTURE.md` and the module docs of [`pass`]).
//! [`expand_realloc`] rewrites `memref.realloc` into alloc + copy (+ dealloc).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod expand_realloc;
pub mod extensions;
pub mod ownership;
pub mod pass;

pub use expand_realloc::{ExpandReallocOptions, expand_realloc};
pub use extensions::{Extensions, MaterializeFn, OpBehaviour, ProcessFn};
pub use ownership::Ownership;
pub use pass::{DeallocOptions, DeallocState, deallocate_buffers, deallocate_buffers_with};
