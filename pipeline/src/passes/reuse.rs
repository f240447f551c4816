//! Buffer reuse: `hlo-buffer-reuse` on every `func.func`, and what a named pipeline's `reuse`
//! option runs after its deallocation is lowered.

use hlo_reuse::BufferReuseOptions;
use hoisting::LivenessOptions;

use crate::pass::{Declaration, Kind};
use crate::pipeline_text::PipelineElement;

use super::hoisting::OPTIMIZE_ALLOCATION_LIVENESS;

/// `hlo-buffer-reuse`.
pub static HLO_BUFFER_REUSE: Declaration<BufferReuseOptions> = Declaration {
    name: "hlo-buffer-reuse",
    summary: "Reuse freed buffers, elide copies, hoist and double-buffer loop temporaries",
    description: "Works on written-out frees (memref.alloc and memref.dealloc): frees of loop \
                  results that only permute the loop's buffers name those buffers; a buffer \
                  copied into a fresh one and freed right after replaces it; a freed buffer \
                  serves a later allocation of the same type and sizes; buffers allocated and \
                  freed on each run of a region move out of scf.for, scf.while, scf.if and \
                  other region ops; loops that free the buffer they receive and hand on a fresh \
                  one swap two buffers. No step is taken that could raise the heap or stack \
                  peak or the number of allocations (a loop that may run zero times keeps its \
                  buffers).",
    options: &[],
    kind: Kind::per_function(|ctx, root, options, _| {
        hlo_reuse::hlo_buffer_reuse(ctx, root, options)
    }),
};

/// What a named pipeline's `reuse` option runs once frees are plain `memref.dealloc`s: each
/// free moved up to its buffer's last use, so that freed buffers are there to be reused, then
/// `hlo-buffer-reuse`.
pub fn after_deallocation() -> Vec<PipelineElement> {
    vec![
        OPTIMIZE_ALLOCATION_LIVENESS.element(&LivenessOptions),
        HLO_BUFFER_REUSE.element(&BufferReuseOptions),
    ]
}

/// This family's passes, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[&HLO_BUFFER_REUSE];
