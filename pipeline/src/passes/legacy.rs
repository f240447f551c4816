//! The copy-insertion strategy (`legacy/`): `buffer-deallocation`, `copy-removal` and the
//! `legacy-buffer-deallocation-pipeline`.

use dealloc::{DeallocOptions, ExpandReallocOptions};
use ir::{Changed, Context, Op, TransformResult};
use legacy::{BufferDeallocationOptions, CopyRemovalOptions};
use lower_dealloc::LowerDeallocationsOptions;
use simplify::{CanonicalizeOptions, DeallocSimplificationOptions};

use crate::pass::{Declaration, Kind};
use crate::pass_option;

use super::dealloc::EXPAND_REALLOC;
use super::simplify::CANONICALIZE;
use super::strategy::{HOIST_HELP, REUSE_HELP, around_deallocation};

/// The options of `buffer-deallocation` on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BufferDeallocationPassOptions {
    /// Deallocate a function whose copies would be observed with the ownership-based strategy.
    pub ownership_fallback: bool,
}

/// The `ownership-fallback` option's help text.
const OWNERSHIP_FALLBACK_HELP: &str = "Where a copy would be observed, deallocate that \
    function with the ownership-based strategy instead of giving it flags or rejecting it \
    (ownership-based-buffer-deallocation, canonicalize and buffer-deallocation-simplification \
    on the function, then bufferization-lower-deallocations)";

/// `buffer-deallocation`.
pub static BUFFER_DEALLOCATION: Declaration<BufferDeallocationPassOptions> = Declaration {
    name: "buffer-deallocation",
    summary: "Free every buffer by copying it where aliases merge (the copy-insertion strategy)",
    description: "Finds the critical aliases of every owned buffer (block arguments, region \
                  arguments and results that may hold different buffers) and makes each one \
                  own a clone of what flows into it; then frees every owned buffer after the \
                  last use of its aliases, at their common post-dominator. Returned buffers \
                  are returned as clones (the caller owns them) and call results are freed by \
                  the caller. The program's own memref.dealloc ops are moved. Where a copy would be written \
                  through one name and read through another, the merge gets no copy but a \
                  runtime ownership flag (a memref<i1> stack cell) and its frees go under \
                  scf.if of it; a function where that is not possible either is rejected with \
                  the write's location. With ownership-fallback (as the legacy pipeline runs \
                  it), such a function is deallocated by the ownership-based strategy \
                  instead of getting flags.",
    options: &[pass_option!(
        "ownership-fallback",
        ownership_fallback: bool,
        OWNERSHIP_FALLBACK_HELP
    )],
    kind: Kind::pass(|ctx, root, options, _| {
        if options.ownership_fallback {
            deallocate_with_fallback(ctx, root)
        } else {
            legacy::buffer_deallocation(ctx, root, &BufferDeallocationOptions)
        }
    }),
};

/// `buffer-deallocation{ownership-fallback}`: the copy-insertion strategy on every function
/// it can treat, the ownership-based one (as `buffer-deallocation-pipeline` runs it) on the
/// others. Both give functions the same ABI, so the module mixes them.
fn deallocate_with_fallback(ctx: &mut Context, root: Op) -> TransformResult {
    let (changed, refused) =
        legacy::buffer_deallocation_except_refused(ctx, root, &BufferDeallocationOptions)?;
    if refused.is_empty() {
        return Ok(changed);
    }
    for &func in &refused {
        tracing::debug!(
            function = ?ir::dialects::func::FuncOp(func).sym_name(ctx),
            "copies would be observed: ownership-based deallocation for this function"
        );
        dealloc::deallocate_buffers(ctx, func, &DeallocOptions::default())?;
        simplify::canonicalize(ctx, func, &CanonicalizeOptions::default())?;
        simplify::simplify_deallocations(ctx, func, &DeallocSimplificationOptions)?;
        // Its callers here free each returned memref: no buffer may be returned twice.
        legacy::returns::make_returned_buffers_distinct(ctx, func);
    }
    lower_dealloc::lower_deallocations(ctx, root, &LowerDeallocationsOptions::default())?;
    Ok(Changed::Yes)
}

/// `copy-removal`.
pub static COPY_REMOVAL: Declaration<CopyRemovalOptions> = Declaration {
    name: "copy-removal",
    summary: "Remove a copy with its allocation and free where source or target can stand in",
    description: "For ops with the copy interface (memref.copy): when the target was \
                  allocated in the copy's block and is untouched until the copy, and the \
                  source is freed in that block and untouched after the copy, the source \
                  replaces the target; when the source was allocated there and the target is \
                  untouched from then to the copy, the target replaces the source. The \
                  allocation, the copy and the free go.",
    options: &[],
    kind: Kind::per_function(|ctx, root, options, _| legacy::copy_removal(ctx, root, options)),
};

/// The options of the `legacy-buffer-deallocation-pipeline`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LegacyPipelineOptions {
    /// Hoist and promote allocations first (peak-safe forms) and move frees up last.
    pub hoist: bool,
    /// Run `hlo-buffer-reuse` last.
    pub reuse: bool,
}

/// `legacy-buffer-deallocation-pipeline`.
pub static LEGACY_BUFFER_DEALLOCATION_PIPELINE: Declaration<LegacyPipelineOptions> = Declaration {
    name: "legacy-buffer-deallocation-pipeline",
    summary: "Add all deallocations of a bufferized program with the copy-insertion strategy",
    description: "Expands memref.realloc without frees, places clones and memref.dealloc \
                      ops with buffer-deallocation, removes the copies it can with \
                      copy-removal and canonicalizes (which takes out clones whose source \
                      dies right after them).",
    options: &[
        pass_option!("hoist", hoist: bool, HOIST_HELP),
        pass_option!("reuse", reuse: bool, REUSE_HELP),
    ],
    kind: Kind::Pipeline {
        expand: |options| {
            let prelude = [EXPAND_REALLOC.element(&ExpandReallocOptions {
                emit_deallocs: false,
            })];
            let deallocation = [
                BUFFER_DEALLOCATION.element(&BufferDeallocationPassOptions {
                    ownership_fallback: true,
                }),
                COPY_REMOVAL.element(&CopyRemovalOptions),
                CANONICALIZE.element(&CanonicalizeOptions::default()),
            ];
            around_deallocation(options.hoist, options.reuse, prelude, deallocation)
        },
    },
};

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[
    &BUFFER_DEALLOCATION,
    &COPY_REMOVAL,
    &LEGACY_BUFFER_DEALLOCATION_PIPELINE,
];
