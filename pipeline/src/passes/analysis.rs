//! Analysis printers: `--test-print-dominance`, `--test-print-liveness`,
//! `--test-print-buffer-origin`. Each runs on every `func.func`, never changes the IR, and
//! appends its dump (from `analysis::print`) to the pass's stdout.

use analysis::print::{print_buffer_origin, print_dominance, print_liveness};

/// The declaration of a printer: texts, and the `analysis::print` function it calls.
macro_rules! printer {
    ($name:literal, $summary:literal, $description:literal, $print:path) => {
        crate::pass::Declaration {
            name: $name,
            summary: $summary,
            description: $description,
            options: &[],
            kind: crate::pass::Kind::Pass {
                anchor: Some("func.func"),
                run: |ctx, root, _: &(), out| {
                    out.stdout.push_str(&$print(ctx, root));
                    Ok(ir::Changed::No)
                },
            },
        }
    };
}

/// `test-print-dominance`.
pub static TEST_PRINT_DOMINANCE: crate::pass::Declaration<()> = printer!(
    "test-print-dominance",
    "Dump which blocks dominate and post-dominate which, per function",
    "For every pair of blocks of each function, nested regions included, prints the nearest \
     common dominator and post-dominator and whether one (properly) dominates the other, in \
     the format of MLIR's test pass. Leaves the IR as it is.",
    print_dominance
);

/// `test-print-liveness`.
pub static TEST_PRINT_LIVENESS: crate::pass::Declaration<()> = printer!(
    "test-print-liveness",
    "Dump the values live into, out of and across each block, per function",
    "Prints each block's live-in and live-out values and every value's live range, numbered \
     as MLIR's liveness printer numbers them. Leaves the IR as it is.",
    print_liveness
);

/// `test-print-buffer-origin`.
pub static TEST_PRINT_BUFFER_ORIGIN: crate::pass::Declaration<()> = printer!(
    "test-print-buffer-origin",
    "Dump the allocations each buffer value may come from, per function",
    "Prints, for every memref value, the buffers it may be a view of, then for every pair of \
     memrefs whether they certainly, possibly or never share an allocation: the answers the \
     deallocation passes rely on. Leaves the IR as it is.",
    print_buffer_origin
);

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[
    &TEST_PRINT_DOMINANCE,
    &TEST_PRINT_LIVENESS,
    &TEST_PRINT_BUFFER_ORIGIN,
];
