//! `copy-removal` (seed 001, "CopyRemoval Pass"): removes a copy together with an allocation
//! and a free, in the seed's two cases, for every op with the registry's copy interface
//! (`memref.copy`; clones are left to their canonicalization, which handles the same
//! pattern):
//!
//! * **reusing the source**: `%t = alloc; ...; copy %s, %t; ...; dealloc %s`, with the
//!   allocation of the target, the copy and the free of the source in one block, no use of
//!   any alias of `%t` between its allocation and the copy, and none of `%s` between the copy
//!   and its free: `%t` becomes `%s`;
//! * **reusing the target**: `%s = alloc; ...; copy %s, %t; ...; dealloc %s`, with the same
//!   block, no use of any alias of `%t` between the allocation of `%s` and the copy, none of
//!   `%s` between the copy and the free, and `%t` available before `%s` is allocated: `%s`
//!   becomes `%t`.
//!
//! Both need the two buffers to have the same type. Aliases come from the view-flow analysis,
//! so a view made before the copy and used after it blocks the rewrite.
//!
//! Beyond the seed, **reusing the source across a branch**: when `buffer-deallocation` frees a
//! buffer right after an `scf.if` (any non-loop region-branch op whose regions all return to
//! it) and a branch yields a clone of (a view of) that buffer as its last act, the clone only
//! moves the buffer: that branch yields the buffer itself and every other branch frees it at
//! its end. This is what keeps a loop growing a buffer with `memref.realloc` (expanded into
//! such an `scf.if`) from copying it on the trips that do not grow it.

use analysis::alias::BufferViewFlowAnalysis;
use analysis::dominance::DominanceInfo;
use ir::dialects::bufferization::CloneOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::DeallocOp;
use ir::{Builder, RegionPoint};
use ir::{Context, Op, OpView, Value};
use rustc_hash::FxHashSet;

use crate::origins::allocates_on_heap;

/// One removable copy: erase the copy and the free, replace `from` by `to`, erase the
/// allocation.
struct Removal {
    copy_and_free: [Op; 2],
    alloc: Op,
    from: Value,
    to: Value,
}

/// Runs copy removal on every function nested in `root` until nothing changes.
pub fn run(ctx: &mut Context, root: Op) {
    let funcs: Vec<Op> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| FuncOp::of(ctx, op).is_some_and(|f| f.has_body(ctx)))
        .collect();
    for func in funcs {
        sink_frees_into_branches(ctx, func);
        while remove_round(ctx, func) {}
    }
}

/// One round over `func` with one analysis; buffers touched by a removal wait for the next.
fn remove_round(ctx: &mut Context, func: Op) -> bool {
    let flow = BufferViewFlowAnalysis::compute(ctx, func);
    let dom = DominanceInfo::compute(ctx, func);
    let copies: Vec<Op> = ctx
        .walk_preorder(func)
        .into_iter()
        .filter(|&op| ctx.op_def(op).copy.is_some())
        .collect();
    let mut touched: FxHashSet<Value> = FxHashSet::default();
    let mut removals = Vec::new();
    for copy in copies {
        let Some(iface) = ctx.op_def(copy).copy else {
            continue;
        };
        if iface.source.max(iface.target) >= ctx.num_operands(copy) {
            continue;
        }
        let source = ctx.operand(copy, iface.source);
        let target = ctx.operand(copy, iface.target);
        if touched.contains(&source) || touched.contains(&target) {
            continue;
        }
        let found = reuse_source(ctx, &flow, copy, source, target)
            .or_else(|| reuse_target(ctx, &flow, &dom, copy, source, target));
        if let Some(removal) = found {
            touched.extend([source, target]);
            removals.push(removal);
        }
    }
    let changed = !removals.is_empty();
    for removal in removals {
        for op in removal.copy_and_free {
            ctx.erase_op(op);
        }
        ctx.replace_all_uses_with(removal.from, removal.to);
        ctx.erase_op(removal.alloc);
    }
    changed
}

/// The seed's first case: the target's allocation goes, the source lives on as the target.
fn reuse_source(
    ctx: &Context,
    flow: &BufferViewFlowAnalysis,
    copy: Op,
    source: Value,
    target: Value,
) -> Option<Removal> {
    let alloc = fresh_allocation(ctx, target)?;
    removal(ctx, flow, copy, alloc, [source, target], (target, source))
}

/// The seed's second case: the source's allocation goes, the target takes its place.
fn reuse_target(
    ctx: &Context,
    flow: &BufferViewFlowAnalysis,
    dom: &DominanceInfo,
    copy: Op,
    source: Value,
    target: Value,
) -> Option<Removal> {
    let alloc = fresh_allocation(ctx, source)?;
    if !dom.properly_dominates_value(ctx, target, alloc) {
        return None;
    }
    removal(ctx, flow, copy, alloc, [source, target], (source, target))
}

/// The constraints both cases share: the allocation, the copy and the free of the source in
/// one block, the same types, the target untouched from the allocation to the copy and the
/// source untouched from the copy to its free. `replace` is (buffer that goes, its stand-in).
fn removal(
    ctx: &Context,
    flow: &BufferViewFlowAnalysis,
    copy: Op,
    alloc: Op,
    [source, target]: [Value; 2],
    (from, to): (Value, Value),
) -> Option<Removal> {
    let free = free_after(ctx, source, copy)?;
    let same_block = ctx.op_parent(alloc) == ctx.op_parent(copy);
    if !same_block
        || ctx.value_type(source) != ctx.value_type(target)
        || used_between(ctx, flow, target, alloc, copy)
        || used_between(ctx, flow, source, copy, free)
    {
        return None;
    }
    Some(Removal {
        copy_and_free: [copy, free],
        alloc,
        from,
        to,
    })
}

/// The op allocating `v` on the heap, if `v` is such a result and has no other free.
fn fresh_allocation(ctx: &Context, v: Value) -> Option<Op> {
    let op = ctx.defining_op(v)?;
    (allocates_on_heap(ctx, op, v) && ctx.results(op).len() == 1).then_some(op)
}

/// The one `memref.dealloc` of `v`, if it follows `copy` in its block.
fn free_after(ctx: &Context, v: Value, copy: Op) -> Option<Op> {
    let mut frees = ctx
        .uses(v)
        .map(|(user, _)| user)
        .filter(|&user| DeallocOp::is(ctx, user));
    let free = frees.next()?;
    if frees.next().is_some() || ctx.op_parent(free) != ctx.op_parent(copy) {
        return None;
    }
    ctx.is_before_in_block(copy, free).then_some(free)
}

/// Whether an op strictly between `from` and `to` (same block), or nested in one, uses `v`
/// or any value that may share its buffer.
fn used_between(ctx: &Context, flow: &BufferViewFlowAnalysis, v: Value, from: Op, to: Op) -> bool {
    let mut aliases: FxHashSet<Value> = flow.resolve(v).collect();
    aliases.extend(flow.resolve_reverse(v));
    let mut cur = ctx.next_op(from);
    while let Some(op) = cur {
        if op == to {
            return false;
        }
        let touches = ctx
            .walk_preorder(op)
            .into_iter()
            .any(|o| ctx.operands(o).any(|x| aliases.contains(&x)));
        if touches {
            return true;
        }
        cur = ctx.next_op(op);
    }
    true
}

/// Reusing the source across a branch (see the module docs), for every free in `func`.
fn sink_frees_into_branches(ctx: &mut Context, func: Op) {
    let frees: Vec<Op> = ctx
        .walk_preorder(func)
        .into_iter()
        .filter(|&op| DeallocOp::is(ctx, op))
        .collect();
    for free in frees {
        let Some(plan) = branch_plan(ctx, free) else {
            continue;
        };
        let freed = ctx.operand(free, 0);
        for (term, clone) in plan {
            match clone {
                Some(clone) => {
                    let source = ctx.operand(clone, 0);
                    let result = ctx.result(clone, 0);
                    ctx.replace_all_uses_with(result, source);
                    ctx.erase_op(clone);
                }
                None => {
                    let loc = ctx.op_loc(term);
                    let mut b = Builder::new(ctx, ir::InsertPoint::Before(term), loc);
                    DeallocOp::build(&mut b, freed);
                }
            }
        }
        ctx.erase_op(free);
    }
}

/// For a free right after a branching op: each region's terminator with the clone of the
/// freed buffer it yields last (if any); `None` unless the rewrite applies and some branch
/// has such a clone.
fn branch_plan(ctx: &Context, free: Op) -> Option<Vec<(Op, Option<Op>)>> {
    let freed = ctx.operand(free, 0);
    let branch = ctx.prev_op(free)?;
    let def = ctx.op_def(branch);
    if def.region_branch.is_none()
        || analysis::loops::is_loop(ctx, branch)
        || ctx.defining_op(freed) == Some(branch)
        || ctx.regions(branch).is_empty()
    {
        return None;
    }
    let enters_a_region = analysis::cfg::region_successors(ctx, branch, RegionPoint::Parent)
        .iter()
        .all(|s| matches!(s.to, RegionPoint::Region(_)));
    if !enters_a_region {
        return None;
    }
    let mut plan = Vec::new();
    for (index, &region) in ctx.regions(branch).iter().enumerate() {
        let returns = analysis::cfg::region_successors(ctx, branch, RegionPoint::Region(index))
            .iter()
            .all(|s| s.to == RegionPoint::Parent);
        let mut blocks = ctx.blocks(region);
        let (Some(block), None) = (blocks.next(), blocks.next()) else {
            return None;
        };
        let term = ctx.last_op(block)?;
        if !returns {
            return None;
        }
        plan.push((term, yielded_clone_of(ctx, term, freed)));
    }
    plan.iter().any(|(_, c)| c.is_some()).then_some(plan)
}

/// The clone right before `term` (clones only in between) that copies a view of `freed` and
/// is used by `term` alone.
fn yielded_clone_of(ctx: &Context, term: Op, freed: Value) -> Option<Op> {
    let mut cur = ctx.prev_op(term);
    while let Some(op) = cur {
        let clone = CloneOp::of(ctx, op)?;
        let result = clone.result(ctx);
        let only_yielded = ctx.uses(result).all(|(user, _)| user == term);
        if only_yielded && ir::interfaces::view_base(ctx, clone.source(ctx)) == freed {
            return Some(op);
        }
        cur = ctx.prev_op(op);
    }
    None
}
