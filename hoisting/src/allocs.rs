//! The allocations a placement pass works on, found through memory effects (MLIR's
//! `BufferPlacementAllocs`), and where an allocation starts in a block.

use ir::{Context, EffectKind, EffectOn, Effects, Op, Resource, Value};

/// An op allocating one buffer as its result, with its free if it has exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// The allocated buffer.
    pub value: Value,
    /// The allocating op.
    pub op: Op,
    /// The one op freeing `value`, if any.
    pub dealloc: Option<Op>,
}

/// The allocated result of `op`, if `op` allocates exactly one result in `resource`.
fn allocated_result(ctx: &Context, op: Op, resource: Resource) -> Option<Value> {
    let Effects::Known(effects) = ctx.memory_effects(op) else {
        return None;
    };
    let mut results = effects.iter().filter_map(|e| match e.on {
        EffectOn::Result(i) if e.kind == EffectKind::Allocate && e.resource == resource => {
            ctx.results(op).get(i).copied()
        }
        _ => None,
    });
    let first = results.next()?;
    results.next().is_none().then_some(first)
}

/// The one user of `value` that frees it: `Ok(None)` if none, `Err(())` if several.
fn unique_free(ctx: &Context, value: Value) -> Result<Option<Op>, ()> {
    let mut found = None;
    for (user, _) in ctx.uses(value) {
        if analysis::effects::has_own_effect_on(ctx, user, EffectKind::Free, value) {
            if found.is_some_and(|f| f != user) {
                return Err(());
            }
            found = Some(user);
        }
    }
    Ok(found)
}

/// The heap allocations nested in `root`, in post-order (nested ops first), each with its
/// free if it has one; allocations freed by several ops are left out, as MLIR does.
pub fn heap_allocations(ctx: &Context, root: Op) -> Vec<Allocation> {
    ctx.walk_postorder(root)
        .into_iter()
        .filter_map(|op| {
            let value = allocated_result(ctx, op, Resource::Default)?;
            let dealloc = unique_free(ctx, value).ok()?;
            Some(Allocation { value, op, dealloc })
        })
        .collect()
}

/// The buffers the hoisting passes consider, in MLIR's order: the heap allocations of
/// [`heap_allocations`], then the stack allocations (freed by their automatic allocation
/// scope), each group in post-order. One walk over `root`.
pub fn hoisting_candidates(ctx: &Context, root: Op) -> Vec<Value> {
    let mut heap = Vec::new();
    let mut stack = Vec::new();
    for op in ctx.walk_postorder(root) {
        if let Some(value) = allocated_result(ctx, op, Resource::Default)
            && unique_free(ctx, value).is_ok()
        {
            heap.push(value);
        }
        stack.extend(allocated_result(
            ctx,
            op,
            Resource::AutomaticAllocationScope,
        ));
    }
    heap.extend(stack);
    heap
}

/// The op of `block` before which an allocation of `value` is placed: its defining op if that
/// is in `block`, the op of `block` holding it if it is nested there, else the last op of
/// `block` (the value comes from a block that `block` dominates, so `block` holds no use of
/// it and the allocation goes as late as possible: before the terminator, as MLIR places it).
pub fn start_operation(ctx: &Context, value: Value, block: ir::Block) -> Option<Op> {
    let Some(def) = ctx.defining_op(value) else {
        return ctx.first_op(block);
    };
    ctx.ancestor_in_block(block, def)
        .or_else(|| ctx.last_op(block))
}
