//! The buffers the transformations trade: heap allocations (`memref.alloc`), their frees
//! (`memref.dealloc`), what makes two of them interchangeable ([`BufferKey`]: type, dynamic
//! sizes, alignment), and the allocation/free pairs of one block.

use ir::dialects::memref::{AllocOp, DeallocOp};
use ir::{Attr, Block, Context, Op, OpView, RegionPoint, Type, TypeData, Value, ValueDef};

/// What a buffer must share with another to take its place: the same memref type, the same
/// dynamic sizes (the same SSA values) and the same alignment request.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct BufferKey {
    /// The memref type.
    pub ty: Type,
    /// The dynamic sizes, in order.
    pub sizes: Vec<Value>,
    /// The `alignment` attribute of the allocation, if any.
    pub alignment: Option<Attr>,
}

/// The key of the buffer `alloc` creates; `None` if its layout has symbols.
pub(crate) fn alloc_key(ctx: &Context, alloc: AllocOp) -> Option<BufferKey> {
    if alloc.symbol_operands(ctx).len() != 0 {
        return None;
    }
    Some(BufferKey {
        ty: ctx.value_type(alloc.result(ctx)),
        sizes: alloc.dynamic_sizes(ctx).collect(),
        alignment: alloc.alignment(ctx),
    })
}

/// The key of a freed buffer, when its size is known exactly: it is an allocation's result,
/// or a region argument of a loop (or other region op) that receives only allocations of its
/// static type (directly, or through other region arguments of that op). A buffer of unknown
/// origin could be larger than its type says (a `memref.reinterpret_cast` of a bigger one), so
/// keeping it alive in place of another could raise the peak: it has no key.
pub(crate) fn freed_key(ctx: &Context, value: Value) -> Option<BufferKey> {
    if let Some(alloc) = ctx.defining_op(value).and_then(|op| AllocOp::of(ctx, op)) {
        return alloc_key(ctx, alloc);
    }
    let ty = ctx.value_type(value);
    let owner = ctx.value_parent_block(value)?;
    let op = ctx.block_parent_op(owner)?;
    let static_key = BufferKey {
        ty,
        sizes: Vec::new(),
        alignment: None,
    };
    (is_static_memref(ctx, ty) && receives_only_allocations(ctx, op, value, &static_key))
        .then_some(static_key)
}

/// Whether every value reaching the region argument `arg` of `op` along `op`'s region edges is
/// an allocation with `key` or another region argument of `op` that only receives such (a
/// bounded search; `false` when it gives up).
fn receives_only_allocations(ctx: &Context, op: Op, arg: Value, key: &BufferKey) -> bool {
    if !matches!(ctx.value_def(arg), ValueDef::BlockArg { .. })
        || ctx.op_def(op).region_branch.is_none()
    {
        return false;
    }
    let mut edges: Vec<(Value, Value)> = Vec::new();
    let points = std::iter::once(RegionPoint::Parent)
        .chain((0..ctx.regions(op).len()).map(RegionPoint::Region));
    for point in points {
        for successor in analysis::cfg::region_successors(ctx, op, point) {
            edges.extend(
                successor
                    .operands
                    .iter()
                    .copied()
                    .zip(successor.inputs.iter().copied()),
            );
        }
    }
    let mut seen = vec![arg];
    let mut pending = vec![arg];
    while let Some(target) = pending.pop() {
        let mut sources = edges
            .iter()
            .filter(|(_, input)| *input == target)
            .peekable();
        if sources.peek().is_none() {
            return false;
        }
        for &(source, _) in sources {
            let allocated = ctx
                .defining_op(source)
                .and_then(|o| AllocOp::of(ctx, o))
                .and_then(|a| alloc_key(ctx, a));
            if allocated.as_ref() == Some(key) {
                continue;
            }
            let is_region_arg = matches!(ctx.value_def(source), ValueDef::BlockArg { .. })
                && ctx
                    .value_parent_block(source)
                    .and_then(|b| ctx.block_parent_op(b))
                    == Some(op);
            if !is_region_arg || ctx.value_type(source) != key.ty || seen.len() > 64 {
                return false;
            }
            if !seen.contains(&source) {
                seen.push(source);
                pending.push(source);
            }
        }
    }
    true
}

/// Whether `ty` is a memref type with static sizes.
pub(crate) fn is_static_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::MemRef { shape, .. } if shape.iter().all(|&d| d >= 0))
}

/// An allocation freed unconditionally in its own block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    /// The `memref.alloc`.
    pub alloc: Op,
    /// The `memref.dealloc` of its result, a later op of the same block.
    pub dealloc: Op,
}

/// The one `memref.dealloc` freeing `value`, if it is an op of `block` and no other op frees
/// `value` directly.
pub(crate) fn block_dealloc(ctx: &Context, value: Value, block: Block) -> Option<Op> {
    let mut found = None;
    for (user, _) in ctx.uses(value) {
        if DeallocOp::is(ctx, user) {
            if found.is_some() {
                return None;
            }
            found = Some(user);
        }
    }
    found.filter(|&d| ctx.op_parent(d) == Some(block))
}

/// The allocations of `block` (top-level ops) freed later in `block`, in block order, whose
/// keys are defined outside `outside` (so the allocation could move out of it).
pub(crate) fn block_pairs(ctx: &Context, block: Block, outside: Op) -> Vec<(Pair, BufferKey)> {
    let mut pairs = Vec::new();
    for op in ctx.block_ops(block) {
        let Some(alloc) = AllocOp::of(ctx, op) else {
            continue;
        };
        let Some(key) = alloc_key(ctx, alloc) else {
            continue;
        };
        if key.sizes.iter().any(|&s| defined_inside(ctx, s, outside)) {
            continue;
        }
        let Some(dealloc) = block_dealloc(ctx, alloc.result(ctx), block) else {
            continue;
        };
        if ctx.is_before_in_block(op, dealloc) {
            pairs.push((Pair { alloc: op, dealloc }, key));
        }
    }
    pairs
}

/// Whether `value` is defined in a region of `op` (at any depth): an argument of one of its
/// blocks, or a result of an op nested in it.
pub(crate) fn defined_inside(ctx: &Context, value: Value, op: Op) -> bool {
    match ctx.value_def(value) {
        ValueDef::Result { op: def, .. } => def != op && ctx.is_ancestor(op, def),
        _ => ctx
            .value_parent_block(value)
            .and_then(|b| ctx.block_parent_op(b))
            .is_some_and(|owner| ctx.is_ancestor(op, owner)),
    }
}
