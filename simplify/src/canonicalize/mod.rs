//! The greedy canonicalization driver.
//!
//! Worklist-driven: the first iteration visits every op nested in the root in post-order
//! (children first), erasing trivially dead ops and applying the op's folders/patterns; every
//! change goes through a [`Rewriter`], which notes the ops it may affect (users of replaced
//! values, defining ops of dropped operands, created and moved ops, neighbours and parents),
//! and those form the next iteration's worklist. Each iteration then simplifies regions
//! (unreachable blocks, trivial block merging; later iterations only where branches changed)
//! and deduplicates constants (hoisted to the entry block of the nearest isolated-from-above
//! op; later iterations only when constants appeared). It stops when an iteration changes
//! nothing, or after `max_iterations`, and says which.

mod arith;
mod cf;
mod dce;
mod dealloc;
mod memref;
mod regions;
mod scf;

use ir::{Context, Op, OpName, Traits};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::rewriter::Rewriter;
use crate::worklist::Worklist;

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

/// Why the driver stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// An iteration changed nothing.
    Converged,
    /// The iteration cap was reached while still changing.
    IterationLimit,
}

/// What the driver did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanonicalizeReport {
    /// Iterations run (including the final unchanged one).
    pub iterations: usize,
    /// Rewrites applied (pattern applications, erased ops, merged blocks...).
    pub rewrites: usize,
    /// Why it stopped.
    pub reason: StopReason,
}

/// A rewrite pattern: returns whether it changed the IR (it may erase `op`).
type Pattern = fn(&mut Rewriter, Op) -> bool;

/// The patterns registered for an op name.
fn patterns_for(name: &str) -> &'static [Pattern] {
    match name {
        "arith.andi" => &[arith::fold_andi],
        "arith.ori" => &[arith::fold_ori],
        "arith.xori" => &[arith::fold_xori, arith::xori_not_cmpi],
        "arith.select" => &[arith::fold_select],
        "arith.cmpi" => &[arith::fold_cmpi],
        "scf.if" => &[
            scf::if_constant_condition,
            scf::if_trivial_to_select,
            scf::if_remove_dead_results,
            scf::if_remove_empty_else,
        ],
        "cf.cond_br" => &[
            cf::cond_br_constant,
            cf::cond_br_same_successor,
            cf::cond_br_same_successor_select,
        ],
        "bufferization.dealloc" => &[dealloc::canonicalize_dealloc],
        "bufferization.clone" => &[dealloc::simplify_clone],
        "cf.assert" => &[cf::assert_true],
        "memref.alloc" | "memref.alloca" => &[memref::dead_alloc],
        "memref.alloca_scope" => &[memref::alloca_scope_inline],
        "memref.collapse_shape" => &[memref::collapse_of_expand],
        "memref.expand_shape" => &[memref::expand_of_collapse],
        _ => &[],
    }
}

/// Whether `op` is an `arith` op with folders (`andi`, `ori`, `xori`, `select`, `cmpi`).
pub(crate) fn has_arith_folders(ctx: &ir::Context, op: Op) -> bool {
    matches!(
        ctx.op_name_str(op),
        "arith.andi" | "arith.ori" | "arith.xori" | "arith.select" | "arith.cmpi"
    )
}

/// Applies the folders of an `arith` op (see [`has_arith_folders`]); whether one changed it.
pub(crate) fn fold_arith(rw: &mut Rewriter, op: Op) -> bool {
    let name = rw.op_name_str(op).to_owned();
    patterns_for(&name).iter().any(|pattern| pattern(rw, op))
}

/// Applies the first matching `bufferization.dealloc` canonicalization, given the op's operand
/// groups; whether one did.
pub(crate) use dealloc::canonicalize_dealloc_parts as dealloc_canonicalizations;

/// Runs the canonicalizer on everything nested in `root`.
///
/// Iteration 1 visits every op (post-order), simplifies every region and deduplicates every
/// constant. Each later iteration visits only the ops noted as affected by earlier changes
/// (see [`Rewriter`] and [`Worklist`]), simplifies only the regions whose branches changed,
/// and deduplicates constants again only if new ones appeared.
pub fn canonicalize(
    ctx: &mut Context,
    root: Op,
    config: &CanonicalizeConfig,
) -> CanonicalizeReport {
    let mut rw = Rewriter::new(ctx);
    let mut patterns = PatternTable::default();
    let mut worklist = Worklist::default();
    let everything = rw.walk_postorder(root);
    worklist.start_generation(everything.iter().copied());
    let mut placed_constants = FxHashSet::default();
    let mut rewrites = 0;
    for iteration in 1..=config.max_iterations.max(1) {
        let first = iteration == 1;
        let mut noted = Vec::new();
        let mut changed = apply_patterns(&mut rw, root, &mut patterns, &mut worklist, &mut noted);
        if config.region_simplify {
            changed += if first {
                regions::simplify_regions_of(&mut rw, &everything)
            } else {
                simplify_changed_regions(&mut rw, &noted)
            };
        }
        if first || has_unplaced_constant(&rw, &noted, &placed_constants) {
            changed += dce::dedup_constants(&mut rw, root, &mut placed_constants);
        }
        worklist.extend(rw.take_noted());
        rewrites += changed;
        if changed == 0 {
            tracing::debug!(iteration, rewrites, "canonicalize converged");
            return CanonicalizeReport {
                iterations: iteration,
                rewrites,
                reason: StopReason::Converged,
            };
        }
        worklist.start_generation([]);
    }
    tracing::debug!(rewrites, "canonicalize hit the iteration limit");
    CanonicalizeReport {
        iterations: config.max_iterations.max(1),
        rewrites,
        reason: StopReason::IterationLimit,
    }
}

/// The patterns of each op name met so far (looked up by name once per name).
#[derive(Default)]
struct PatternTable {
    by_name: FxHashMap<OpName, &'static [Pattern]>,
}

impl PatternTable {
    fn get(&mut self, ctx: &Context, op: Op) -> &'static [Pattern] {
        let name = ctx.op_name(op);
        self.by_name
            .entry(name)
            .or_insert_with(|| patterns_for(ctx.op_name_str(op)))
    }
}

/// Visits the current generation's ops, erasing the trivially dead ones and applying the
/// first matching pattern of the others; queues what each change affects (and records it in
/// `noted`). Returns the number of rewrites.
fn apply_patterns(
    rw: &mut Rewriter,
    root: Op,
    patterns: &mut PatternTable,
    worklist: &mut Worklist,
    noted: &mut Vec<Op>,
) -> usize {
    let mut count = 0;
    while let Some(op) = worklist.pop() {
        if op == root || !rw.is_alive(op) || rw.op_parent(op).is_none() {
            continue;
        }
        if dce::is_trivially_dead(rw, op) {
            rw.erase_op(op);
            count += 1;
        } else if patterns.get(rw, op).iter().any(|pattern| pattern(rw, op)) {
            count += 1;
            if rw.is_alive(op) {
                rw.note(op);
            }
        }
        if rw.is_alive(op) {
            requeue_parent_if_now_dead(rw, op, worklist);
        }
        if rw.has_noted() {
            let affected = rw.take_noted();
            worklist.extend(affected.iter().copied());
            noted.extend(affected);
        }
    }
    count
}

/// Whether an op with regions is dead depends on everything nested in it, so a change deep in
/// a loop nest may make an outer loop dead although the loops in between are kept by uses of
/// their results. When such an op `op` (alive only through uses) is visited after its parent,
/// the parent is queued again; a parent still waiting for its visit will see the change then.
fn requeue_parent_if_now_dead(rw: &mut Rewriter, op: Op, worklist: &Worklist) {
    let Some(parent) = rw.parent_op(op) else {
        return;
    };
    if !rw.regions(op).is_empty()
        && !worklist.is_pending(parent)
        && dce::is_dead_but_for_uses(rw, op)
    {
        rw.note(parent);
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
