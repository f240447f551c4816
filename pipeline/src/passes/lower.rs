//! Lowering passes: `bufferization-lower-deallocations`, `convert-bufferization-to-memref`.

use lower_dealloc::{ConvertBufferizationToMemRefOptions, LowerDeallocationsOptions};

use crate::pass::{Declaration, Kind};
use crate::pass_option;

/// `bufferization-lower-deallocations`.
pub static BUFFERIZATION_LOWER_DEALLOCATIONS: Declaration<LowerDeallocationsOptions> =
    Declaration {
        name: "bufferization-lower-deallocations",
        summary: "Turn bufferization.dealloc into conditional memref.dealloc",
        description: "A dealloc of one memref becomes a memref.dealloc under scf.if; one with \
                      several memrefs calls a generated @dealloc_helper (one per symbol table) \
                      that frees each buffer whose condition holds unless a retained value, or an \
                      earlier entry whose condition holds, aliases it. On a function instead of a \
                      module, only the single-memref forms can be lowered.",
        options: &[pass_option!(
            "unguard-constant-frees",
            unguard_constant_frees: bool,
            "Free without scf.if where the condition is the constant true (what canonicalize \
             makes of the guard; buffer-deallocation-pipeline sets it, as it canonicalizes \
             afterwards)"
        )],
        kind: Kind::pass(|ctx, root, options, _| {
            lower_dealloc::lower_deallocations(ctx, root, options)
        }),
    };

/// `convert-bufferization-to-memref`.
pub static CONVERT_BUFFERIZATION_TO_MEMREF: Declaration<ConvertBufferizationToMemRefOptions> =
    Declaration {
        name: "convert-bufferization-to-memref",
        summary: "Replace the remaining bufferization ops with memref ops",
        description: "Lowers bufferization.dealloc as bufferization-lower-deallocations does \
                      and bufferization.clone to memref.alloc plus memref.copy; any other op of \
                      the bufferization dialect is an error.",
        options: &[],
        kind: Kind::pass(|ctx, root, options, _| {
            lower_dealloc::convert_bufferization_to_memref(ctx, root, options)
        }),
    };

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[
    &BUFFERIZATION_LOWER_DEALLOCATIONS,
    &CONVERT_BUFFERIZATION_TO_MEMREF,
];
