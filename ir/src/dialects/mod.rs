//! The dialects we ship, each registering its ops in the [`Registry`].
//!
//! Each module defines its ops' traits, interfaces, custom syntax (exactly as `mlir-opt-22`
//! prints it), verifier and result-name hints. [`syntax`] holds helpers shared by the custom
//! parsers and printers.
//! Ops are declared with the `declare_ops!` DSL of `decl.rs` (counts, traits, attributes,
//! effects, syntax, verifier, hints, interfaces: one entry per op).

use crate::registry::Registry;

pub mod affine;
pub mod allocation;
pub mod arith;
pub mod bufferization;
pub mod builtin;
pub mod cf;
pub mod deallocation;
mod decl;
pub mod func;
pub mod index;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod scf;
pub mod shape;
pub mod syntax;
pub mod tensor;
pub mod test;
#[cfg(test)]
pub(crate) mod test_corpus;
pub mod ub;
pub mod vector;
pub mod view;

/// Registers every built-in dialect.
pub fn register_all(reg: &mut Registry) {
    builtin::register(reg);
    func::register(reg);
    arith::register(reg);
    affine::register(reg);
    math::register(reg);
    index::register(reg);
    ub::register(reg);
    vector::register(reg);
    cf::register(reg);
    scf::register(reg);
    shape::register(reg);
    memref::register(reg);
    bufferization::register(reg);
    tensor::register(reg);
    linalg::register(reg);
    deallocation::register(reg);
    test::register(reg);
    for counts in [
        affine::COUNTS,
        index::COUNTS,
        linalg::COUNTS,
        math::COUNTS,
        ub::COUNTS,
        vector::COUNTS,
    ] {
        reg.declare_counts(counts);
    }
    register_canonicalizations(reg);
    allocation::register(reg);
}

/// Registers the canonicalization folders and patterns of the dialects' ops.
fn register_canonicalizations(reg: &mut Registry) {
    arith::canonicalize::register(reg);
    cf::canonicalize::register(reg);
    scf::canonicalize::register(reg);
    memref::canonicalize::register(reg);
    bufferization::canonicalize::register(reg);
}
