//! When moving buffers out of an op cannot raise the peak.
//!
//! Hoisting and double buffering make buffers that lived over an interval of a region's block
//! (from an allocation to a free, on each execution) live over the whole op instead, and
//! replace those allocations by one before the op. Two things can then hold more memory than
//! before: an allocation inside the op that happened while the moved buffers were not all
//! live, and the new allocation before the op, when the interval was not reached right away
//! (something was freed first) or not at all (the region may not run). So:
//!
//! - the intervals of a block share a common part, and every other op of the block that may
//!   allocate lies inside it;
//! - in a region that runs first whenever the op runs (its *entry*), nothing is freed before
//!   the last moved allocation;
//! - some entry region runs every time the op runs: the op always enters a region
//!   (`scf.while`'s condition region, both `scf.if` branches), or it is an `scf.for` whose
//!   constant bounds give at least one trip or that runs under a guard on its bounds.

use ir::dialects::scf::ForOp;
use ir::{Block, Context, Op, OpView, RegionPoint};
use rustc_hash::FxHashMap;

use super::buffers::Pair;
use super::events::EventSummaries;

/// Whether the buffers of `intervals` (each an allocation and a later free of `block`) can
/// live over all of `block`'s execution without raising the peak; with no intervals, whether
/// `block` allocates nothing. `entry`: the block runs first when its op runs.
pub(crate) fn intervals_are_safe(
    ctx: &Context,
    events: &EventSummaries,
    block: Block,
    intervals: &[Pair],
    entry: bool,
) -> bool {
    let positions: FxHashMap<Op, usize> = ctx
        .block_ops(block)
        .enumerate()
        .map(|(i, op)| (op, i))
        .collect();
    let position = |op: Op| positions.get(&op).copied();
    let starts: Option<Vec<usize>> = intervals.iter().map(|p| position(p.alloc)).collect();
    let ends: Option<Vec<usize>> = intervals.iter().map(|p| position(p.dealloc)).collect();
    let (Some(starts), Some(ends)) = (starts, ends) else {
        return false;
    };
    let last_start = starts.iter().copied().max();
    let first_end = ends.iter().copied().min().unwrap_or(usize::MAX);
    if last_start.is_some_and(|s| s >= first_end) {
        return false;
    }
    let inside = |p: usize| last_start.is_some_and(|s| s < p && p < first_end);
    let moved = |op: Op| intervals.iter().any(|i| i.alloc == op || i.dealloc == op);
    ctx.block_ops(block).enumerate().all(|(p, op)| {
        if moved(op) {
            return true;
        }
        let happens = events.of(ctx, op);
        let alloc_ok = !happens.alloc || inside(p);
        let free_ok = !(entry && happens.free && last_start.is_some_and(|s| p < s));
        alloc_ok && free_ok
    })
}

/// The regions of `op` of which one runs first every time `op` runs, or `None` if `op` may
/// run none of them (or its control flow is unknown).
pub(crate) fn entry_regions(ctx: &Context, op: Op) -> Option<Vec<usize>> {
    let successors = analysis::cfg::region_successors(ctx, op, RegionPoint::Parent);
    if successors.is_empty() {
        return None;
    }
    let mut regions = Vec::new();
    for successor in successors {
        match successor.to {
            RegionPoint::Region(i) if !regions.contains(&i) => regions.push(i),
            RegionPoint::Region(_) => {}
            RegionPoint::Parent => return runs_at_least_once(ctx, op).then(|| vec![0]),
        }
    }
    Some(regions)
}

/// Whether `op` is an `scf.for` whose constant bounds and step give at least one trip, or
/// one under a guard on its bounds ([`super::guard`]).
fn runs_at_least_once(ctx: &Context, op: Op) -> bool {
    let Some(for_op) = ForOp::of(ctx, op) else {
        return false;
    };
    if super::guard::is_guarded(ctx, op) {
        return true;
    }
    let Some((lower, upper, step)) = for_op.constant_bounds(ctx) else {
        return false;
    };
    let unsigned = ctx.get_attr(op, "unsignedCmp").is_some();
    step > 0 && lower < upper && (!unsigned || lower >= 0)
}
