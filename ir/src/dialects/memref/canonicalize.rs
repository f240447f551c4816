//! `memref` patterns: inlining an allocation scope that allocates nothing on the stack (or is
//! the last op of its parent scope), folding a reshape of the inverse reshape, `memref.dim`
//! of a static dimension or of an allocation's dynamic size, and taking the
//! aligned pointer of a view instead of its base buffer's (they are the same address); the
//! static-shape patterns (constant allocation sizes, looking through `memref.cast`) are in
//! `static_shapes.rs`.

use super::canonicalize_folds::{
    erase_empty_copy, erase_self_copy, fold_identity_reinterpret_cast, fold_rank_of_ranked,
};
use super::static_shapes::{
    alloc_constant_sizes, fold_cast_of_cast, fold_cast_of_copy_operands,
    fold_cast_of_first_operand, fold_cast_of_stored_buffer, fold_strided_metadata,
    fold_subview_of_cast, fold_trivial_subview, folded_constant,
};
use super::{
    AllocOp, AllocaOp, AllocaScopeOp, CastOp, CollapseShapeOp, CopyOp, DeallocOp, DimOp,
    ExpandShapeOp, ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp, LoadOp, RankOp,
    ReallocOp, ReinterpretCastOp, StoreOp, SubViewOp,
};
use crate::context::Context;
use crate::dialects::arith::ConstantOp;
use crate::dialects::view::OpView;
use crate::entity::{Op, Value};
use crate::registry::{EffectKind, Effects, Registry, Resource, Traits};
use crate::rewrite::{Pattern, Rewriter};
use crate::types::{DYNAMIC, TypeData};

/// Registers the patterns of the `memref` ops.
pub(crate) fn register(reg: &mut Registry) {
    let patterns_of: [(&str, &'static [Pattern]); 17] = [
        (DimOp::NAME, &[fold_dim, fold_cast_of_first_operand]),
        (AllocOp::NAME, &[dead_alloc, alloc_constant_sizes]),
        (AllocaOp::NAME, &[dead_alloc, alloc_constant_sizes]),
        (LoadOp::NAME, &[fold_cast_of_first_operand]),
        (StoreOp::NAME, &[fold_cast_of_stored_buffer]),
        (DeallocOp::NAME, &[fold_cast_of_first_operand]),
        (
            CopyOp::NAME,
            &[
                erase_self_copy,
                erase_empty_copy,
                fold_cast_of_copy_operands,
            ],
        ),
        (RankOp::NAME, &[fold_rank_of_ranked]),
        (ReinterpretCastOp::NAME, &[fold_identity_reinterpret_cast]),
        (CastOp::NAME, &[fold_cast_of_cast]),
        (ExtractStridedMetadataOp::NAME, &[fold_strided_metadata]),
        (
            SubViewOp::NAME,
            &[fold_subview_of_cast, fold_trivial_subview],
        ),
        (ReallocOp::NAME, &[dead_alloc]),
        (AllocaScopeOp::NAME, &[alloca_scope_inline]),
        (
            ExtractAlignedPointerAsIndexOp::NAME,
            &[aligned_pointer_of_base_buffer],
        ),
        (
            CollapseShapeOp::NAME,
            &[fold_reshape_of_inverse::<ExpandShapeOp>],
        ),
        (
            ExpandShapeOp::NAME,
            &[fold_reshape_of_inverse::<CollapseShapeOp>],
        ),
    ];
    for (name, patterns) in patterns_of {
        if let Some(def) = reg.def_mut(name) {
            def.canonicalization.patterns = patterns;
        }
    }
}

/// Whether `op` itself allocates in its enclosing automatic allocation scope (an `alloca`), or
/// may (unknown effects).
fn allocates_on_stack(ctx: &Context, op: Op) -> bool {
    match ctx.memory_effects(op) {
        Effects::Unknown => true,
        Effects::Known(list) => list.iter().any(|e| {
            e.kind == EffectKind::Allocate && e.resource == Resource::AutomaticAllocationScope
        }),
    }
}

/// Whether anything nested in `scope` (not below a nested allocation scope) may allocate in
/// `scope`'s automatic allocation scope.
fn has_potential_stack_allocation(ctx: &Context, scope: Op) -> bool {
    let mut stack: Vec<Op> = nested_ops(ctx, scope);
    while let Some(op) = stack.pop() {
        if ctx.has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS) {
            if ctx.has_trait(op, Traits::AUTOMATIC_ALLOCATION_SCOPE) {
                continue;
            }
        } else if allocates_on_stack(ctx, op) {
            return true;
        }
        if ctx.has_trait(op, Traits::AUTOMATIC_ALLOCATION_SCOPE) {
            continue;
        }
        stack.extend(nested_ops(ctx, op));
    }
    false
}

/// The ops directly inside `op`'s regions.
fn nested_ops(ctx: &Context, op: Op) -> Vec<Op> {
    ctx.regions(op)
        .iter()
        .flat_map(|&r| ctx.blocks(r).collect::<Vec<_>>())
        .flat_map(|b| ctx.block_ops(b).collect::<Vec<_>>())
        .collect()
}

/// `memref.alloca_scope { ops; return %v }` → `ops`, uses of the result replaced by `%v`, when
/// no op inside allocates on the stack, or when the scope is the last op before the
/// terminator of a parent that is itself an allocation scope (lifetimes are unchanged).
/// MLIR's `AllocaScopeInliner`.
fn alloca_scope_inline(rw: &mut Rewriter, op: Op) -> bool {
    let [region] = rw.regions(op)[..] else {
        return false;
    };
    let Some(body) = rw.entry_block(region) else {
        return false;
    };
    if rw.next_block(body).is_some() || !rw.block_args(body).is_empty() {
        return false;
    }
    let Some(terminator) = rw.last_op(body) else {
        return false;
    };
    if rw.num_operands(terminator) != rw.results(op).len() {
        return false;
    }
    if has_potential_stack_allocation(rw, op) {
        let parent_is_scope = rw
            .op_parent(op)
            .and_then(|b| rw.block_parent_op(b))
            .is_some_and(|p| rw.has_trait(p, Traits::AUTOMATIC_ALLOCATION_SCOPE));
        let last_before_terminator = rw
            .next_op(op)
            .is_some_and(|next| rw.next_op(next).is_none());
        if !parent_is_scope || !last_before_terminator {
            return false;
        }
    }
    let results = rw.operand_vec(terminator);
    let ops: Vec<Op> = rw.block_ops(body).collect();
    for nested in ops {
        if nested != terminator {
            rw.move_op_before(nested, op);
        }
    }
    rw.replace_op_uses(op, &results);
    rw.erase_op(op);
    true
}

/// A reshape of a value produced by the inverse reshape, whose source already has the
/// result's type, folds to that source (`collapse_shape(expand_shape(%x))` → `%x`).
/// `Inverse` is the inverse reshape; only reshapes of a single operand (no dynamic output
/// sizes) fold.
fn fold_reshape_of_inverse<Inverse: OpView>(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let result_type = rw.value_type(rw.result(op, 0));
    let source = rw.operand(op, 0);
    let replacement = if rw.value_type(source) == result_type {
        source
    } else {
        let Some(producer) = rw.defining_op(source) else {
            return false;
        };
        if !Inverse::is(rw, producer) || rw.num_operands(producer) != 1 {
            return false;
        }
        let original = rw.operand(producer, 0);
        if rw.value_type(original) != result_type {
            return false;
        }
        original
    };
    rw.replace_op_uses(op, &[replacement]);
    rw.erase_op(op);
    true
}

/// `memref.alloc` / `memref.alloca` / `memref.realloc` whose only users store into it (or
/// free it) is erased with those users: nothing can ever read what they wrote. MLIR's
/// `SimplifyDeadAlloc`; an unused `realloc` goes too (its source, which it no longer frees,
/// is then left to its owner, as upstream leaves it). `bufferization.clone` registers it too:
/// a copy only written and freed is as dead (reading its source has no effect to keep).
pub(crate) fn dead_alloc(rw: &mut Rewriter, op: Op) -> bool {
    let [buffer] = rw.results(op)[..] else {
        return false;
    };
    let only_writes = rw
        .uses(buffer)
        .all(|(user, index)| StoreOp::is(rw, user) && index != 0 || DeallocOp::is(rw, user));
    if !only_writes {
        return false;
    }
    let mut erased: Vec<Op> = rw.uses(buffer).map(|(user, _)| user).collect();
    erased.dedup();
    for user in erased {
        if rw.is_alive(user) {
            rw.erase_op(user);
        }
    }
    rw.erase_op(op);
    true
}

/// `extract_aligned_pointer_as_index` of the base buffer that `extract_strided_metadata` gives
/// for `%v`, or of a `memref.cast` of `%v`, reads `%v` instead: a view and its base buffer
/// share their aligned pointer, and a cast changes no pointer. (Upstream keeps the pointer of
/// a cast; after the constant-size fold that left runtime ownership checks comparing a buffer
/// with its own cast.) Two
/// pointers of the same buffer then become the same op, which `arith.cmpi` folds.
fn aligned_pointer_of_base_buffer(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 {
        return false;
    }
    let operand = rw.operand(op, 0);
    let cast_source = rw
        .defining_op(operand)
        .filter(|&d| CastOp::is(rw, d))
        .map(|cast| rw.operand(cast, 0));
    let Some(source) =
        cast_source.or_else(|| ExtractStridedMetadataOp::source_of_base_buffer(rw, operand))
    else {
        return false;
    };
    rw.set_operand(op, 0, source);
    true
}

/// `memref.dim` of a constant index: the size when the dimension is static, or the dynamic
/// size operand of the `memref.alloc` / `memref.alloca` that made the buffer.
fn fold_dim(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 2 || rw.results(op).len() != 1 {
        return false;
    }
    let source = rw.operand(op, 0);
    let Some(index) = ConstantOp::as_int(rw, rw.operand(op, 1)) else {
        return false;
    };
    let TypeData::MemRef { shape, .. } = rw.type_data(rw.value_type(source)) else {
        return false;
    };
    let Some(&size) = usize::try_from(index).ok().and_then(|i| shape.get(i)) else {
        return false;
    };
    let replacement = if size != DYNAMIC {
        let ty = rw.value_type(rw.result(op, 0));
        folded_constant(rw, op, i128::from(size), ty)
    } else {
        let dynamic_before = shape[..index as usize]
            .iter()
            .filter(|&&d| d == DYNAMIC)
            .count();
        let Some(producer) = rw.defining_op(source) else {
            return false;
        };
        let sizes: Vec<Value> = if let Some(alloc) = AllocOp::of(rw, producer) {
            alloc.dynamic_sizes(rw).collect()
        } else if let Some(alloca) = AllocaOp::of(rw, producer) {
            alloca.dynamic_sizes(rw).collect()
        } else {
            return false;
        };
        match sizes.get(dynamic_before) {
            Some(&v) => v,
            None => return false,
        }
    };
    rw.replace_op_uses(op, &[replacement]);
    rw.erase_op(op);
    true
}
