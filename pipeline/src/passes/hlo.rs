//! The MLIR-HLO deallocation strategy (`hlo-reuse` crate): `hlo-deallocate`,
//! `hlo-deallocation-simplification`, `hlo-deallocation-to-scf`, `hlo-lower-deallocation`,
//! `hlo-split-alloc-tensors`, `hlo-deallocate-and-lower` (the first four as one pass), and the
//! `hlo-deallocation-pipeline`.

use hlo_reuse::{
    HloDeallocateAndLowerOptions, HloDeallocateOptions, HloLowerOptions, HloSimplificationOptions,
    HloToScfOptions, SplitAllocTensorsOptions,
};
use simplify::CanonicalizeOptions;

use crate::pass::{Declaration, Kind};
use crate::pass_option;

use super::simplify::CANONICALIZE;
use super::strategy::{HOIST_HELP, REUSE_HELP, around_deallocation};

/// `hlo-deallocate`.
pub static HLO_DEALLOCATE: Declaration<HloDeallocateOptions> = Declaration {
    name: "hlo-deallocate",
    summary: "Free buffers with MLIR-HLO's ownership indicators and deallocation.retain",
    description: "Pairs every memref that crosses a region, branch or function boundary with a \
                  !deallocation.ownership value (null when not owned), owns each allocation \
                  with deallocation.own, and before each block terminator keeps what the block \
                  hands on and frees the rest with deallocation.retain, one per alias class. \
                  Function arguments are never owned; every memref result of a defined \
                  function gets an ownership result. A memref.realloc of a buffer without \
                  indicator (a function argument) becomes an allocation and a copy that \
                  leave the old buffer alone.",
    options: &[pass_option!(
        "refuse-unowned-realloc",
        refuse_unowned_realloc: bool,
        "Reject a memref.realloc of a buffer without ownership indicator, as MLIR-HLO does \
         (\"unable to find ownership indicator for operand\"), instead of expanding it"
    )],
    kind: Kind::pass(|ctx, root, options, _| hlo_reuse::hlo_deallocate(ctx, root, options)),
};

/// `hlo-deallocation-simplification`.
pub static HLO_DEALLOCATION_SIMPLIFICATION: Declaration<HloSimplificationOptions> = Declaration {
    name: "hlo-deallocation-simplification",
    summary: "Remove retains of null indicators, turn frees of owned ones into memref.dealloc",
    description: "Tracks which ownership indicators are always null, never null or either, \
                      through region arguments and results; a retain whose indicators are all \
                      null disappears, a retain that keeps nothing and frees one never-null \
                      indicator becomes memref.dealloc of its buffer, and a deallocation.own \
                      whose indicator reaches no retain becomes deallocation.null.",
    options: &[],
    kind: Kind::per_function(|ctx, root, options, _| {
        hlo_reuse::hlo_deallocation_simplification(ctx, root, options)
    }),
};

/// `hlo-deallocation-to-scf`.
pub static HLO_DEALLOCATION_TO_SCF: Declaration<HloToScfOptions> = Declaration {
    name: "hlo-deallocation-to-scf",
    summary: "Lower retains with one retained memref or one indicator to scf.if chains",
    description: "Compares buffer addresses (deallocation.get_buffer) in a chain of scf.if ops, \
                  one per pair of retained memref and indicator, then frees every indicator \
                  nothing claimed; retains with several of both are left for \
                  hlo-lower-deallocation.",
    options: &[pass_option!(
        "decide-statically",
        decide_statically: bool,
        "Emit no comparison the indicators' carriers decide (a retained memref claims the \
         alloc it carries when that is set; null allocs are dropped), pick the other results \
         with arith.select, free unclaimed allocs untested, and lower retains with several \
         retained memrefs and allocs too when few comparisons remain"
    )],
    kind: Kind::per_function(|ctx, root, options, _| {
        hlo_reuse::hlo_deallocation_to_scf(ctx, root, options)
    }),
};

/// `hlo-lower-deallocation`.
pub static HLO_LOWER_DEALLOCATION: Declaration<HloLowerOptions> = Declaration {
    name: "hlo-lower-deallocation",
    summary: "Lower the deallocation dialect to func, scf, arith and memref",
    description: "Ownership indicators become i1 values next to the memref whose allocation \
                  they own; deallocation.free becomes a guarded memref.dealloc, and a retain \
                  a call of a generated helper function comparing buffer addresses, followed \
                  by guarded memref.dealloc ops.",
    options: &[],
    kind: Kind::pass(|ctx, root, options, _| hlo_reuse::hlo_lower_deallocation(ctx, root, options)),
};

/// `hlo-deallocate-and-lower`.
pub static HLO_DEALLOCATE_AND_LOWER: Declaration<HloDeallocateAndLowerOptions> = Declaration {
    name: "hlo-deallocate-and-lower",
    summary: "Run hlo-deallocate, its simplification, to-scf and lowering as one pass",
    description: "hlo-deallocate, then hlo-deallocation-simplification and \
                  hlo-deallocation-to-scf{decide-statically} on each function, then \
                  hlo-lower-deallocation, each step as its own pass does it; only the IR \
                  between the steps, whose deallocation ops the next step replaces, goes \
                  unverified. The hlo-deallocation-pipeline runs this.",
    options: &[],
    kind: Kind::pass(|ctx, root, options, _| {
        hlo_reuse::hlo_deallocate_and_lower(ctx, root, options)
    }),
};

/// `hlo-split-alloc-tensors`.
pub static HLO_SPLIT_ALLOC_TENSORS: Declaration<SplitAllocTensorsOptions> = Declaration {
    name: "hlo-split-alloc-tensors",
    summary: "Give every use of a bufferization.alloc_tensor a copy of its own",
    description: "Before bufferization: each operand defined by an alloc_tensor is replaced by \
                  a copy created right before its user, so that each use bufferizes to its own \
                  short-lived buffer.",
    options: &[],
    kind: Kind::per_function(|ctx, root, options, _| {
        hlo_reuse::hlo_split_alloc_tensors(ctx, root, options)
    }),
};

/// The options of the `hlo-deallocation-pipeline`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HloDeallocationPipelineOptions {
    /// Hoist and promote allocations first (peak-safe forms) and move frees up last.
    pub hoist: bool,
    /// Run `hlo-buffer-reuse` last.
    pub reuse: bool,
}

/// `hlo-deallocation-pipeline`.
pub static HLO_DEALLOCATION_PIPELINE: Declaration<HloDeallocationPipelineOptions> = Declaration {
    name: "hlo-deallocation-pipeline",
    summary: "Add, simplify and lower all deallocations the MLIR-HLO way",
    description: "Runs hlo-deallocate, hlo-deallocation-simplification, \
                  hlo-deallocation-to-scf, hlo-lower-deallocation (as one pass, \
                  hlo-deallocate-and-lower) and canonicalize, so that the output uses upstream \
                  dialects only. The input must \
                  free nothing itself except through memref.dealloc and memref.realloc of \
                  buffers it owns.",
    options: &[
        pass_option!("hoist", hoist: bool, HOIST_HELP),
        pass_option!("reuse", reuse: bool, REUSE_HELP),
    ],
    kind: Kind::Pipeline {
        expand: |options| {
            // XLA ran buffer reuse between the two simplifications. Ours works on plain
            // memref.alloc/dealloc (so that every strategy gets it) and sees a retain as an
            // unknown op that may free anything, so the `reuse` option runs it after the
            // lowering instead, where it finds every opportunity.
            // XLA's second simplification cleaned up after buffer reuse; with nothing between,
            // it would find nothing to do (the simplification reaches its fixpoint in one run:
            // the nullability is solved to a fixpoint, and an own becomes null only when its
            // indicator reaches no retain), so it is not run.
            // The four steps run as one pass: verifying the deallocation ops between them,
            // which the next step replaces, cost about as much as the steps.
            let deallocation = [
                HLO_DEALLOCATE_AND_LOWER.element(&HloDeallocateAndLowerOptions),
                // XLA canonicalized right after the first simplification, to drop iteration
                // arguments made redundant. Here it runs after the lowering: earlier, its
                // folds of scf.if memref results into select would separate ownership
                // results from the memrefs they pair with, which the lowering relies on.
                CANONICALIZE.element(&CanonicalizeOptions::default()),
            ];
            around_deallocation(options.hoist, options.reuse, [], deallocation)
        },
    },
};

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[
    &HLO_DEALLOCATE,
    &HLO_DEALLOCATION_SIMPLIFICATION,
    &HLO_DEALLOCATION_TO_SCF,
    &HLO_LOWER_DEALLOCATION,
    &HLO_SPLIT_ALLOC_TENSORS,
    &HLO_DEALLOCATE_AND_LOWER,
    &HLO_DEALLOCATION_PIPELINE,
];
