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

use analysis::alias::BufferViewFlowAnalysis;
use analysis::dominance::DominanceInfo;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::DeallocOp;
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
    let free = free_after(ctx, source, copy)?;
    let same_block = ctx.op_parent(alloc) == ctx.op_parent(copy);
    if !same_block || ctx.value_type(source) != ctx.value_type(target) {
        return None;
    }
    if used_between(ctx, flow, target, alloc, copy) || used_between(ctx, flow, source, copy, free) {
        return None;
    }
    Some(Removal {
        copy_and_free: [copy, free],
        alloc,
        from: target,
        to: source,
    })
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
    let free = free_after(ctx, source, copy)?;
    let same_block = ctx.op_parent(alloc) == ctx.op_parent(copy);
    if !same_block
        || ctx.value_type(source) != ctx.value_type(target)
        || !dom.properly_dominates_value(ctx, target, alloc)
    {
        return None;
    }
    if used_between(ctx, flow, target, alloc, copy) || used_between(ctx, flow, source, copy, free) {
        return None;
    }
    Some(Removal {
        copy_and_free: [copy, free],
        alloc,
        from: source,
        to: target,
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
