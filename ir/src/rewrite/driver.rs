//! The greedy pattern driver (MLIR's `applyPatternsGreedily`).
//!
//! Worklist-driven: the first iteration visits the given ops (every op nested in the root, in
//! post-order, children first), erasing trivially dead ones (when enabled) and applying the
//! first pattern of the set that changes each other op; every change goes through a
//! [`Rewriter`], which notes the ops it may affect, and those are visited next: in the same
//! iteration if it has not visited them yet, else in the next one (see [`Worklist`]). After
//! each iteration the set may do work of its own ([`PatternSet::after_iteration`]: region
//! simplification, constant deduplication). The driver stops when an iteration changes
//! nothing, or after [`GreedyConfig::max_iterations`], and says which.

use super::dead::{is_dead_but_for_uses, is_trivially_dead};
use super::rewriter::Rewriter;
use super::worklist::Worklist;
use crate::context::Context;
use crate::entity::Op;

/// Options of the driver.
#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Iteration cap (MLIR's default is 10); at least one iteration runs.
    pub max_iterations: usize,
    /// Whether trivially dead ops met on the worklist are erased (MLIR does).
    pub erase_dead_ops: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            erase_dead_ops: true,
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
pub struct GreedyReport {
    /// Iterations run (including the final unchanged one).
    pub iterations: usize,
    /// Rewrites applied (pattern applications, erased ops, and the set's own changes).
    pub rewrites: usize,
    /// Why it stopped.
    pub reason: StopReason,
}

impl GreedyReport {
    /// Whether anything changed.
    pub fn changed(&self) -> bool {
        self.rewrites > 0
    }
}

/// What an iteration did, for [`PatternSet::after_iteration`].
pub struct IterationInfo<'a> {
    /// The iteration's number, from 1.
    pub iteration: usize,
    /// The ops the driver started from (the first iteration's worklist).
    pub initial: &'a [Op],
    /// With a root, those of [`IterationInfo::initial`] that have regions and were alive when
    /// the first iteration reached them (the others are erased), in the same order, each once:
    /// the first iteration's visits read whether an op has regions anyway, so a pass after it
    /// that wants the initial ops' regions need not read every op again. Empty without a root.
    pub initial_with_regions: &'a [Op],
    /// The ops the iteration's changes noted as affected (may include erased ops), and those
    /// the previous iteration's own work ([`PatternSet::after_iteration`]) noted: its changes
    /// (an erased block, a dropped block argument) may enable more of the same.
    pub noted: &'a [Op],
}

/// A set of patterns for the driver.
pub trait PatternSet {
    /// Applies the first pattern that changes `op` (a live op with a parent); whether one did.
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool;

    /// Work done after each iteration's worklist is empty; returns the number of changes.
    fn after_iteration(&mut self, rw: &mut Rewriter, info: &IterationInfo) -> usize {
        let _ = (rw, info);
        0
    }
}

/// Applies `patterns` greedily to every op nested in `root` (not `root` itself).
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: Op,
    patterns: &mut impl PatternSet,
    config: &GreedyConfig,
) -> GreedyReport {
    let everything = ctx.walk_postorder(root);
    drive(ctx, Some(root), everything, patterns, config)
}

/// Applies `patterns` greedily starting from `ops` only (MLIR's `applyOpPatternsGreedily`);
/// the ops their changes affect are visited too.
pub fn apply_patterns_greedily_to(
    ctx: &mut Context,
    ops: Vec<Op>,
    patterns: &mut impl PatternSet,
    config: &GreedyConfig,
) -> GreedyReport {
    drive(ctx, None, ops, patterns, config)
}

/// The driver, from `initial`: with a `root`, the walk of everything nested in it (each op
/// once); without, the ops a caller gave (possibly repeated).
fn drive(
    ctx: &mut Context,
    root: Option<Op>,
    initial: Vec<Op>,
    patterns: &mut impl PatternSet,
    config: &GreedyConfig,
) -> GreedyReport {
    let mut worklist = Worklist::with_room_for(&initial);
    let mut rw = Rewriter::new(ctx);
    if root.is_some() {
        worklist.start_first_generation(&initial);
    } else {
        worklist.start_generation(initial.iter().copied());
    }
    let mut rewrites = 0;
    let max_iterations = config.max_iterations.max(1);
    let mut carried = Vec::new();
    let mut initial_with_regions = Vec::new();
    for iteration in 1..=max_iterations {
        let mut visit = Visit {
            root,
            config,
            noted: std::mem::take(&mut carried),
            initial_with_regions: (iteration == 1).then(|| InitialWithRegions::new(root, &initial)),
        };
        let visited = visit.run(&mut rw, patterns, &mut worklist);
        if let Some(mut gathered) = visit.initial_with_regions.take() {
            gathered.add_root(&rw, root);
            initial_with_regions = gathered.ops;
        }
        let info = IterationInfo {
            iteration,
            initial: &initial,
            initial_with_regions: &initial_with_regions,
            noted: &visit.noted,
        };
        let own = patterns.after_iteration(&mut rw, &info);
        tracing::debug!(
            iteration,
            visited,
            own,
            noted = visit.noted.len(),
            "greedy iteration"
        );
        let changed = visited + own;
        carried = rw.take_noted();
        worklist.extend(carried.iter().copied());
        rewrites += changed;
        if changed == 0 {
            tracing::debug!(iteration, rewrites, "greedy driver converged");
            return GreedyReport {
                iterations: iteration,
                rewrites,
                reason: StopReason::Converged,
            };
        }
        worklist.start_generation([]);
    }
    tracing::debug!(rewrites, "greedy driver hit the iteration limit");
    GreedyReport {
        iterations: max_iterations,
        rewrites,
        reason: StopReason::IterationLimit,
    }
}

/// One iteration's walk over the worklist.
struct Visit<'a> {
    root: Option<Op>,
    config: &'a GreedyConfig,
    /// Every op the iteration's changes noted.
    noted: Vec<Op>,
    /// In the first iteration, where the initial ops with regions are gathered.
    initial_with_regions: Option<InitialWithRegions>,
}

/// The initial ops that have regions, gathered as the first iteration visits them (see
/// [`IterationInfo::initial_with_regions`]). The first iteration visits the initial ops in
/// order before any op queued during it (new ops and ops changed in place for a rebuild join
/// at the end), so an initial op met for the first time is next in order.
struct InitialWithRegions {
    /// Whether to gather at all (with a root: the initial ops are a walk, each once).
    gather: bool,
    /// The largest id among the initial ops: ops created since have larger ones.
    newest: u32,
    /// Initial ops visited again after a change in place ([`Worklist::forget`]): met already.
    revisited: rustc_hash::FxHashSet<Op>,
    ops: Vec<Op>,
}

impl InitialWithRegions {
    fn new(root: Option<Op>, initial: &[Op]) -> Self {
        InitialWithRegions {
            gather: root.is_some(),
            newest: initial.iter().map(|op| op.as_u32()).max().unwrap_or(0),
            revisited: Default::default(),
            ops: Vec::new(),
        }
    }

    /// Gathers `op`, a live op with regions the first iteration is visiting, if it is an
    /// initial op met for the first time.
    fn meet(&mut self, op: Op) {
        if self.gather && op.as_u32() <= self.newest && !self.revisited.contains(&op) {
            self.ops.push(op);
        }
    }

    /// Notes that `op` was changed in place and will be visited again.
    fn renewed(&mut self, op: Op) {
        if self.gather {
            self.revisited.insert(op);
        }
    }

    /// Adds the root, the last initial op (the walk is post-order), which no visit meets.
    fn add_root(&mut self, ctx: &Context, root: Option<Op>) {
        if let Some(root) = root.filter(|_| self.gather)
            && ctx.is_alive(root)
            && !ctx.regions(root).is_empty()
        {
            self.ops.push(root);
        }
    }
}

impl Visit<'_> {
    /// Visits the current generation's ops, erasing the trivially dead ones (if enabled) and
    /// applying the first matching pattern to the others; queues what each change affects.
    /// Returns the number of rewrites.
    fn run(
        &mut self,
        rw: &mut Rewriter,
        patterns: &mut impl PatternSet,
        worklist: &mut Worklist,
    ) -> usize {
        let mut count = 0;
        while let Some(op) = worklist.pop() {
            if Some(op) == self.root || !rw.is_alive(op) || rw.op_parent(op).is_none() {
                continue;
            }
            if let Some(gathered) = self.initial_with_regions.as_mut()
                && !rw.regions(op).is_empty()
            {
                gathered.meet(op);
            }
            // An op changed in place for a rebuild (`Rewriter::keep_results_in_place`) stands
            // for the new op: the one visited here is gone, as far as the visit goes.
            let mut renewed = None;
            if self.config.erase_dead_ops && is_trivially_dead(rw, op) {
                rw.erase_op(op);
                count += 1;
            } else if patterns.apply(rw, op) {
                count += 1;
                renewed = rw.take_renewed();
                if rw.is_alive(op) && renewed != Some(op) {
                    rw.note(op);
                }
            }
            // Only an op with regions can make its parent dead (see the function); most have
            // none, which is told without a call.
            if self.config.erase_dead_ops
                && rw.is_alive(op)
                && renewed != Some(op)
                && !rw.regions(op).is_empty()
            {
                requeue_parent_if_now_dead(rw, op, worklist);
            }
            if let Some(new) = renewed {
                debug_assert!(new == op, "only the visited op is renewed");
                worklist.forget(new);
                if let Some(gathered) = self.initial_with_regions.as_mut() {
                    gathered.renewed(new);
                }
            }
            if rw.has_noted() {
                let start = self.noted.len();
                self.noted.extend(rw.drain_noted());
                worklist.extend(self.noted[start..].iter().copied());
            }
        }
        count
    }
}

/// Whether an op with regions is dead depends on everything nested in it, so a change deep in
/// a loop nest may make an outer loop dead although the loops in between are kept by uses of
/// their results. When such an op `op` (alive only through uses) is visited after its parent,
/// the parent is queued again; a parent still waiting for its visit will see the change then.
/// Asked only of an op with regions (its caller tells the others apart without a call).
fn requeue_parent_if_now_dead(rw: &mut Rewriter, op: Op, worklist: &Worklist) {
    debug_assert!(!rw.regions(op).is_empty(), "asked of an op without regions");
    let Some(parent) = rw.parent_op(op) else {
        return;
    };
    if !worklist.is_pending(parent) && is_dead_but_for_uses(rw, op) {
        rw.note(parent);
    }
}
