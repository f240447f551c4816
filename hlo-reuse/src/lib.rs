//! The MLIR-HLO deallocation strategy (seed 004): ownership indicators carried as values,
//! `deallocation.retain` before terminators, its simplification and lowering to `scf`, and the
//! buffer-reuse passes (reuse, copy elision, hoisting, double buffering).
//!
//! - [`hlo_deallocate`] (`hlo-deallocate`) inserts `deallocation.own` and
//!   `deallocation.retain`, threading indicators through regions, branches and calls;
//! - [`hlo_deallocation_simplification`] (`hlo-deallocation-simplification`) removes retains
//!   of null indicators and turns those of one owned alloc into `memref.dealloc`;
//! - [`hlo_deallocation_to_scf`] (`hlo-deallocation-to-scf`) lowers the small retains to
//!   `scf.if` chains;
//! - [`hlo_lower_deallocation`] (`hlo-lower-deallocation`) lowers what is left of the dialect
//!   to `func`, `scf`, `arith` and `memref`, indicators becoming `i1`;
//! - [`hlo_deallocate_and_lower`] (`hlo-deallocate-and-lower`) runs the four steps above as one
//!   pass, as the `hlo-deallocation-pipeline` does;
//! - [`hlo_split_alloc_tensors`] (`hlo-split-alloc-tensors`) gives each use of an
//!   `alloc_tensor` its own, before bufferization.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The deallocation strategy (issue 16).
mod always_set;
mod carriers;
mod constants;
mod deallocate;
mod flow;
mod fused;
mod lower;
mod op_names;
mod simplify;
mod split_alloc_tensors;
mod to_scf;
mod union_find;
pub use deallocate::{HloDeallocateOptions, hlo_deallocate};
pub use fused::{HloDeallocateAndLowerOptions, hlo_deallocate_and_lower};
pub use lower::{HloLowerOptions, hlo_lower_deallocation};
pub use simplify::{HloSimplificationOptions, hlo_deallocation_simplification};
pub use split_alloc_tensors::{SplitAllocTensorsOptions, hlo_split_alloc_tensors};
pub use to_scf::{HloToScfOptions, hlo_deallocation_to_scf, lower_retain};

// Buffer reuse (issue 17).
mod reuse;
pub use reuse::{BufferReuseOptions, hlo_buffer_reuse};
