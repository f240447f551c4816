//! `buffer-hoisting` and `buffer-loop-hoisting`: one placement search, two policies.
//!
//! For each allocation, the search starts at its block and walks outwards: to the immediate
//! dominator while that is still inside the parent op, else to the block holding the parent
//! op, if the parent's control flow is known (a loop or a region-branch op) and the policy
//! allows leaving it. It never goes above the block where the allocation's operands are
//! defined, nor (for block hoisting) above the nearest common dominator of every use of every
//! alias. The allocation then moves before the first op of the placement block that holds or
//! follows its old position.
//!
//! ```text
//! // buffer-hoisting                         // buffer-loop-hoisting
//! cf.cond_br %c, ^bb1, ^bb2                  scf.for %i = %lb to %ub step %s {
//! ^bb2:                                        %b = memref.alloc() : memref<2xf32>
//!   %b = memref.alloc() : memref<2xf32>        memref.copy %x, %b : ...
//!   cf.br ^bb3(%b : memref<2xf32>)           }
//! // becomes                                 // becomes
//! %b = memref.alloc() : memref<2xf32>        %b = memref.alloc() : memref<2xf32>
//! cf.cond_br %c, ^bb1, ^bb2                  scf.for %i = %lb to %ub step %s {
//!                                              memref.copy %x, %b : ...
//!                                            }
//! ```
//!
//! Differences from MLIR 22, each a fix: nothing leaves a parallel loop (MLIR hoists out of
//! `affine.parallel`); a buffer that leaves a loop only through its exit, never passed from
//! one trip to the next nor captured (stored as a value, passed to a call, its address taken),
//! leaves the loop too (MLIR 22 keeps it in, llvm#223944); unreachable
//! blocks and allocations without a common dominator are left alone instead of crashing
//! (llvm#118445); no move at all from a region with a `cf` loop, where climbing dominators or
//! leaving the parent op could take the allocation out of the loop and make every trip share
//! one buffer (MLIR's pass assumes structured loops); no move
//! out of a loop that frees the buffer (a `memref.realloc` or `memref.dealloc` inside it).

use analysis::alias::BufferViewFlowAnalysis;
use analysis::alias_fold::fold_over_aliases;
use analysis::dominance::{DominanceInfo, PostDominanceInfo};
use analysis::loops::{
    is_known_control_flow, is_loop, is_sequential_loop, values_carried_across_trips,
};
use ir::{Block, Changed, Context, EffectKind, Op, Region, TransformResult, Value};
use std::cell::OnceCell;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::allocs::{hoisting_candidates, start_operation};
use crate::peak::AllocationCounts;

/// Which of the two hoisting passes runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    /// Up to dominating blocks, never out of a loop (`buffer-hoisting`).
    ToDominators,
    /// Out of sequential loops only (`buffer-loop-hoisting`).
    OutOfLoops,
}

/// Options of both hoisting passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoistOptions {
    /// Make only the moves that cannot raise the heap peak: none that extends a buffer's life
    /// over another op that may allocate on the heap (see [`crate::peak`]). Off: MLIR's moves.
    pub peak_safe: bool,
}

/// Moves heap allocations nested in `root` up to the dominator of their aliases' uses,
/// staying inside loops (`buffer-hoisting`).
pub fn buffer_hoisting(ctx: &mut Context, root: Op, options: &HoistOptions) -> TransformResult {
    Ok(Changed::from_bool(hoist(
        ctx,
        root,
        Policy::ToDominators,
        options,
    )))
}

/// Moves allocations nested in `root` out of sequential loops when no trip hands the buffer
/// to the next (`buffer-loop-hoisting`).
pub fn buffer_loop_hoisting(
    ctx: &mut Context,
    root: Op,
    options: &HoistOptions,
) -> TransformResult {
    Ok(Changed::from_bool(hoist(
        ctx,
        root,
        Policy::OutOfLoops,
        options,
    )))
}

/// The most aliases followed to decide whether a buffer crosses loop trips; beyond it the
/// buffer is assumed to, and stays (keeps the pass linear on long alias chains).
const CARRIED_ALIAS_LIMIT: usize = 256;

/// The analyses one hoisting run reads; computed once, before anything moves.
struct Analyses {
    dominance: DominanceInfo,
    aliases: BufferViewFlowAnalysis,
    /// Per buffer: the nearest common dominator of every block holding it, an alias of it,
    /// or a use of one (`None`: there is none, e.g. a use in an unreachable block).
    alias_dominators: FxHashMap<Value, Option<Block>>,
    /// Regions whose blocks form a cycle (a `cf` loop): climbing to a dominator there could
    /// leave the loop, so it is not done.
    cyclic_regions: FxHashSet<Region>,
    /// With `peak_safe`: the heap allocations nested in each op and region.
    allocation_counts: Option<AllocationCounts>,
    /// With `peak_safe`: post-dominance over `root`.
    post_dominance: Option<PostDominanceInfo>,
}

fn hoist(ctx: &mut Context, root: Op, policy: Policy, options: &HoistOptions) -> bool {
    let candidates = hoisting_candidates(ctx, root);
    let dominance = DominanceInfo::compute(ctx, root);
    let aliases = BufferViewFlowAnalysis::compute(ctx, root);
    let alias_dominators = alias_dominators(ctx, &dominance, &aliases, &candidates);
    let analyses = Analyses {
        dominance,
        aliases,
        alias_dominators,
        cyclic_regions: cyclic_regions(ctx, root),
        allocation_counts: options
            .peak_safe
            .then(|| AllocationCounts::compute(ctx, root)),
        post_dominance: options
            .peak_safe
            .then(|| PostDominanceInfo::compute(ctx, root)),
    };
    let mut changed = false;
    for value in candidates {
        let Some(op) = ctx.defining_op(value) else {
            continue;
        };
        if !may_hoist(ctx, op, policy) {
            continue;
        }
        let Some(target) = placement(ctx, &analyses, value, op, policy) else {
            continue;
        };
        if target != op {
            tracing::debug!(
                from = %ir::diag::loc_text(ctx, ctx.op_loc(op)),
                before = %ir::diag::loc_text(ctx, ctx.op_loc(target)),
                ?policy,
                "allocation moved: every use of the buffer and its aliases is dominated there"
            );
            ctx.move_op_before(op, target);
            changed = true;
        }
    }
    changed
}

/// Whether the allocation interface of `op` allows this policy's moves.
fn may_hoist(ctx: &Context, op: Op, policy: Policy) -> bool {
    ctx.op_def(op).allocation.is_some_and(|a| match policy {
        Policy::ToDominators => a.hoisting.to_dominators,
        Policy::OutOfLoops => a.hoisting.out_of_loops,
    })
}

/// The op before which the allocation `op` of `value` goes (`op` itself: stays).
fn placement(ctx: &Context, an: &Analyses, value: Value, op: Op, policy: Policy) -> Option<Op> {
    let home = ctx.op_parent(op)?;
    let alias_dominator = an.alias_dominators.get(&value).copied().flatten()?;
    let dependency = dependency_block(ctx, &an.dominance, op);
    let upper_bound = match policy {
        Policy::ToDominators => Some(lower_of(ctx, &an.dominance, alias_dominator, dependency)),
        Policy::OutOfLoops => dependency,
    };
    let search = Search {
        ctx,
        dominance: &an.dominance,
        policy,
        alias_dominator,
        upper_bound,
        aliases: &an.aliases,
        bounded_aliases: OnceCell::new(),
        value,
        cyclic_regions: &an.cyclic_regions,
        allocation_counts: an.allocation_counts.as_ref(),
        post_dominance: an.post_dominance.as_ref(),
    };
    let block = search.placement_block(home);
    start_operation(ctx, value, block)
}

/// For each candidate buffer (and everything derived from one), the nearest common
/// dominator of the blocks of the value, its aliases and all their users, folded over the
/// view-flow graph once (see `analysis::alias_fold`).
fn alias_dominators(
    ctx: &Context,
    dominance: &DominanceInfo,
    aliases: &BufferViewFlowAnalysis,
    candidates: &[Value],
) -> FxHashMap<Value, Option<Block>> {
    let join = |a: Option<Block>, b: Option<Block>| match (a, b) {
        (Some(a), Some(b)) => dominance.nearest_common_dominator(ctx, a, b),
        _ => None,
    };
    let local = |v: Value| {
        let own = ctx.value_parent_block(v);
        ctx.uses(v)
            .filter_map(|(user, _)| ctx.op_parent(user))
            .fold(own, |acc, block| join(acc, Some(block)))
    };
    fold_over_aliases(aliases, candidates.iter().copied(), local, join)
}

/// The regions nested in `root` whose blocks form a cycle.
fn cyclic_regions(ctx: &Context, root: Op) -> FxHashSet<Region> {
    ctx.walk_preorder(root)
        .into_iter()
        .flat_map(|op| ctx.regions(op).to_vec())
        .filter(|&region| ctx.blocks(region).nth(1).is_some())
        .filter(|&region| !analysis::cfg::back_edges(ctx, region).is_empty())
        .collect()
}

/// The innermost block defining an operand of `op` (the allocation cannot go above it).
fn dependency_block(ctx: &Context, dominance: &DominanceInfo, op: Op) -> Option<Block> {
    let mut innermost: Option<Block> = None;
    for operand in ctx.operands(op) {
        let Some(block) = ctx.value_parent_block(operand) else {
            continue;
        };
        if innermost.is_none_or(|b| dominance.dominates_block(ctx, b, block)) {
            innermost = Some(block);
        }
    }
    innermost
}

/// Of the alias dominator and the dependency block, the one lower in the dominator tree.
fn lower_of(ctx: &Context, dominance: &DominanceInfo, dom: Block, dep: Option<Block>) -> Block {
    match dep {
        Some(dep) if dominance.properly_dominates_block(ctx, dom, dep) => dep,
        _ => dom,
    }
}

/// One placement search (see the module docs).
struct Search<'a> {
    ctx: &'a Context,
    dominance: &'a DominanceInfo,
    policy: Policy,
    alias_dominator: Block,
    upper_bound: Option<Block>,
    aliases: &'a BufferViewFlowAnalysis,
    /// The buffer's aliases, resolved once when a loop check first needs them (`None`: more
    /// than [`CARRIED_ALIAS_LIMIT`], so the checks answer conservatively).
    bounded_aliases: OnceCell<Option<FxHashSet<Value>>>,
    /// The buffer being placed.
    value: Value,
    /// Regions with `cf` loops.
    cyclic_regions: &'a FxHashSet<Region>,
    /// With `peak_safe`: where other heap allocations are.
    allocation_counts: Option<&'a AllocationCounts>,
    /// With `peak_safe`: post-dominance, to keep every move on the buffer's own paths.
    post_dominance: Option<&'a PostDominanceInfo>,
}

impl Search<'_> {
    /// Walks outwards from `start` and returns the block the allocation goes to.
    ///
    /// Inside one region the walk would follow immediate dominators until it meets the upper
    /// bound (if that lies in the region) or the entry block; it jumps there directly, so the
    /// search costs O(nesting depth) and not O(dominator-tree depth), which made MLIR's
    /// version quadratic on long chains of blocks.
    fn placement_block(&self, start: Block) -> Block {
        let (ctx, dominance) = (self.ctx, self.dominance);
        let mut current = start;
        let mut placement = start;
        while let Some(parent_op) = ctx.block_parent_op(current)
            && let Some(parent_block) = ctx.op_parent(parent_op)
            && self
                .upper_bound
                .is_none_or(|up| dominance.properly_dominates_block(ctx, up, current))
        {
            if ctx
                .block_parent(current)
                .is_some_and(|region| self.cyclic_regions.contains(&region))
            {
                // A `cf` loop: neither a dominator nor the parent op is on every trip's own path.
                break;
            }
            match self.dominator_to_climb_to(current) {
                Some(above) if self.raises_peak_climbing(current, above) => break,
                Some(above) => {
                    current = above;
                    if self.policy == Policy::ToDominators {
                        placement = above;
                    }
                }
                None => {
                    if !is_known_control_flow(ctx, parent_op)
                        || !self.may_leave(parent_op)
                        || self.raises_peak_leaving(parent_op)
                    {
                        break;
                    }
                    current = parent_block;
                    placement = parent_block;
                }
            }
        }
        placement
    }

    /// With `peak_safe`: whether climbing from `block` to its dominator `above` could raise
    /// the peak or the number of allocations: when some path from `above` misses `block` (the
    /// buffer would be allocated where it was not), or when the region holds another
    /// allocation (the buffer may now be live over it).
    fn raises_peak_climbing(&self, block: Block, above: Block) -> bool {
        let (Some(counts), Some(post)) = (self.allocation_counts, self.post_dominance) else {
            return false;
        };
        let other_allocation = self
            .ctx
            .block_parent(block)
            .is_some_and(|region| counts.region_has_other(region));
        let off_path = !post.post_dominates_block(self.ctx, block, above);
        if other_allocation || off_path {
            tracing::debug!(
                other_allocation,
                off_path,
                "peak-safe: not climbing to the dominator; the buffer would be live over another \
                 allocation, or allocated on paths that never allocated it"
            );
        }
        other_allocation || off_path
    }

    /// With `peak_safe`: whether leaving `parent_op` could raise the peak or the number of
    /// allocations. Leaving a loop is safe when the loop holds no other allocation (the buffer
    /// then only outlives its trips); leaving anything else (a branch of an `scf.if`) would
    /// allocate the buffer on paths that never did.
    fn raises_peak_leaving(&self, parent_op: Op) -> bool {
        let Some(counts) = self.allocation_counts else {
            return false;
        };
        let raises = counts.op_has_other(parent_op) || !is_loop(self.ctx, parent_op);
        if raises {
            tracing::debug!(
                at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(parent_op)),
                "peak-safe: not leaving this op; it holds another allocation, or is no loop (the \
                 buffer would be allocated on paths that never did)"
            );
        }
        raises
    }

    /// Where the climb up the dominator tree of `block`'s region ends: the upper bound if it
    /// is in this region (it dominates `block`), else the region's entry block; `None` when
    /// `block` is that block already or is unreachable (it has no dominator to climb to).
    fn dominator_to_climb_to(&self, block: Block) -> Option<Block> {
        let region = self.ctx.block_parent(block)?;
        let entry = self.ctx.entry_block(region)?;
        if block == entry
            || self
                .dominance
                .immediate_dominator(self.ctx, block)
                .is_none()
        {
            return None;
        }
        match self.upper_bound {
            Some(up) if self.ctx.block_parent(up) == Some(region) => Some(up),
            _ => Some(entry),
        }
    }

    /// Whether an alias of the buffer goes from one trip of `loop` to the next. If none does,
    /// every trip is done with its buffer before the next allocates one, so one buffer
    /// allocated before the loop serves them all, even when an alias leaves the loop through
    /// its exit (MLIR 22 misses those, llvm#223944: it only hoists buffers whose every use is
    /// in the loop).
    fn carried_across_trips(&self, loop_op: Op) -> bool {
        let Some(aliases) = self.bounded_aliases() else {
            return true;
        };
        values_carried_across_trips(self.ctx, loop_op)
            .iter()
            .any(|v| aliases.contains(v))
    }

    /// Whether the buffer may leave `loop_op` although an alias is used after it: no alias
    /// goes from one trip to the next ([`Self::carried_across_trips`]), and none is captured
    /// (stored as a value, passed to a call, its address taken: [`analysis::capture`]), so
    /// no later trip can reach an earlier trip's buffer or tell it from its own. Upstream's
    /// newer `no_hoist_while_{capture,exit_capture,store_alias,pointer_escape}` tests ask the
    /// same.
    fn only_leaves_through_exit(&self, loop_op: Op) -> bool {
        let Some(aliases) = self.bounded_aliases() else {
            return false;
        };
        let captured = analysis::capture::any_captured(self.ctx, aliases);
        if captured {
            tracing::debug!(
                at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(loop_op)),
                "not leaving this loop through its exit: an alias of the buffer is captured"
            );
        }
        !captured && !self.carried_across_trips(loop_op)
    }

    /// Whether an alias is stored into memory as a value or has its address taken
    /// ([`analysis::capture::stores_or_exposes`]): a later trip could then reach an earlier
    /// trip's buffer, or compare addresses, and would see one shared buffer if it left the
    /// loop. MLIR 22 hoists such a buffer when every use is inside the loop. Calls are not
    /// counted: like every deallocation strategy, hoisting assumes that a callee does not keep
    /// a buffer argument beyond the call.
    fn stored_or_exposed(&self) -> bool {
        let Some(aliases) = self.bounded_aliases() else {
            return true;
        };
        let exposed = analysis::capture::any_stored_or_exposed(self.ctx, aliases);
        if exposed {
            tracing::debug!(
                "not leaving the loop: an alias is stored as a value or its address taken"
            );
        }
        exposed
    }

    /// The buffer and its aliases, if there are at most [`CARRIED_ALIAS_LIMIT`].
    fn bounded_aliases(&self) -> Option<&FxHashSet<Value>> {
        self.bounded_aliases
            .get_or_init(|| {
                let aliases = self
                    .aliases
                    .resolve_bounded(self.value, CARRIED_ALIAS_LIMIT)?;
                Some(aliases.into_iter().collect())
            })
            .as_ref()
    }

    /// Whether the buffer or an alias is freed inside `loop_op` (by a `memref.dealloc`, a
    /// `memref.realloc` that consumes it, ...): each trip then ends its buffer's life, so one
    /// buffer allocated before the loop would be freed on every trip. MLIR hoists such
    /// buffers anyway (a double free, or a `realloc` that hands the next trip its own result).
    fn freed_in(&self, loop_op: Op) -> bool {
        let Some(aliases) = self.bounded_aliases() else {
            return true;
        };
        aliases.iter().any(|&alias| {
            self.ctx.uses(alias).any(|(user, _)| {
                self.ctx.is_ancestor(loop_op, user)
                    && analysis::effects::has_own_effect_on(self.ctx, user, EffectKind::Free, alias)
            })
        })
    }

    /// Whether the allocation may leave `parent_op` under this policy.
    fn may_leave(&self, parent_op: Op) -> bool {
        match self.policy {
            Policy::ToDominators => !is_loop(self.ctx, parent_op),
            Policy::OutOfLoops => {
                let Some(parent_block) = self.ctx.op_parent(parent_op) else {
                    return false;
                };
                is_sequential_loop(self.ctx, parent_op)
                    && !self.freed_in(parent_op)
                    && ((!self.dominance.dominates_block(
                        self.ctx,
                        self.alias_dominator,
                        parent_block,
                    ) && !self.stored_or_exposed())
                        || self.only_leaves_through_exit(parent_op))
            }
        }
    }
}
