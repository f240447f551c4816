//! The dialects we ship, each registering its ops in the [`Registry`].
//!
//! Each module defines its ops' traits, interfaces, custom syntax (exactly as `mlir-opt-22`
//! prints it), verifier and result-name hints. [`syntax`] holds helpers shared by the custom
//! parsers and printers.

use crate::registry::Registry;

pub mod affine;
pub mod allocation;
pub mod arith;
pub mod bufferization;
pub mod builtin;
pub mod cf;
pub mod deallocation;
pub mod func;
pub mod index;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod scf;
pub mod syntax;
pub mod tensor;
pub mod test;
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
    memref::register(reg);
    bufferization::register(reg);
    tensor::register(reg);
    linalg::register(reg);
    deallocation::register(reg);
    test::register(reg);
    register_canonicalizations(reg);
    declare_result_counts(reg);
    declare_implicit_terminators(reg);
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

/// Ops that never have results (MLIR's ODS checks "requires zero results" for them).
const ZERO_RESULT_OPS: &[&str] = &[
    "builtin.module",
    "func.func",
    "func.return",
    "cf.br",
    "cf.cond_br",
    "cf.switch",
    "cf.assert",
    "scf.yield",
    "scf.condition",
    "scf.reduce",
    "scf.reduce.return",
    "scf.forall.in_parallel",
    "memref.dealloc",
    "memref.store",
    "memref.copy",
    "memref.global",
    "memref.alloca_scope.return",
    "bufferization.dealloc_tensor",
    "bufferization.materialize_in_destination",
    "deallocation.free",
];

fn declare_result_counts(reg: &mut Registry) {
    for name in ZERO_RESULT_OPS {
        if let Some(def) = reg.def_mut(name) {
            def.num_results = Some(0);
        }
    }
}

/// Ops whose regions end with an implicit terminator of a fixed kind.
const IMPLICIT_TERMINATORS: &[(&str, &str)] = &[
    ("scf.for", "scf.yield"),
    ("scf.if", "scf.yield"),
    ("scf.parallel", "scf.reduce"),
    ("scf.forall", "scf.forall.in_parallel"),
    ("memref.alloca_scope", "memref.alloca_scope.return"),
];

fn declare_implicit_terminators(reg: &mut Registry) {
    for (op, term) in IMPLICIT_TERMINATORS {
        if let Some(def) = reg.def_mut(op) {
            def.implicit_terminator = Some(term);
        }
    }
}
