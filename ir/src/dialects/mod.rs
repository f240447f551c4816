//! The dialects we ship, each registering its ops in the [`Registry`].
//!
//! Each module defines its ops' traits, interfaces, custom syntax (exactly as `mlir-opt-22`
//! prints it), verifier and result-name hints. [`syntax`] holds helpers shared by the custom
//! parsers and printers.

use crate::registry::Registry;

pub mod arith;
pub mod bufferization;
pub mod builtin;
pub mod cf;
pub mod deallocation;
mod decl;
pub mod func;
pub mod memref;
pub mod scf;
pub mod syntax;
pub mod tensor;
pub mod test;
pub mod view;

/// Registers every built-in dialect.
pub fn register_all(reg: &mut Registry) {
    builtin::register(reg);
    func::register(reg);
    arith::register(reg);
    cf::register(reg);
    scf::register(reg);
    memref::register(reg);
    bufferization::register(reg);
    tensor::register(reg);
    deallocation::register(reg);
    test::register(reg);
    declare_implicit_terminators(reg);
}

/// Ops whose regions end with an implicit terminator of a fixed kind.
const IMPLICIT_TERMINATORS: &[(&str, &str)] = &[
    ("scf.for", "scf.yield"),
    ("scf.if", "scf.yield"),
    ("scf.parallel", "scf.reduce"),
    ("scf.forall", "scf.forall.in_parallel"),
];

fn declare_implicit_terminators(reg: &mut Registry) {
    for (op, term) in IMPLICIT_TERMINATORS {
        if let Some(def) = reg.def_mut(op) {
            def.implicit_terminator = Some(term);
        }
    }
}
