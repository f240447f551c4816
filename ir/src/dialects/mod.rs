//! The dialects we ship, each registering its ops in the [`Registry`].
//!
//! Each module defines its ops' traits, interfaces, custom syntax (exactly as `mlir-opt-22`
//! prints it), verifier and result-name hints. [`syntax`] holds helpers shared by the custom
//! parsers and printers.
//! Ops are declared with the `declare_ops!` DSL of `decl.rs` (counts, traits, attributes,
//! effects, syntax, verifier, hints, interfaces: one entry per op).

use crate::registry::Registry;

pub mod allocation;
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
    allocation::register(reg);
}
