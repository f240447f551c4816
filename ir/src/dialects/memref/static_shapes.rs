//! `memref` patterns that make shapes static: an allocation whose dynamic sizes are constants
//! becomes an allocation of the static type followed by a `memref.cast` back to the old type
//! (MLIR's `SimplifyAllocConst`), and the ops that only read a buffer's address or elements
//! then look through such casts to the more static buffer (MLIR's `foldMemRefCast` in the
//! folders of `load`, `store`, `dealloc`, `dim`, `copy` and `cast`), so the cast is left with
//! the users that need the old type (calls, returns, yields).

use super::{CastOp, Ranked, ranked, strides_and_offset};
use crate::builder::InsertPoint;
use crate::context::Context;
use crate::dialects::arith::ConstantOp;
use crate::dialects::syntax::dense_array_values;
use crate::dialects::view::OpView;
use crate::entity::{Op, Type, Value};
use crate::registry::Traits;
use crate::rewrite::Rewriter;
use crate::types::{DYNAMIC, TypeData};

/// The `operandSegmentSizes` groups of an allocation: dynamic sizes, then layout symbols.
fn allocation_segments(rw: &Rewriter, op: Op) -> Option<(usize, usize)> {
    let sizes = dense_array_values(rw, op, "operandSegmentSizes")?;
    match *sizes {
        [dynamic, symbols] => Some((
            usize::try_from(dynamic).ok()?,
            usize::try_from(symbols).ok()?,
        )),
        _ => None,
    }
}

/// `memref.alloc(%c4, %n) : memref<?x?xf32>` with `%c4` a non-negative constant →
/// `memref.alloc(%n) : memref<4x?xf32>` and a `memref.cast` to `memref<?x?xf32>` that takes
/// the old result's uses (the same for `memref.alloca`). The alignment and the layout's
/// symbol operands are kept; other attributes are dropped, as upstream does.
pub(super) fn alloc_constant_sizes(rw: &mut Rewriter, op: Op) -> bool {
    // No operand, no dynamic size to fold (most allocations): decided before reading the type.
    if rw.num_operands(op) == 0 {
        return false;
    }
    let (&[result], Some((num_dynamic, num_symbols))) =
        (rw.results(op), allocation_segments(rw, op))
    else {
        return false;
    };
    let old_type = rw.value_type(result);
    let TypeData::MemRef {
        shape,
        elem,
        layout,
        memory_space,
    } = rw.type_data(old_type).clone()
    else {
        return false;
    };
    let operands = rw.operand_vec(op);
    if operands.len() != num_dynamic + num_symbols
        || shape.iter().filter(|&&d| d == DYNAMIC).count() != num_dynamic
    {
        return false;
    }
    let constant_size =
        |v: Value| ConstantOp::as_int(rw, v).filter(|&c| (0..=i128::from(i64::MAX)).contains(&c));
    if !operands[..num_dynamic]
        .iter()
        .any(|&v| constant_size(v).is_some())
    {
        return false;
    }
    let mut sizes = operands[..num_dynamic].iter();
    let mut kept: Vec<Value> = Vec::new();
    let new_shape: Vec<i64> = shape
        .iter()
        .map(|&d| {
            if d != DYNAMIC {
                return d;
            }
            let size = *sizes
                .next()
                .expect("one dynamic size per dynamic dimension");
            match constant_size(size) {
                Some(c) => c as i64,
                None => {
                    kept.push(size);
                    DYNAMIC
                }
            }
        })
        .collect();
    let new_type = rw.interner().ty(TypeData::MemRef {
        shape: new_shape,
        elem,
        layout,
        memory_space,
    });
    let name = rw.op_name_str(op).to_string();
    let alignment = rw.get_attr(op, "alignment");
    let symbols = operands[num_dynamic..].to_vec();
    let mut b = rw.builder_before(op);
    let segments = b
        .ctx()
        .dense_i32_array(&[kept.len() as i32, symbols.len() as i32]);
    let mut attrs = vec![("operandSegmentSizes", segments)];
    attrs.extend(alignment.map(|a| ("alignment", a)));
    kept.extend(symbols);
    let alloc = b.build_op(&name, &kept, &[new_type], &attrs, Vec::new());
    let new_buffer = b.ctx().result(alloc, 0);
    let cast = CastOp::build(&mut b, new_buffer, old_type).result(&b);
    rw.replace_op_uses(op, &[cast]);
    rw.erase_op(op);
    true
}

/// Whether a consumer of `cast` may use its source instead: both types are ranked strided
/// memrefs of one element type and rank, and the cast only forgets static sizes, offset or
/// strides (MLIR's `CastOp::canFoldIntoConsumerOp`).
pub(crate) fn cast_folds_into_consumer(ctx: &Context, cast: Op) -> bool {
    let source_type = ctx.value_type(ctx.operand(cast, 0));
    let result_type = ctx.value_type(ctx.result(cast, 0));
    let (Some(source), Some(result)) = (ranked(ctx, source_type), ranked(ctx, result_type)) else {
        return false;
    };
    if source.elem != result.elem || source.shape.len() != result.shape.len() {
        return false;
    }
    let (Some((source_strides, source_offset)), Some((result_strides, result_offset))) = (
        strides_and_offset(ctx, &source),
        strides_and_offset(ctx, &result),
    ) else {
        return false;
    };
    let only_forgets = |s: i64, r: i64| s == r || s != DYNAMIC || r == DYNAMIC;
    only_forgets(source_offset, result_offset)
        && source
            .shape
            .iter()
            .zip(result.shape)
            .all(|(&s, &r)| only_forgets(s, r))
        && source_strides
            .iter()
            .zip(&result_strides)
            .all(|(&s, &r)| only_forgets(s, r))
}

/// The source of the `memref.cast` defining `v`, when a consumer may use it instead.
fn foldable_cast_source(ctx: &Context, v: Value) -> Option<Value> {
    let cast = ctx.defining_op(v).filter(|&d| CastOp::is(ctx, d))?;
    cast_folds_into_consumer(ctx, cast).then(|| ctx.operand(cast, 0))
}

/// Replaces each buffer operand of `op` at `positions` defined by a foldable `memref.cast`
/// with the cast's source; whether one was.
fn fold_casts_at(rw: &mut Rewriter, op: Op, positions: &[usize]) -> bool {
    let mut changed = false;
    for &i in positions {
        if i >= rw.num_operands(op) {
            continue;
        }
        if let Some(source) = foldable_cast_source(rw, rw.operand(op, i)) {
            rw.set_operand(op, i, source);
            changed = true;
        }
    }
    changed
}

/// `memref.load`, `memref.dealloc`, `memref.dim`, `memref.extract_strided_metadata`... of a
/// foldable cast read its source instead (operand 0).
pub(super) fn fold_cast_of_first_operand(rw: &mut Rewriter, op: Op) -> bool {
    fold_casts_at(rw, op, &[0])
}

/// `memref.store` into a foldable cast stores into its source.
pub(super) fn fold_cast_of_stored_buffer(rw: &mut Rewriter, op: Op) -> bool {
    fold_casts_at(rw, op, &[1])
}

/// `memref.copy` from or to foldable casts copies between their sources.
pub(super) fn fold_cast_of_copy_operands(rw: &mut Rewriter, op: Op) -> bool {
    fold_casts_at(rw, op, &[0, 1])
}

/// `memref.cast %x : T to T` is `%x`; a cast of a foldable cast casts the inner source.
pub(super) fn fold_cast_of_cast(rw: &mut Rewriter, op: Op) -> bool {
    let source = rw.operand(op, 0);
    let result = rw.result(op, 0);
    if rw.value_type(source) == rw.value_type(result) {
        rw.replace_op_uses(op, &[source]);
        rw.erase_op(op);
        return true;
    }
    fold_casts_at(rw, op, &[0])
}

/// `memref.extract_strided_metadata` of any cast between ranked memrefs reads the cast's
/// source (the metadata is the buffer's, whatever the static type says), and its offset,
/// sizes and strides that the source's type knows statically become constants.
pub(super) fn fold_strided_metadata(rw: &mut Rewriter, op: Op) -> bool {
    let mut changed = false;
    let source = rw.operand(op, 0);
    if let Some(cast) = rw.defining_op(source).filter(|&d| CastOp::is(rw, d)) {
        let inner = rw.operand(cast, 0);
        if ranked(rw, rw.value_type(inner)).is_some() {
            rw.set_operand(op, 0, inner);
            changed = true;
        }
    }
    changed | constify_metadata(rw, op)
}

/// Replaces the uses of `op`'s offset, size and stride results that the source type fixes by
/// constants; whether any use was replaced.
fn constify_metadata(rw: &mut Rewriter, op: Op) -> bool {
    if rw.results(op).iter().skip(1).all(|&r| !rw.has_uses(r)) {
        return false;
    }
    let source_type = rw.value_type(rw.operand(op, 0));
    let Some(static_values) = static_metadata(rw, source_type) else {
        return false;
    };
    let results: Vec<Value> = rw.results(op)[1..].to_vec();
    if results.len() != static_values.len() {
        return false;
    }
    let index = rw.interner().index_type();
    let mut changed = false;
    for (result, value) in results.into_iter().zip(static_values) {
        if value == DYNAMIC || rw.uses(result).next().is_none() {
            continue;
        }
        // Upstream builds these next to the op (not through its folder), so deduplication
        // keeps the constants already in the function where they are.
        let mut b = rw.builder_before(op);
        let constant = ConstantOp::build_int(&mut b, i128::from(value), index).result(&b);
        rw.replace_all_uses_with(result, constant);
        changed = true;
    }
    changed
}

/// A constant `value` of type `ty` that replaces a result of `anchor`, created where MLIR's
/// folder puts the constants of fold results: at the start of the entry block of the closest
/// isolated-from-above ancestor (a function), so constant deduplication keeps it ahead of the
/// constants already there, as upstream orders them. Before `anchor` where there is none.
pub(crate) fn folded_constant(rw: &mut Rewriter, anchor: Op, value: i128, ty: Type) -> Value {
    let mut scope = rw.parent_op(anchor);
    while let Some(op) = scope.filter(|&o| !rw.has_trait(o, Traits::ISOLATED_FROM_ABOVE)) {
        scope = rw.parent_op(op);
    }
    let entry = scope
        .filter(|&s| rw.ancestor_region_of(s, anchor) == rw.regions(s).first().copied())
        .and_then(|s| rw.regions(s).first().copied())
        .and_then(|r| rw.entry_block(r));
    let loc = rw.op_loc(anchor);
    let ip = entry.map_or(InsertPoint::Before(anchor), InsertPoint::Start);
    let mut b = rw.builder(ip, loc);
    ConstantOp::build_int(&mut b, value, ty).result(&b)
}

/// Offset, sizes and strides of a ranked strided memref type, in the order of
/// `extract_strided_metadata`'s results ([`DYNAMIC`] where unknown).
fn static_metadata(ctx: &Context, ty: Type) -> Option<Vec<i64>> {
    let memref: Ranked<'_> = ranked(ctx, ty)?;
    let (strides, offset) = strides_and_offset(ctx, &memref)?;
    let mut values = vec![offset];
    values.extend_from_slice(memref.shape);
    values.extend_from_slice(&strides);
    Some(values)
}

/// `memref.subview` of a foldable cast (no rank reduction, no constant among its dynamic
/// operands, which other folds make static first) takes the view of the cast's source, with
/// the result type inferred from it, and a cast back to the old result type if they differ
/// (MLIR's `SubViewOpMemRefCastFolder`).
pub(super) fn fold_subview_of_cast(rw: &mut Rewriter, op: Op) -> bool {
    let operands = rw.operand_vec(op);
    let (&[result], Some((&view_source, rest))) = (rw.results(op), operands.split_first()) else {
        return false;
    };
    if rest.iter().any(|&v| ConstantOp::as_int(rw, v).is_some()) {
        return false;
    }
    let Some(source) = foldable_cast_source(rw, view_source) else {
        return false;
    };
    let old_type = rw.value_type(result);
    let Some(new_type) = subview_type_over(rw, op, rw.value_type(source), old_type) else {
        return false;
    };
    let attrs: Vec<(String, crate::entity::Attr)> = rw
        .attrs(op)
        .iter()
        .map(|&(name, attr)| (rw.sym_str(name).to_string(), attr))
        .collect();
    let attrs: Vec<(&str, crate::entity::Attr)> =
        attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
    let name = rw.op_name_str(op).to_string();
    let mut new_operands = vec![source];
    new_operands.extend_from_slice(rest);
    let mut b = rw.builder_before(op);
    let view = b.build_op(&name, &new_operands, &[new_type], &attrs, Vec::new());
    let mut replacement = b.ctx().result(view, 0);
    if new_type != old_type {
        replacement = CastOp::build(&mut b, replacement, old_type).result(&b);
    }
    rw.replace_op_uses(op, &[replacement]);
    rw.erase_op(op);
    true
}

/// The type of `op`'s subview taken of a buffer of type `source_type` instead, as MLIR infers
/// it (a strided layout); `None` when the old result drops dimensions or the source is not
/// strided.
fn subview_type_over(
    ctx: &mut Rewriter,
    op: Op,
    source_type: Type,
    old_type: Type,
) -> Option<Type> {
    let source = ranked(ctx, source_type)?;
    let old = ranked(ctx, old_type)?;
    let (source_strides, source_offset) = strides_and_offset(ctx, &source)?;
    let offsets = dense_array_values(ctx, op, "static_offsets")?;
    let sizes = dense_array_values(ctx, op, "static_sizes")?;
    let strides = dense_array_values(ctx, op, "static_strides")?;
    let rank = source.shape.len();
    if old.shape.len() != rank || [offsets, sizes, strides].iter().any(|l| l.len() != rank) {
        return None;
    }
    let mut offset = source_offset;
    for (&o, &s) in offsets.iter().zip(&source_strides) {
        offset = super::sat_add(offset, super::sat_mul(o, s));
    }
    let new_strides: Vec<i64> = strides
        .iter()
        .zip(&source_strides)
        .map(|(&a, &b)| super::sat_mul(a, b))
        .collect();
    let (shape, elem, memory_space) = (sizes.to_vec(), source.elem, source.space);
    let layout = ctx.interner().attr(crate::attrs::AttrData::Strided {
        strides: new_strides,
        offset,
    });
    Some(ctx.interner().ty(TypeData::MemRef {
        shape,
        elem,
        layout: Some(layout),
        memory_space,
    }))
}

/// Every operand of `op` defined by a foldable cast is replaced by the cast's source: the
/// `linalg` structured ops read and write buffers whatever their static type says (MLIR's
/// `foldMemRefCast` in their folders).
pub(crate) fn fold_cast_of_every_operand(rw: &mut Rewriter, op: Op) -> bool {
    let positions: Vec<usize> = (0..rw.num_operands(op)).collect();
    fold_casts_at(rw, op, &positions)
}

/// `memref.subview` taking the whole of a static source (offsets 0, strides 1, sizes the
/// source's) is its source, cast to the result type if that differs (MLIR's
/// `TrivialSubViewOpFolder`).
pub(super) fn fold_trivial_subview(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let source = rw.operand(op, 0);
    let (source_type, result_type) = (rw.value_type(source), rw.value_type(rw.result(op, 0)));
    let (Some(from), Some(to)) = (ranked(rw, source_type), ranked(rw, result_type)) else {
        return false;
    };
    let lists = ["static_offsets", "static_sizes", "static_strides"]
        .map(|name| dense_array_values(rw, op, name).unwrap_or_default());
    let [offsets, sizes, strides] = lists;
    let rank = from.shape.len();
    let trivial = to.shape.len() == rank
        && offsets.len() == rank
        && offsets.iter().all(|&o| o == 0)
        && strides.len() == rank
        && strides.iter().all(|&s| s == 1)
        && sizes == from.shape
        && !sizes.contains(&DYNAMIC);
    if !trivial {
        return false;
    }
    let replacement = if source_type == result_type {
        source
    } else {
        let mut b = rw.builder_before(op);
        CastOp::build(&mut b, source, result_type).result(&b)
    };
    rw.replace_op_uses(op, &[replacement]);
    rw.erase_op(op);
    true
}
