//! Hoisting: a buffer allocated and freed on every execution of a region moves out of the op,
//! allocated once before it and freed once after it.
//!
//! ```text
//! scf.for %i = %c0 to %c8 step %c1 {         %t = memref.alloc() : memref<100xi32>
//!   %t = memref.alloc() : memref<100xi32>    scf.for %i = %c0 to %c8 step %c1 {
//!   (...)                                      (...)
//!   memref.dealloc %t : memref<100xi32>      }
//! }                                          memref.dealloc %t : memref<100xi32>
//! ```
//!
//! A freshly allocated buffer holds nothing, so one buffer serves every execution. The moved
//! buffers come from an entry region (see [`super::peak`]); another region of the op (the
//! body of an `scf.while`, the other branch of an `scf.if`) that allocates and frees buffers
//! of the same keys uses the moved ones instead, as MLIR-HLO does. Parallel loops keep their
//! buffers (every instance needs its own), and only ops whose regions have at most one block
//! are touched. Whatever could raise the peak (see [`super::peak`]) is left in place.

use ir::{Block, Context, Op, Traits};

use super::buffers::{BufferKey, Pair, block_pairs};
use super::events::EventSummaries;
use super::peak::{entry_regions, intervals_are_safe};

/// Hoists the buffers of `op`'s regions out of it when no peak can rise; returns whether
/// anything moved.
pub(crate) fn hoist_out_of(ctx: &mut Context, events: &EventSummaries, op: Op) -> bool {
    let Some(blocks) = region_blocks(ctx, op) else {
        return false;
    };
    let Some(entries) = entry_regions(ctx, op) else {
        return false;
    };
    let pairs: Vec<Vec<(Pair, BufferKey)>> = blocks
        .iter()
        .map(|b| b.map_or_else(Vec::new, |b| block_pairs(ctx, b, op)))
        .collect();
    let Some(&first) = entries.first() else {
        return false;
    };
    let Some(hoisted) = pairs.get(first).filter(|p| !p.is_empty()) else {
        return false;
    };
    let mut shared: Vec<(usize, Vec<(Pair, usize)>)> = Vec::new();
    for (index, block) in blocks.iter().enumerate() {
        let entry = entries.contains(&index);
        let own = &pairs[index];
        let Some(block) = *block else {
            if entry {
                return false;
            }
            continue;
        };
        let intervals: Vec<Pair> = own.iter().map(|(p, _)| *p).collect();
        if !intervals_are_safe(ctx, events, block, &intervals, entry) {
            return false;
        }
        if index == first || (own.is_empty() && !entry) {
            continue;
        }
        let Some(matching) = match_keys(own, hoisted) else {
            return false;
        };
        shared.push((index, matching));
    }
    let hoisted: Vec<Pair> = hoisted.iter().map(|(p, _)| *p).collect();
    apply(ctx, op, &hoisted, &shared);
    true
}

/// The entry block of each region of `op` (`None` for an empty region), if `op` may be
/// hoisted out of: a region-branch op with single-block regions, not a parallel loop.
fn region_blocks(ctx: &Context, op: Op) -> Option<Vec<Option<Block>>> {
    if ctx.op_def(op).region_branch.is_none()
        || ctx.has_trait(op, Traits::HAS_PARALLEL_REGION)
        || ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE)
    {
        return None;
    }
    let mut blocks = Vec::new();
    for &region in ctx.regions(op) {
        let mut all = ctx.blocks(region);
        let entry = all.next();
        if all.next().is_some() {
            return None;
        }
        blocks.push(entry);
    }
    Some(blocks)
}

/// Pairs every buffer of `own` with a distinct hoisted buffer of the same key (by index into
/// `hoisted`); `None` unless the two lists hold the same keys as many times.
fn match_keys(
    own: &[(Pair, BufferKey)],
    hoisted: &[(Pair, BufferKey)],
) -> Option<Vec<(Pair, usize)>> {
    if own.len() != hoisted.len() {
        return None;
    }
    let mut taken = vec![false; hoisted.len()];
    let mut matching = Vec::with_capacity(own.len());
    for (pair, key) in own {
        let index = (0..hoisted.len()).find(|&i| !taken[i] && hoisted[i].1 == *key)?;
        taken[index] = true;
        matching.push((*pair, index));
    }
    Some(matching)
}

/// Moves the `hoisted` allocations before `op` and their frees after it; the buffers of the
/// other regions (`shared`) take the hoisted buffer they were matched with.
fn apply(ctx: &mut Context, op: Op, hoisted: &[Pair], shared: &[(usize, Vec<(Pair, usize)>)]) {
    for (_, matching) in shared {
        for &(pair, index) in matching {
            let replacement = ctx.result(hoisted[index].alloc, 0);
            let own = ctx.result(pair.alloc, 0);
            ctx.erase_op(pair.dealloc);
            ctx.replace_all_uses_with(own, replacement);
            ctx.erase_op(pair.alloc);
        }
    }
    let mut after = op;
    for pair in hoisted {
        tracing::debug!(alloc = ?pair.alloc, out_of = ?op, "allocation hoisted");
        ctx.move_op_before(pair.alloc, op);
        ctx.unlink_op(pair.dealloc);
        ctx.insert_op_after(after, pair.dealloc);
        after = pair.dealloc;
    }
}
