//! Analyses used by the buffer-deallocation tooling: dominance, liveness,
//! control-flow helpers and (later) buffer-origin analyses over the IR.
//!
//! The [`graph`] module is IR-independent: it works on dense `u32` node
//! indices so that per-region CFGs of blocks can be mapped onto it cheaply.

pub mod graph;
