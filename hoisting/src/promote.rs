//! `promote-buffers-to-stack`: small heap allocations that no free names and that stay inside
//! an automatic allocation scope become stack allocations of that scope.
//!
//! An allocation is small if its static size is at most `max_alloc_size_in_bytes`, or if it
//! is dynamic with a rank of at most `max_rank_of_allocated_memref` and every size is the rank
//! of some memref (so tiny). It has a scope if, walking out from its region through ops with
//! known control flow and no loop, some op is an automatic allocation scope from whose region
//! no alias is returned.
//!
//! ```text
//! func.func @f() {                          func.func @f() {
//!   %a = memref.alloc() : memref<4xf32>       %a = memref.alloca() : memref<4xf32>
//!   ...                                        ...
//! ```
//!
//! Differences from MLIR 22, each a fix: element types without a bit width (memrefs of
//! memrefs) and element counts whose size overflows are "not small" instead of crashing.

use analysis::alias::BufferViewFlowAnalysis;
use analysis::loops::{is_known_control_flow, is_loop};
use ir::dialects::memref::RankOp;
use ir::{
    Builder, Changed, Context, Op, OpView, Region, Traits, TransformResult, Type, TypeData, Value,
};

use crate::allocs::heap_allocations;
use crate::peak::AllocationCounts;

/// The most aliases followed to decide whether a buffer escapes its scope; a buffer with
/// more is left on the heap (keeps the pass linear on long alias chains).
const SCOPE_ALIAS_LIMIT: usize = 256;

/// Options of `promote-buffers-to-stack` (MLIR's defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromoteOptions {
    /// The largest static allocation promoted, in bytes.
    pub max_alloc_size_in_bytes: u32,
    /// The largest rank of a dynamically sized allocation promoted.
    pub max_rank_of_allocated_memref: u32,
    /// The bit width of `index` elements where no data layout (`dlti.dl_spec` on an enclosing
    /// op) gives one.
    pub bitwidth_of_index_type: u32,
    /// Promote only buffers whose longer life on the stack (to the end of the scope) spans no
    /// other allocation, so the peak cannot grow (see `peak`).
    pub peak_safe: bool,
}

impl Default for PromoteOptions {
    fn default() -> Self {
        PromoteOptions {
            max_alloc_size_in_bytes: 1024,
            max_rank_of_allocated_memref: 1,
            bitwidth_of_index_type: 64,
            peak_safe: false,
        }
    }
}

/// Promotes the small, scoped, never freed heap allocations nested in `root` to the stack.
pub fn promote_buffers_to_stack(
    ctx: &mut Context,
    root: Op,
    options: &PromoteOptions,
) -> TransformResult {
    let aliases = BufferViewFlowAnalysis::compute(ctx, root);
    let counts = options
        .peak_safe
        .then(|| AllocationCounts::compute(ctx, root));
    let mut changed = false;
    for allocation in heap_allocations(ctx, root) {
        let Some(promote) = ctx
            .op_def(allocation.op)
            .allocation
            .and_then(|a| a.promote_to_stack)
        else {
            continue;
        };
        let at = ir::diag::loc_text(ctx, ctx.op_loc(allocation.op));
        let refusal = if allocation.dealloc.is_some() {
            Some("the program frees it")
        } else if !is_small(ctx, allocation.op, allocation.value, options) {
            Some("it is too large or of unknown size")
        } else if !has_allocation_scope(ctx, &aliases, allocation.value) {
            Some("it or an alias leaves its automatic allocation scope")
        } else if options.peak_safe && in_a_loop(ctx, allocation.op) {
            Some("peak-safe: it is allocated on every trip of a loop, and the stack keeps each")
        } else if counts
            .as_ref()
            .is_some_and(|c| allocates_before_scope_end(ctx, c, allocation.op))
        {
            Some("peak-safe: another allocation follows before its scope ends")
        } else {
            None
        };
        if let Some(why) = refusal {
            tracing::debug!(%at, "kept on the heap: {why}");
            continue;
        }
        tracing::debug!(%at, "promoted to the stack: small, never freed, stays in its scope");
        let mut b = Builder::before(ctx, allocation.op);
        let promoted = promote(&mut b, allocation.op);
        ctx.replace_op_uses(allocation.op, &[ctx.result(promoted, 0)]);
        ctx.erase_op(allocation.op);
        changed = true;
    }
    Ok(Changed::from_bool(changed))
}

/// Whether the allocation `op` of `value` is small enough for the stack.
fn is_small(ctx: &Context, op: Op, value: Value, options: &PromoteOptions) -> bool {
    let TypeData::MemRef { shape, elem, .. } = ctx.type_data(ctx.value_type(value)) else {
        return false;
    };
    if shape.iter().any(|&d| d < 0) {
        let rank_ok = shape.len() as u64 <= u64::from(options.max_rank_of_allocated_memref);
        return rank_ok
            && ctx
                .operands(op)
                .all(|size| ctx.defining_op(size).is_some_and(|d| RankOp::is(ctx, d)));
    }
    let index_bits =
        ir::data_layout::index_bitwidth(ctx, op).unwrap_or(options.bitwidth_of_index_type);
    let Some(bits) = element_bits(ctx, *elem, index_bits) else {
        return false;
    };
    let total_bits = shape
        .iter()
        .try_fold(bits, |acc, &d| acc.checked_mul(d as u64));
    let limit = u64::from(options.max_alloc_size_in_bytes) * 8;
    total_bits.is_some_and(|total| total <= limit)
}

/// The size of one element in bits, if the type has one.
fn element_bits(ctx: &Context, elem: Type, index_bits: u32) -> Option<u64> {
    match ctx.type_data(elem) {
        TypeData::Integer { width, .. } => Some(u64::from(*width)),
        TypeData::Index => Some(u64::from(index_bits)),
        TypeData::Float(kind) => Some(u64::from(kind.width())),
        TypeData::Complex(part) => element_bits(ctx, *part, index_bits).map(|b| 2 * b),
        TypeData::Vector { shape, elem, .. } => {
            let bits = element_bits(ctx, *elem, index_bits)?;
            shape
                .iter()
                .try_fold(bits, |acc, &d| acc.checked_mul(u64::try_from(d).ok()?))
        }
        _ => None,
    }
}

/// Whether `op` is nested in a loop (up to its function).
///
/// MLIR counts `scf.for` as an automatic allocation scope, so each trip would release its
/// stack buffers; but the lowering to LLVM does not release them, and a stack buffer allocated
/// on every trip grows the stack by one buffer per trip (the interpreter, modelling that,
/// shows the peak rising with the trip count). Peak-safe promotion leaves such buffers on the
/// heap.
fn in_a_loop(ctx: &Context, op: Op) -> bool {
    let mut at = ctx.parent_op(op);
    while let Some(parent) = at {
        if is_loop(ctx, parent) {
            return true;
        }
        if ctx.has_trait(parent, Traits::FUNCTION_LIKE) {
            return false;
        }
        at = ctx.parent_op(parent);
    }
    false
}

/// Whether `value` lives in an automatic allocation scope it never escapes, reached from its
/// region through ops with known control flow that are not loops.
fn has_allocation_scope(ctx: &Context, aliases: &BufferViewFlowAnalysis, value: Value) -> bool {
    let Some(mut region) = ctx
        .value_parent_block(value)
        .and_then(|b| ctx.block_parent(b))
    else {
        return false;
    };
    let Some(alias_set) = aliases.resolve_bounded(value, SCOPE_ALIAS_LIMIT) else {
        return false;
    };
    while let Some(parent) = ctx.region_parent(region) {
        if ctx.has_trait(parent, Traits::AUTOMATIC_ALLOCATION_SCOPE)
            && !returned_from(ctx, region, &alias_set)
        {
            return true;
        }
        if is_loop(ctx, parent) || !is_known_control_flow(ctx, parent) {
            return false;
        }
        let Some(outer) = ctx.op_parent_region(parent) else {
            return false;
        };
        region = outer;
    }
    false
}

/// Whether something may allocate between `alloc` and the end of the allocation scope its
/// stack buffer would live in (or the path there has several blocks, so order is unclear).
fn allocates_before_scope_end(ctx: &Context, counts: &AllocationCounts, alloc: Op) -> bool {
    let mut at = alloc;
    loop {
        if counts.any_after(at) {
            return true;
        }
        let Some(region) = ctx.op_parent_region(at) else {
            return false;
        };
        if ctx.blocks(region).nth(1).is_some() {
            return true;
        }
        let Some(parent) = ctx.region_parent(region) else {
            return false;
        };
        if ctx.has_trait(parent, Traits::AUTOMATIC_ALLOCATION_SCOPE) {
            return false;
        }
        at = parent;
    }
}

/// Whether a terminator of `region` returns one of `aliases` to the region's parent.
fn returned_from(ctx: &Context, region: Region, aliases: &[Value]) -> bool {
    aliases.iter().any(|&alias| {
        ctx.uses(alias).any(|(user, _)| {
            is_region_return(ctx, user) && ctx.op_parent_region(user) == Some(region)
        })
    })
}

/// Whether `op` hands control and values back to its region's parent: return-like, or a
/// terminator without successors (MLIR's `isRegionReturnLike`, which counts `scf.condition`).
fn is_region_return(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::RETURN_LIKE)
        || ctx.has_trait(op, Traits::TERMINATOR) && ctx.successors(op).is_empty()
}
