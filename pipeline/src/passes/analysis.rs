//! Analysis printers: `--test-print-dominance`, `--test-print-liveness`,
//! `--test-print-buffer-origin`. Each runs on every `func.func`, never changes the IR, and
//! appends its dump (from `analysis::print`) to the pass's stdout.

use ir::Changed;

use crate::pass::PassDecl;

/// `test-print-dominance`.
pub static TEST_PRINT_DOMINANCE: PassDecl<()> = PassDecl {
    name: "test-print-dominance",
    summary: "Dump which blocks dominate and post-dominate which, per function",
    description: "For every pair of blocks of each function, nested regions included, prints \
                  the nearest common dominator and post-dominator and whether one (properly) \
                  dominates the other, in the format of MLIR's test pass. Leaves the IR as it is.",
    anchor: Some("func.func"),
    options: &[],
    run: |ctx, root, _, out| {
        out.stdout
            .push_str(&analysis::print::print_dominance(ctx, root));
        Ok(Changed::No)
    },
};

/// `test-print-liveness`.
pub static TEST_PRINT_LIVENESS: PassDecl<()> = PassDecl {
    name: "test-print-liveness",
    summary: "Dump the values live into, out of and across each block, per function",
    description: "Prints each block's live-in and live-out values and every value's live \
                  range, numbered as MLIR's liveness printer numbers them. Leaves the IR as it \
                  is.",
    anchor: Some("func.func"),
    options: &[],
    run: |ctx, root, _, out| {
        out.stdout
            .push_str(&analysis::print::print_liveness(ctx, root));
        Ok(Changed::No)
    },
};

/// `test-print-buffer-origin`.
pub static TEST_PRINT_BUFFER_ORIGIN: PassDecl<()> = PassDecl {
    name: "test-print-buffer-origin",
    summary: "Dump the allocations each buffer value may come from, per function",
    description: "Prints, for every memref value, the buffers it may be a view of, then for \
                  every pair of memrefs whether they certainly, possibly or never share an \
                  allocation: the answers the deallocation passes rely on. Leaves the IR as it \
                  is.",
    anchor: Some("func.func"),
    options: &[],
    run: |ctx, root, _, out| {
        out.stdout
            .push_str(&analysis::print::print_buffer_origin(ctx, root));
        Ok(Changed::No)
    },
};
