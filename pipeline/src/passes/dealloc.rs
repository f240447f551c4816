//! Deallocation passes: `ownership-based-buffer-deallocation`, `expand-realloc`.

use dealloc::{DeallocOptions, ExpandReallocOptions};

use crate::pass::{Declaration, Kind};
use crate::pass_option;

/// `ownership-based-buffer-deallocation`.
pub static OWNERSHIP_BASED_BUFFER_DEALLOCATION: Declaration<DeallocOptions> = Declaration {
    name: "ownership-based-buffer-deallocation",
    summary: "Free every buffer exactly once, guided by i1 ownership indicators",
    description: "Walks each function's blocks in dominance order, tracking for every memref \
                  whether the block owns it (an i1 that may be known only at runtime). Before \
                  each terminator a bufferization.dealloc frees the owned buffers that do not \
                  flow on; the indicators of those that do are passed along with them. \
                  Returned buffers the function may not own are cloned. The input must not \
                  free buffers itself, except through memref.realloc.",
    options: &[pass_option!(
        "private-function-dynamic-ownership",
        private_function_dynamic_ownership: bool,
        "Give private functions one extra i1 result per memref result saying whether the \
         caller receives ownership, instead of cloning what the callee does not own"
    )],
    kind: Kind::pass(|ctx, root, options, _| dealloc::deallocate_buffers(ctx, root, options)),
};

/// `expand-realloc`.
pub static EXPAND_REALLOC: Declaration<ExpandReallocOptions> = Declaration {
    name: "expand-realloc",
    summary: "Rewrite memref.realloc as allocate, copy and free",
    description: "Replaces each memref.realloc with code that, when the buffer grows, allocates \
                  the new size, copies the old contents and frees the old buffer, and otherwise \
                  reinterprets the old buffer at the smaller size. Run it before the \
                  ownership-based pass, which cannot see through a realloc.",
    options: &[pass_option!(
        "emit-deallocs",
        emit_deallocs: bool,
        "Free the old buffer after the copy; turn off when a deallocation pass runs next \
         and frees it"
    )],
    kind: Kind::pass(|ctx, root, options, _| dealloc::expand_realloc(ctx, root, options)),
};

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] =
    &[&OWNERSHIP_BASED_BUFFER_DEALLOCATION, &EXPAND_REALLOC];
