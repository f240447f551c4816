//! The `canonicalize` pass: the greedy driver of `ir::rewrite` applying every op's registered
//! folders and patterns, plus region simplification and constant deduplication.
//!
//! The driver ([`ir::rewrite::apply_patterns_greedily`]) visits every op nested in the root
//! in post-order (children first), erasing trivially dead ops and applying the op's
//! [`ir::rewrite::Canonicalization`]; the ops each change affects are visited next. After each
//! iteration this pass simplifies regions (unreachable blocks, trivial block merging; after
//! the first iteration only where branches changed, ops went or regions changed owner) and
//! deduplicates constants (hoisted to the entry block of the nearest isolated-from-above op;
//! after the first iteration only when constants appeared, and only in their functions). It
//! stops when an iteration changes nothing, or after `max_iterations`, and says which: what
//! one run leaves is a fixed point, as with `mlir-opt --canonicalize`.

mod constants;
mod regions;

use ir::rewrite::{
    Canonicalizations, GreedyConfig, GreedyReport, IterationInfo, PatternSet, Rewriter,
    apply_patterns_greedily,
};
use ir::{Context, Op, Traits};
use rustc_hash::FxHashSet;

pub use ir::rewrite::StopReason;

/// Options of the driver.
#[derive(Clone, Copy, Debug)]
pub struct CanonicalizeConfig {
    /// Iteration cap (MLIR's default is 10).
    pub max_iterations: usize,
    /// Whether region simplification (unreachable blocks, block merging) runs.
    pub region_simplify: bool,
}

impl Default for CanonicalizeConfig {
    fn default() -> Self {
        CanonicalizeConfig {
            max_iterations: 10,
            region_simplify: true,
        }
    }
}

/// What the driver did.
pub type CanonicalizeReport = GreedyReport;

/// Runs the canonicalizer on everything nested in `root`.
///
/// Iteration 1 visits every op (post-order), simplifies every region and deduplicates every
/// constant. Each later iteration visits only the ops noted as affected by earlier changes,
/// simplifies only the regions whose branches, blocks or owner changed, and deduplicates
/// constants again only in the functions where new ones appeared.
pub fn canonicalize(
    ctx: &mut Context,
    root: Op,
    config: &CanonicalizeConfig,
) -> CanonicalizeReport {
    let mut pass = Canonicalize {
        root,
        region_simplify: config.region_simplify,
        placed_constants: FxHashSet::default(),
        block_numbers: regions::BlockNumbers::default(),
    };
    let greedy = GreedyConfig {
        max_iterations: config.max_iterations,
        erase_dead_ops: true,
    };
    apply_patterns_greedily(ctx, root, &mut pass, &greedy)
}

/// The registered canonicalizations, with region simplification and constant deduplication
/// after each iteration.
struct Canonicalize {
    root: Op,
    region_simplify: bool,
    /// The constants the last deduplication left in place.
    placed_constants: FxHashSet<Op>,
    /// Scratch of region simplification: the blocks' positions in their region.
    block_numbers: regions::BlockNumbers,
}

impl PatternSet for Canonicalize {
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool {
        Canonicalizations.apply(rw, op)
    }

    fn after_iteration(&mut self, rw: &mut Rewriter, info: &IterationInfo) -> usize {
        let first = info.iteration == 1;
        let mut changed = 0;
        let touched = rw.take_touched_regions();
        if self.region_simplify {
            if first {
                changed += regions::simplify_regions_of(
                    rw,
                    info.initial_with_regions,
                    &mut self.block_numbers,
                );
            }
            // After the first iteration's full sweep, the regions of the ops it started from
            // are done; ops created since (a loop rebuilt without a result, taking over the
            // old one's regions) still need theirs.
            let newest_initial = first.then(|| newest(info.initial));
            changed += simplify_changed_regions(
                rw,
                info.noted,
                touched,
                newest_initial,
                &mut self.block_numbers,
            );
        }
        if first || has_unplaced_constant(rw, info.noted, &self.placed_constants) {
            let scopes = if first {
                None
            } else {
                changed_scopes(rw, self.root, info.noted)
            };
            changed += constants::dedup_constants(
                rw,
                self.root,
                scopes.as_deref(),
                &mut self.placed_constants,
            );
        }
        changed
    }
}

/// The largest op id of `ops` (ops created later have larger ids).
fn newest(ops: &[Op]) -> u32 {
    ops.iter().map(|op| op.as_u32()).max().unwrap_or(0)
}

/// Simplifies the regions whose control flow or block arguments may have changed: those the
/// rewriter reports `touched` (blocks erased or moved, arguments gone or unused, branches
/// erased, bodies taken over) and those holding a branch among `noted` (new or changed).
/// With `skip_up_to`, regions owned by ops of that id or older are left out.
fn simplify_changed_regions(
    rw: &mut Rewriter,
    noted: &[Op],
    mut dirty: Vec<ir::Region>,
    skip_up_to: Option<u32>,
    numbers: &mut regions::BlockNumbers,
) -> usize {
    for &op in noted {
        if rw.is_alive(op) && !rw.successors(op).is_empty() {
            dirty.extend(rw.op_parent_region(op));
        }
    }
    if let Some(limit) = skip_up_to {
        dirty.retain(|&region| rw.region_parent(region).is_some_and(|o| o.as_u32() > limit));
    }
    dirty.sort_unstable();
    dirty.dedup();
    let mut changes = 0;
    for region in dirty {
        // An earlier region's simplification may have erased this one's owner.
        if rw
            .region_parent(region)
            .is_some_and(|owner| rw.is_alive(owner))
        {
            changes += regions::simplify_region(rw, region, numbers);
        }
    }
    changes
}

/// The isolated-from-above ops whose constants `noted` touched, each once, for a
/// deduplication of those alone; `None` (all of `root`) if one of them is not inside `root`.
fn changed_scopes(ctx: &Context, root: Op, noted: &[Op]) -> Option<Vec<Op>> {
    let mut scopes: Vec<Op> = noted
        .iter()
        .filter(|&&op| ctx.is_alive(op) && ctx.has_trait(op, Traits::CONSTANT_LIKE))
        .filter_map(|&op| constants::scope_of(ctx, op))
        .collect();
    scopes.sort_unstable();
    scopes.dedup();
    scopes
        .iter()
        .all(|&scope| ctx.is_ancestor(root, scope))
        .then_some(scopes)
}

/// Whether `ops` holds a live constant that the last deduplication did not place (a new one):
/// only then has deduplication work to do.
fn has_unplaced_constant(ctx: &Context, ops: &[Op], placed: &FxHashSet<Op>) -> bool {
    ops.iter().any(|&op| {
        ctx.is_alive(op) && ctx.has_trait(op, Traits::CONSTANT_LIKE) && !placed.contains(&op)
    })
}
