//! The `canonicalize` pass: the greedy driver of `ir::rewrite` applying every op's registered
//! folders and patterns, plus region simplification and constant deduplication.
//!
//! The driver ([`ir::rewrite::apply_patterns_greedily`]) visits every op nested in the root
//! in post-order (children first), erasing trivially dead ops and applying the op's
//! [`ir::rewrite::Canonicalization`]; the ops each change affects are visited next. After each
//! iteration this pass simplifies regions (unreachable blocks, trivial block merging; after
//! the first iteration only where branches changed) and deduplicates constants (hoisted to
//! the entry block of the nearest isolated-from-above op; after the first iteration only when
//! constants appeared). It stops when an iteration changes nothing, or after
//! `max_iterations`, and says which.

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
/// simplifies only the regions whose branches changed, and deduplicates constants again only
/// if new ones appeared.
pub fn canonicalize(
    ctx: &mut Context,
    root: Op,
    config: &CanonicalizeConfig,
) -> CanonicalizeReport {
    let mut pass = Canonicalize {
        root,
        region_simplify: config.region_simplify,
        placed_constants: FxHashSet::default(),
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
}

impl PatternSet for Canonicalize {
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool {
        Canonicalizations.apply(rw, op)
    }

    fn after_iteration(&mut self, rw: &mut Rewriter, info: &IterationInfo) -> usize {
        let first = info.iteration == 1;
        let mut changed = 0;
        if self.region_simplify {
            changed += if first {
                regions::simplify_regions_of(rw, info.initial)
            } else {
                simplify_changed_regions(rw, info.noted)
            };
        }
        if first || has_unplaced_constant(rw, info.noted, &self.placed_constants) {
            changed += constants::dedup_constants(rw, self.root, &mut self.placed_constants);
        }
        changed
    }
}

/// Simplifies the regions holding a branch among `noted` (new or changed: the only way a
/// region's control flow changes).
fn simplify_changed_regions(rw: &mut Rewriter, noted: &[Op]) -> usize {
    let mut dirty: Vec<ir::Region> = noted
        .iter()
        .filter(|&&op| rw.is_alive(op) && !rw.successors(op).is_empty())
        .filter_map(|&op| rw.op_parent_region(op))
        .collect();
    dirty.sort_unstable();
    dirty.dedup();
    dirty
        .into_iter()
        .map(|region| regions::simplify_region(rw, region))
        .sum()
}

/// Whether `ops` holds a live constant that the last deduplication did not place (a new one):
/// only then has deduplication work to do.
fn has_unplaced_constant(ctx: &Context, ops: &[Op], placed: &FxHashSet<Op>) -> bool {
    ops.iter().any(|&op| {
        ctx.is_alive(op) && ctx.has_trait(op, Traits::CONSTANT_LIKE) && !placed.contains(&op)
    })
}
