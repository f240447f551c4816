//! `hlo-buffer-reuse`: fewer allocations and a lower peak for programs whose frees are already
//! written out (`memref.alloc` / `memref.dealloc`, possibly under `scf.if`), whichever
//! deallocation strategy wrote them (seed 004's buffer-reuse part, MLIR-HLO's
//! `buffer_reuse.cc`, redone so that no step can raise the peak):
//!
//! - loop simplification ([`loops`]): frees of results of a loop that only permutes its
//!   buffers free the loop's operands instead;
//! - copy elision ([`copies`]): `alloc`, `copy`, `dealloc` of the source becomes one buffer;
//! - dealloc/alloc reuse ([`coalesce`]): a freed buffer serves a later allocation of the same
//!   type and sizes in the same block, which with hoisting gives reuse across scopes;
//! - hoisting ([`hoist`]) out of `scf.for`, `scf.while`, `scf.if` and other region ops the
//!   registry describes;
//! - double buffering ([`double`]) of `scf.for` and `scf.while`;
//! - guarding ([`guard`]): an `scf.for` that may run zero times goes under an `scf.if` on its
//!   bounds first, so its buffers can leave it without being allocated for nothing.
//!
//! Each rests on a peak argument ([`coalesce`], [`peak`]) made over which ops may allocate or
//! free ([`events`]); ops with unknown effects count as doing both. One post-order sweep does
//! everything: when a region op is reached, its blocks have their final nested ops, so they
//! are simplified, elided and coalesced, and then buffers leave the op into the enclosing
//! block, which is coalesced when its own op is reached. So the pass is linear in the size of
//! the function, apart from scans bounded by a block's length.

mod buffers;
mod coalesce;
mod copies;
mod double;
mod events;
mod guard;
mod hoist;
mod loops;
mod peak;

use ir::{Block, Changed, Context, Op, TransformResult};

use events::EventSummaries;

/// Options of `hlo-buffer-reuse` (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BufferReuseOptions;

/// Runs every buffer-reuse transformation on the ops nested in `root`.
pub fn hlo_buffer_reuse(
    ctx: &mut Context,
    root: Op,
    _options: &BufferReuseOptions,
) -> TransformResult {
    let mut events = EventSummaries::default();
    let mut changed = false;
    for op in ctx.walk_postorder(root) {
        if !ctx.is_alive(op) || ctx.regions(op).is_empty() {
            continue;
        }
        for block in region_blocks(ctx, op) {
            changed |= loops::simplify_loop_frees(ctx, block);
            changed |= copies::elide_copies(ctx, block);
            changed |= coalesce::coalesce_block(ctx, &events, block);
        }
        if op != root {
            changed |= guard::guard_if_worthwhile(ctx, &events, op);
            changed |= hoist::hoist_out_of(ctx, &events, op);
            changed |= double::double_buffer(ctx, &events, op);
        }
        events.record(ctx, op);
    }
    Ok(Changed::from_bool(changed))
}

/// Every block of every region of `op`.
fn region_blocks(ctx: &Context, op: Op) -> Vec<Block> {
    ctx.regions(op)
        .iter()
        .flat_map(|&region| ctx.blocks(region))
        .collect()
}
