//! The allocation interfaces and loop traits of the built-in ops, declared in one place.
//!
//! - `memref.alloc` allocates on the heap: it may be hoisted to dominating blocks and out of
//!   loops, and promoted to a `memref.alloca` with the same type, operands and attributes.
//! - `memref.alloca` allocates in the enclosing automatic allocation scope: it may only be
//!   hoisted out of loops (a dominating block could lie in another scope instance's path).
//! - `memref.copy` copies operand 0 into operand 1 (the copy interface `copy-removal` reads).
//! - `scf.for`, `scf.while`, `scf.parallel`, `scf.forall`, `affine.for` and `affine.parallel`
//!   are loops; the parallel ones run their body in parallel instances
//!   (`HAS_PARALLEL_REGION`), so nothing is hoisted out of them.
//!
//! ```text
//! %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
//! // promoted:
//! %a = memref.alloca(%n) {alignment = 64 : i64} : memref<?xf32>
//! ```

use crate::Builder;
use crate::dialects::memref::{AllocaOp, CopyOp};
use crate::dialects::view::OpView;
use crate::entity::Op;
use crate::registry::{AllocationInterface, CopyInterface, HoistingKind, Registry, Traits};

/// Loops, and whether their body runs in parallel instances.
const LOOPS: &[(&str, bool)] = &[
    ("scf.for", false),
    ("scf.while", false),
    ("scf.parallel", true),
    ("scf.forall", true),
    ("affine.for", false),
    ("affine.parallel", true),
];

/// Declares the allocation interfaces and loop traits of the built-in ops.
pub(crate) fn register(reg: &mut Registry) {
    if let Some(def) = reg.def_mut("memref.alloc") {
        def.allocation = Some(AllocationInterface {
            hoisting: HoistingKind {
                out_of_loops: true,
                to_dominators: true,
            },
            promote_to_stack: Some(promote_alloc_to_alloca),
        });
    }
    if let Some(def) = reg.def_mut("memref.alloca") {
        def.allocation = Some(AllocationInterface {
            hoisting: HoistingKind {
                out_of_loops: true,
                to_dominators: false,
            },
            promote_to_stack: None,
        });
    }
    if let Some(def) = reg.def_mut(CopyOp::NAME) {
        def.copy = Some(CopyInterface {
            source: 0,
            target: 1,
        });
    }
    for &(name, parallel) in LOOPS {
        if let Some(def) = reg.def_mut(name) {
            def.traits = def.traits | Traits::LOOP_LIKE;
            if parallel {
                def.traits = def.traits | Traits::HAS_PARALLEL_REGION;
            }
        }
    }
}

/// `memref.alloc` → `memref.alloca` with the same result type, operands and attributes.
fn promote_alloc_to_alloca(b: &mut Builder, alloc: Op) -> Op {
    let mut state = b.state(AllocaOp::NAME);
    state.operands = b.operand_vec(alloc);
    state.result_types = vec![b.value_type(b.result(alloc, 0))];
    state.attrs = b.attrs(alloc).to_vec();
    state.loc = b.op_loc(alloc);
    b.create(state)
}
