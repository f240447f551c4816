//! Hoisting and stack promotion: `buffer-hoisting`, `buffer-loop-hoisting`,
//! `promote-buffers-to-stack`, `optimize-allocation-liveness`, each on every `func.func`.

use hoisting::{HoistOptions, LivenessOptions, PromoteOptions};

use crate::pass::{Declaration, Kind};
use crate::pass_option;
use crate::pipeline_text::PipelineElement;

/// The `peak-safe` option of both hoisting passes.
const PEAK_SAFE_HOISTING: [crate::options::OptionDecl<HoistOptions>; 1] = [pass_option!(
    "peak-safe",
    peak_safe: bool,
    "Skip every move that would keep the buffer alive over another allocation or a call, so \
     the heap and stack peak cannot grow"
)];

/// `buffer-hoisting`.
pub static BUFFER_HOISTING: Declaration<HoistOptions> = Declaration {
    name: "buffer-hoisting",
    summary: "Move heap allocations up to where every use of the buffer is dominated",
    description: "Moves each memref.alloc (through the allocation interface) to the block that \
                  dominates the buffer, its aliases and all their uses, never above the values \
                  its sizes come from and never out of a loop. The number of allocations does \
                  not change; buffers become available earlier, which the copy-insertion \
                  strategy needs fewer clones for.",
    options: &PEAK_SAFE_HOISTING,
    kind: Kind::per_function(|ctx, root, options, _| hoisting::buffer_hoisting(ctx, root, options)),
};

/// `buffer-loop-hoisting`.
pub static BUFFER_LOOP_HOISTING: Declaration<HoistOptions> = Declaration {
    name: "buffer-loop-hoisting",
    summary: "Move allocations out of sequential loops whose trips never hand the buffer on",
    description: "Moves memref.alloc and memref.alloca out of scf.for, scf.while and other \
                  loop-like ops when their sizes are defined outside and no trip passes the \
                  buffer to the next one, so the loop allocates once instead of once per trip. \
                  Parallel loops (scf.parallel, scf.forall) keep their buffers: each instance \
                  needs its own.",
    options: &PEAK_SAFE_HOISTING,
    kind: Kind::per_function(|ctx, root, options, _| {
        hoisting::buffer_loop_hoisting(ctx, root, options)
    }),
};

/// `promote-buffers-to-stack`.
pub static PROMOTE_BUFFERS_TO_STACK: Declaration<PromoteOptions> = Declaration {
    name: "promote-buffers-to-stack",
    summary: "Turn small, never-freed heap allocations that stay in their scope into stack ones",
    description: "Replaces a memref.alloc by a memref.alloca when the program never frees it, \
                  no alias of it is returned from its automatic allocation scope, and it is \
                  small: a static size within the byte limit, or a dynamic size of low rank \
                  made of memref.rank results.",
    options: &[
        pass_option!(
            "bitwidth-of-index-type",
            bitwidth_of_index_type: u32,
            "Bits of one index element when sizing an allocation, where no data layout (dlti.dl_spec) gives them"
        ),
        pass_option!(
            "max-alloc-size-in-bytes",
            max_alloc_size_in_bytes: u32,
            "Largest static allocation to promote, in bytes"
        ),
        pass_option!(
            "max-rank-of-allocated-memref",
            max_rank_of_allocated_memref: u32,
            "Largest rank of a dynamically sized allocation to promote"
        ),
        pass_option!(
            "peak-safe",
            peak_safe: bool,
            "Promote only buffers whose longer life on the stack (to the end of the scope) \
             spans no other allocation or call, and none a loop allocates on every trip"
        ),
    ],
    kind: Kind::per_function(|ctx, root, options, _| {
        hoisting::promote_buffers_to_stack(ctx, root, options)
    }),
};

/// `optimize-allocation-liveness`.
pub static OPTIMIZE_ALLOCATION_LIVENESS: Declaration<LivenessOptions> = Declaration {
    name: "optimize-allocation-liveness",
    summary: "Move each free up to right after the last use of its buffer",
    description: "For a buffer freed in the block that allocates it, moves the free right after \
                  the last op of that block using the buffer or an alias of it, so the memory \
                  comes back sooner. Conditional frees, frees elsewhere and buffers that escape \
                  the block stay as they are.",
    options: &[],
    kind: Kind::per_function(|ctx, root, options, _| {
        hoisting::optimize_allocation_liveness(ctx, root, options)
    }),
};

/// What a named pipeline's `hoist` option runs before deallocation: the peak-safe forms of
/// both hoisting passes and of stack promotion.
pub fn before_deallocation() -> Vec<PipelineElement> {
    let peak_safe = HoistOptions { peak_safe: true };
    vec![
        BUFFER_HOISTING.element(&peak_safe),
        BUFFER_LOOP_HOISTING.element(&peak_safe),
        PROMOTE_BUFFERS_TO_STACK.element(&PromoteOptions {
            peak_safe: true,
            ..PromoteOptions::default()
        }),
    ]
}

/// What a named pipeline's `hoist` option runs after deallocation: frees moved up to the last
/// use of their buffers.
pub fn after_deallocation() -> Vec<PipelineElement> {
    vec![OPTIMIZE_ALLOCATION_LIVENESS.element(&LivenessOptions)]
}

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[
    &BUFFER_HOISTING,
    &BUFFER_LOOP_HOISTING,
    &PROMOTE_BUFFERS_TO_STACK,
    &OPTIMIZE_ALLOCATION_LIVENESS,
];
