//! The copy-insertion deallocation strategy of MLIR up to LLVM 20 (seed 001), made sound:
//! `buffer-deallocation` places a clone at every critical alias and a free at the common
//! post-dominator of a buffer's aliases; `copy-removal` then reuses the source or the target of
//! a copy where the seed's constraints allow.
//!
//! Work in progress: the passes land in this crate's modules (see `ARCHITECTURE.md`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
