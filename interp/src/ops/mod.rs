//! Semantics of op families, as pure functions on [`Val`](crate::value::Val)s (arith, floats)
//! or on the executor's state (memref, bufferization, deallocation).

pub mod arith;
pub mod float;
pub mod linalg;
pub mod memory;
