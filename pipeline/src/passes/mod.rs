//! The declarations of every pass and named pipeline, one module per family. Each is a
//! `static` [`Declaration`](crate::pass::Declaration): see [`crate::pass`].

use crate::pass::Registered;

mod analysis;
mod basic;
mod dealloc;
mod hoisting;
mod lower;
mod simplify;

/// Every registered pass and pipeline, in family order.
pub fn all() -> &'static [&'static dyn Registered] {
    static ALL: [&dyn Registered; 17] = [
        &basic::STRIP_DEBUGINFO,
        &basic::VERIFY,
        &analysis::TEST_PRINT_DOMINANCE,
        &analysis::TEST_PRINT_LIVENESS,
        &analysis::TEST_PRINT_BUFFER_ORIGIN,
        &dealloc::OWNERSHIP_BASED_BUFFER_DEALLOCATION,
        &dealloc::EXPAND_REALLOC,
        &simplify::CANONICALIZE,
        &simplify::CSE,
        &simplify::BUFFER_DEALLOCATION_SIMPLIFICATION,
        &simplify::BUFFER_DEALLOCATION_PIPELINE,
        &lower::BUFFERIZATION_LOWER_DEALLOCATIONS,
        &lower::CONVERT_BUFFERIZATION_TO_MEMREF,
        &hoisting::BUFFER_HOISTING,
        &hoisting::BUFFER_LOOP_HOISTING,
        &hoisting::PROMOTE_BUFFERS_TO_STACK,
        &hoisting::OPTIMIZE_ALLOCATION_LIVENESS,
    ];
    &ALL
}
