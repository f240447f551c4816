//! The last use of a freed allocation that nothing aliases, found without the view flow (for
//! `last_use.rs`).
//!
//! The placement of a free asks for the aliases of its buffer (`aliases.rs`), over the view
//! flow of the whole module. But a `memref.alloc` whose uses are all ops that link no buffer
//! (loads, stores, the free) has no alias but itself and, when the free is of the base buffer
//! of its `memref.extract_strided_metadata`, that base buffer: nothing flows into an
//! allocation, and nothing flows out of it. Its last use is then the last op of the block
//! using it, and it may be the held buffer (an allocation on the heap): what the search by
//! alias answers, read from the uses of the allocation alone. When every free of the pass is
//! such a one (a function of allocations used by loads and stores), no view flow is computed.
//!
//! An op links no buffer when the view flow (`analysis::alias`) reads no link from it: it is
//! registered, defines no buffer, holds no region, has no successor, is no view, call or
//! terminator, and is not the last op of its block (a region's terminator forwards its
//! operands). An op taking a pointer (`memref.extract_aligned_pointer_as_index`) links none
//! but counts as a use wherever its pointer is used: the screen leaves such a free to the
//! search.

use crate::block_scan::Scanned;
use analysis::alias::is_buffer;
use ir::dialects::memref::AllocOp;
use ir::{Context, Op, OpView, Traits, Value};

/// The last op of `guard`'s block before it using `held`, the buffer the block holds (the
/// freed `buffer`, or the allocation `definer` computes it from), with `LastBefore(None)` when
/// none does; `UsedAfter` when the guard or an op after it uses it; `GaveUp` when `held` is no
/// allocation or an op may link it to another buffer (or takes a pointer from it, by
/// `takes_pointer`): then its aliases are for the view flow to tell. The uses by `definer` and
/// by the ops directly in the guard (the free) do not count, as in the search by alias.
///
/// The cheap questions come first: most frees the screen leaves to the search are of a block
/// argument (no allocation) or of an allocation a select or a branch passes on.
pub(crate) fn last_use(
    ctx: &Context,
    guard: Op,
    buffer: Value,
    held: Value,
    definer: Option<Op>,
    takes_pointer: impl Fn(Op) -> bool,
) -> Scanned {
    let Some(block) = ctx.op_parent(guard) else {
        return Scanned::GaveUp;
    };
    if !ctx
        .defining_op(held)
        .is_some_and(|def| AllocOp::is(ctx, def))
    {
        return Scanned::GaveUp;
    }
    if let Some(d) = definer
        && (sole_view_source(ctx, d, buffer) != Some(held)
            || !only_freed_by(ctx, buffer, guard, &takes_pointer))
    {
        return Scanned::GaveUp;
    }
    let others = || ctx.uses(held).filter(|&(user, _)| Some(user) != definer);
    if !others().all(|(user, _)| links_nothing(ctx, user, &takes_pointer)) {
        return Scanned::GaveUp;
    }
    let mut last: Option<Op> = None;
    for (user, _) in others() {
        if ctx.parent_op(user) == Some(guard) {
            continue;
        }
        let Some(top) = ctx.ancestor_in_block(block, user) else {
            continue;
        };
        if top == guard || !ctx.is_before_in_block(top, guard) {
            // The held buffer itself may be the one freed: the free stays.
            return Scanned::UsedAfter;
        }
        if last.is_none_or(|l| ctx.is_before_in_block(l, top)) {
            last = Some(top);
        }
    }
    Scanned::LastBefore(last)
}

/// The one buffer operand of `definer` when `buffer` is its first result and only buffer
/// result, so that the view flow links that operand to `buffer` alone (as a view's source, or
/// as the buffer operand of a pure op).
fn sole_view_source(ctx: &Context, definer: Op, buffer: Value) -> Option<Value> {
    let results = ctx.results(definer);
    if results.first() != Some(&buffer) || results[1..].iter().any(|&r| is_buffer(ctx, r)) {
        return None;
    }
    let mut buffers = ctx.operands(definer).filter(|&v| is_buffer(ctx, v));
    let source = buffers.next()?;
    buffers.next().is_none().then_some(source)
}

/// Whether every use of `buffer` is by an op directly in `guard` linking no buffer (its free).
fn only_freed_by(
    ctx: &Context,
    buffer: Value,
    guard: Op,
    takes_pointer: &impl Fn(Op) -> bool,
) -> bool {
    ctx.uses(buffer).all(|(user, _)| {
        ctx.parent_op(user) == Some(guard) && links_nothing(ctx, user, takes_pointer)
    })
}

/// Whether the view flow reads no link from `op` and it takes no pointer (see the module
/// docs).
fn links_nothing(ctx: &Context, op: Op, takes_pointer: &impl Fn(Op) -> bool) -> bool {
    let def = ctx.op_def(op);
    def.registered
        && def.view_source.is_none()
        && def.call.is_none()
        && def.successor_operands.is_none()
        && def.region_branch.is_none()
        && !def.traits.contains(Traits::TERMINATOR)
        && !def.traits.contains(Traits::RETURN_LIKE)
        && ctx.next_op(op).is_some()
        && ctx.regions(op).is_empty()
        && ctx.successors(op).is_empty()
        && !ctx.results(op).iter().any(|&r| is_buffer(ctx, r))
        && !takes_pointer(op)
}
