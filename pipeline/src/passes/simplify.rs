//! Simplification passes: `canonicalize`, `cse`, `buffer-deallocation-simplification`; and
//! the `buffer-deallocation-pipeline`.

use dealloc::{DeallocOptions, ExpandReallocOptions};
use lower_dealloc::LowerDeallocationsOptions;
use simplify::{CanonicalizeOptions, CseOptions, DeallocSimplificationOptions, RegionSimplify};

use crate::pass::{Declaration, Kind};
use crate::pass_option;

use super::dealloc::{EXPAND_REALLOC, OWNERSHIP_BASED_BUFFER_DEALLOCATION};
use super::lower::BUFFERIZATION_LOWER_DEALLOCATIONS;
use super::strategy::{HOIST_HELP, REUSE_HELP, around_deallocation};

/// `canonicalize`.
pub static CANONICALIZE: Declaration<CanonicalizeOptions> = Declaration {
    name: "canonicalize",
    summary: "Fold constants and apply local simplifications until nothing changes",
    description: "Sweeps the IR with the folders and rewrite patterns of the registered ops, \
                  erases ops whose results are unused and that have no side effects, merges \
                  duplicate constants and simplifies the block structure of regions, repeating \
                  until a sweep changes nothing or the iteration cap is reached.",
    options: &[
        pass_option!(
            "max-iterations",
            max_iterations: i64,
            "Stop after this many sweeps even if the last one changed something; at least one \
             sweep runs"
        ),
        pass_option!(
            "region-simplify",
            region_simplify: RegionSimplify,
            "How much to simplify the block structure of regions"
        ),
        pass_option!(
            "test-convergence",
            test_convergence: bool,
            "Fail when the cap, not a fixed point, ended the sweeps; catches patterns that \
             undo each other"
        ),
    ],
    kind: Kind::pass(|ctx, root, options, _| simplify::canonicalize(ctx, root, options)),
};

/// `cse`.
pub static CSE: Declaration<CseOptions> = Declaration {
    name: "cse",
    summary: "Replace repeated side-effect-free ops with the earlier result",
    description: "Walks the dominator tree of every region; an op without side effects that \
                  repeats one dominating it (same name, operands, attributes and result types) \
                  is erased and its uses take the first op's results.",
    options: &[],
    kind: Kind::pass(|ctx, root, options, _| simplify::cse(ctx, root, options)),
};

/// `buffer-deallocation-simplification`.
pub static BUFFER_DEALLOCATION_SIMPLIFICATION: Declaration<DeallocSimplificationOptions> =
    Declaration {
        name: "buffer-deallocation-simplification",
        summary: "Shrink bufferization.dealloc ops using what alias analysis proves",
        description: "Uses the buffer origin analysis to drop memrefs and retained values that \
                      cannot matter, to split a dealloc whose memrefs alias nothing else into \
                      separate ones, and to fold ownership conditions known to be constant, so the \
                      lowering emits fewer runtime alias checks.",
        options: &[],
        kind: Kind::pass(|ctx, root, options, _| {
            simplify::simplify_deallocations(ctx, root, options)
        }),
    };

/// The options of the `buffer-deallocation-pipeline`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BufferDeallocationPipelineOptions {
    /// Passed on to `ownership-based-buffer-deallocation`.
    pub private_function_dynamic_ownership: bool,
    /// Hoist and promote allocations first (peak-safe forms) and move frees up last.
    pub hoist: bool,
    /// Run `hlo-buffer-reuse` once the deallocations are lowered.
    pub reuse: bool,
}

/// `buffer-deallocation-pipeline`.
pub static BUFFER_DEALLOCATION_PIPELINE: Declaration<BufferDeallocationPipelineOptions> =
    Declaration {
        name: "buffer-deallocation-pipeline",
        summary: "Add, simplify and lower all deallocations of a bufferized program",
        description: "Expands memref.realloc, places bufferization.dealloc ops with the \
                      ownership-based pass, simplifies them, and lowers them to memref.dealloc, \
                      with canonicalization and CSE in between to clean up. The input must free \
                      nothing itself (memref.realloc aside).",
        options: &[
            pass_option!("hoist", hoist: bool, HOIST_HELP),
            pass_option!(
                "private-function-dynamic-ownership",
                private_function_dynamic_ownership: bool,
                "Let private functions return ownership indicators with their memref results, \
                 as ownership-based-buffer-deallocation does with this option"
            ),
            pass_option!("reuse", reuse: bool, REUSE_HELP),
        ],
        kind: Kind::Pipeline {
            expand: |options| {
                let canonicalize = CANONICALIZE.element(&CanonicalizeOptions::default());
                let prelude = [
                    EXPAND_REALLOC.element(&ExpandReallocOptions {
                        emit_deallocs: false,
                    }),
                    canonicalize.clone(),
                ];
                let deallocation = [
                    OWNERSHIP_BASED_BUFFER_DEALLOCATION.element(&DeallocOptions {
                        private_function_dynamic_ownership: options
                            .private_function_dynamic_ownership,
                    }),
                    canonicalize.clone(),
                    BUFFER_DEALLOCATION_SIMPLIFICATION.element(&DeallocSimplificationOptions),
                    BUFFERIZATION_LOWER_DEALLOCATIONS.element(&LowerDeallocationsOptions {
                        // The canonicalize at the end inlines those guards anyway.
                        unguard_constant_frees: true,
                    }),
                    CSE.element(&CseOptions),
                    canonicalize,
                ];
                around_deallocation(options.hoist, options.reuse, prelude, deallocation)
            },
        },
    };

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[
    &CANONICALIZE,
    &CSE,
    &BUFFER_DEALLOCATION_SIMPLIFICATION,
    &BUFFER_DEALLOCATION_PIPELINE,
];
