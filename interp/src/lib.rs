//! `interp`: the reference interpreter, the oracle that judges every deallocation strategy.
//!
//! A program is judged by running it: the executor (added on top of this crate's IR-independent
//! core) walks the IR and performs every memory operation through a [`heap::Heap`], a checked
//! heap that diagnoses what a sanitizer would (use after free, double and invalid frees,
//! out-of-bounds accesses, reads of memory never written, leaks at the end of the entry
//! function) and measures what a strategy costs (allocations, frees, peak and ideal peak bytes,
//! bytes copied, clones, runtime alias checks, ops executed). The run ends in a
//! [`report::Report`], rendered as JSON or as a table. Observable output comes from the print
//! functions of MLIR's C runner utilities, reproduced byte for byte in [`runner_utils`].
//!
//! Invariants of the whole crate:
//! - Deterministic: the same program gives the same output, addresses and report, every run
//!   (no hash-map iteration reaches output; addresses come from per-region bump cursors).
//! - A user program's mistake is a diagnostic, never a panic of the interpreter.
//! - The core modules ([`heap`], [`report`], [`runner_utils`], [`scalar`]) know nothing of the
//!   IR: the heap is generic over the location type `L: Clone + Display` the executor supplies.
#![forbid(unsafe_code)]

pub mod decode;
pub mod exec;
pub mod heap;
pub mod jit;
pub mod ops;
pub mod outcome;
pub mod program;
pub mod report;
pub mod runner_utils;
pub mod scalar;
pub mod value;

pub use exec::{RunConfig, RunError, RunErrorKind, RunOutcome, run_function};
