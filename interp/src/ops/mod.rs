//! Semantics of op families, as pure functions on [`Val`](crate::value::Val)s (arith, floats)
//! or on the executor's state (memref, bufferization, deallocation, affine, vector).

pub mod affine;
pub mod arith;
pub mod float;
pub mod index;
pub mod linalg;
pub mod math;
pub mod memory;
pub mod vector;
