//! The MLIR-HLO deallocation strategy (seed 004): ownership indicators carried as values,
//! `deallocation.retain` before terminators, its simplification and lowering to `scf`, and the
//! buffer-reuse passes (reuse, copy elision, hoisting, double buffering).
//!
//! Work in progress: the passes land in this crate's modules (see `ARCHITECTURE.md`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod reuse;
pub use reuse::{BufferReuseOptions, hlo_buffer_reuse};
