//! Analyses used by the buffer-deallocation tooling: dominance, liveness, control-flow
//! helpers, buffer view-flow / origin analyses and memory-effect queries over the IR.
//!
//! Every analysis is a plain struct computed by a function (`compute(ctx, op)`), never mutates
//! the IR, and is near-linear in the size of the analysed op. The [`graph`] module is
//! IR-independent: it works on dense `u32` node indices so that per-region CFGs of blocks can
//! be mapped onto it cheaply.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod alias;
pub mod alias_fold;
pub mod capture;
pub mod cfg;
pub mod closures;
pub mod dense;
pub mod dominance;
pub mod effects;
pub mod graph;
pub mod handover;
pub mod liveness;
pub mod loops;
pub mod print;
pub mod returns;
#[cfg(test)]
mod test_support;
