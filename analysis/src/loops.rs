//! Which ops are loops, read from the registry: the `LOOP_LIKE` trait (MLIR's
//! `LoopLikeOpInterface`), or a region-branch op whose regions can be re-entered (MLIR's
//! `RegionBranchOpInterface::hasLoop`); and which loops run in parallel instances.

use ir::{Context, Op, RegionPoint, Traits};

use crate::cfg::region_successors;

/// Whether `op` is a loop: `LOOP_LIKE`, or a region-branch op where control can reach a
/// region again after leaving it.
pub fn is_loop(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::LOOP_LIKE) || region_graph_has_cycle(ctx, op)
}

/// Whether `op` is a loop whose body runs in parallel instances (`HAS_PARALLEL_REGION`).
pub fn is_parallel_loop(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::HAS_PARALLEL_REGION) && is_loop(ctx, op)
}

/// Whether `op` is a loop whose trips run one after another.
pub fn is_sequential_loop(ctx: &Context, op: Op) -> bool {
    !ctx.has_trait(op, Traits::HAS_PARALLEL_REGION) && is_loop(ctx, op)
}

/// Whether control flow between `op` and its regions is known: a loop or a region-branch op.
pub fn is_known_control_flow(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::LOOP_LIKE) || ctx.op_def(op).region_branch.is_some()
}

/// Whether some region of the region-branch op `op` can be reached again from itself.
fn region_graph_has_cycle(ctx: &Context, op: Op) -> bool {
    if ctx.op_def(op).region_branch.is_none() {
        return false;
    }
    let n = ctx.regions(op).len();
    let next: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            region_successors(ctx, op, RegionPoint::Region(i))
                .into_iter()
                .filter_map(|s| match s.to {
                    RegionPoint::Region(j) if j < n => Some(j),
                    _ => None,
                })
                .collect()
        })
        .collect();
    (0..n).any(|start| reaches(&next, start, start))
}

/// Whether `to` is reachable from `from` in one or more steps.
fn reaches(next: &[Vec<usize>], from: usize, to: usize) -> bool {
    let mut seen = vec![false; next.len()];
    let mut stack: Vec<usize> = next[from].clone();
    while let Some(i) = stack.pop() {
        if i == to {
            return true;
        }
        if !std::mem::replace(&mut seen[i], true) {
            stack.extend(&next[i]);
        }
    }
    false
}

/// The values that cross from one trip of the loop `op` to the next: the operands forwarded
/// along a back edge between its regions (an edge to a region that does not come later) and
/// the region arguments receiving them. A buffer none of whose aliases is among them is dead
/// at the end of each trip.
pub fn values_carried_across_trips(ctx: &Context, op: Op) -> Vec<ir::Value> {
    let mut carried = Vec::new();
    for i in 0..ctx.regions(op).len() {
        for successor in region_successors(ctx, op, RegionPoint::Region(i)) {
            if let RegionPoint::Region(j) = successor.to
                && j <= i
            {
                carried.extend(successor.operands);
                carried.extend(successor.inputs);
            }
        }
    }
    carried
}
