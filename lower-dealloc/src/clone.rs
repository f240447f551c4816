//! Lowering of `bufferization.clone` to `memref.alloc` + `memref.copy`.

use ir::{AttrData, Context, Diagnostic, Op, TypeData};

use crate::build::Emitter;

/// Replaces a ranked clone by a fresh identity-layout allocation (cast to the result type if
/// needed) and a copy. Beyond MLIR 22, a layout with static strides that an identity buffer
/// cannot be cast to (`strided<[1], offset: 2>`, `strided<[10]>`) gets a rank-1 buffer large
/// enough for it, reinterpreted with that layout. Unranked clones lower as MLIR 22 lowers them
/// (through `memref.reshape`); other layouts fail to legalize.
pub(crate) fn lower_clone(ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
    let fail = |ctx: &Context| crate::illegal(ctx, op);
    if ctx.num_operands(op) != 1 || ctx.results(op).len() != 1 {
        return Err(fail(ctx));
    }
    let src = ctx.operand(op, 0);
    let result = ctx.result(op, 0);
    let result_ty = ctx.value_type(result);
    let (shape, elem, layout, memory_space) = match ctx.type_data(result_ty).clone() {
        TypeData::MemRef {
            shape,
            elem,
            layout,
            memory_space,
        } => (shape, elem, layout, memory_space),
        TypeData::UnrankedMemRef { elem, memory_space } => {
            lower_unranked_clone(ctx, op, elem, memory_space);
            return Ok(());
        }
        _ => return Err(fail(ctx)),
    };
    if !identity_castable(ctx, &shape, layout) {
        return match static_strided(ctx, layout) {
            Some((strides, offset)) => {
                let layout = StridedLayout {
                    shape,
                    strides,
                    offset,
                };
                lower_strided_clone(ctx, op, &layout, elem, memory_space);
                Ok(())
            }
            None => Err(fail(ctx)),
        };
    }
    let alloc_ty = ctx.ty(TypeData::MemRef {
        shape: shape.clone(),
        elem,
        layout: None,
        memory_space,
    });
    let mut e = Emitter::before(ctx, op);
    let mut dynamic = Vec::new();
    for (i, &d) in shape.iter().enumerate() {
        if d == ir::DYNAMIC {
            let c = e.const_index(i as i64);
            dynamic.push(e.dim(src, c));
        }
    }
    let alloc = e.alloc(alloc_ty, &dynamic);
    let dest = if alloc_ty == result_ty {
        alloc
    } else {
        e.cast(alloc, result_ty)
    };
    e.op("memref.copy", &[src, dest], &[], &[], Vec::new());
    ctx.replace_all_uses_with(result, dest);
    ctx.erase_op(op);
    Ok(())
}

/// An unranked clone, as MLIR 22 lowers it: the sizes go into a stack buffer (their product is
/// the element count), a rank-1 buffer is allocated and `memref.reshape`d with them, and the
/// source is copied in.
fn lower_unranked_clone(ctx: &mut Context, op: Op, elem: ir::Type, memory_space: Option<ir::Attr>) {
    let src = ctx.operand(op, 0);
    let result = ctx.result(op, 0);
    let result_ty = ctx.value_type(result);
    let mut e = Emitter::before(ctx, op);
    let index = e.index();
    let rank = e.value("memref.rank", &[src], index);
    let shape_ty = e.memref_type(None, index, None);
    let shape = e.alloca(shape_ty, &[rank]);
    let (zero, one) = (e.const_index(0), e.const_index(1));
    let (count_loop, body) = e.for_loop(zero, rank, one, &[one]);
    e.inside(body, |e| {
        let (i, acc) = (e.ctx.block_args(body)[0], e.ctx.block_args(body)[1]);
        let dim = e.dim(src, i);
        e.store(dim, shape, i);
        let product = e.value("arith.muli", &[acc, dim], index);
        e.op("scf.yield", &[product], &[], &[], Vec::new());
    });
    let count = e.ctx.result(count_loop, 0);
    let buffer_ty = e.memref_type(None, elem, memory_space);
    let buffer = e.alloc(buffer_ty, &[count]);
    let reshaped = e.value("memref.reshape", &[buffer, shape], result_ty);
    e.op("memref.copy", &[src, reshaped], &[], &[], Vec::new());
    ctx.replace_all_uses_with(result, reshaped);
    ctx.erase_op(op);
}

/// A result type's shape and static-stride layout (`offset` may be dynamic).
struct StridedLayout {
    shape: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
}

/// The strides and offset of a `strided<...>` layout whose strides are all static.
fn static_strided(ctx: &Context, layout: Option<ir::Attr>) -> Option<(Vec<i64>, i64)> {
    match ctx.attr_data(layout?) {
        AttrData::Strided { strides, offset } if !strides.contains(&ir::DYNAMIC) => {
            Some((strides.clone(), *offset))
        }
        _ => None,
    }
}

/// Clones into a rank-1 buffer of `offset + sum((size_i - 1) * stride_i) + 1` elements (a
/// dynamic offset becomes 0), reinterpreted with the result's layout, then copies.
fn lower_strided_clone(
    ctx: &mut Context,
    op: Op,
    layout: &StridedLayout,
    elem: ir::Type,
    memory_space: Option<ir::Attr>,
) {
    let src = ctx.operand(op, 0);
    let result = ctx.result(op, 0);
    let result_ty = ctx.value_type(result);
    let offset = if layout.offset == ir::DYNAMIC {
        0
    } else {
        layout.offset
    };
    let mut e = Emitter::before(ctx, op);
    let index = e.index();
    let mut dynamic_sizes = Vec::new();
    let mut static_extent = Some(offset + 1);
    let mut extent = None;
    for (i, (&size, &stride)) in layout.shape.iter().zip(&layout.strides).enumerate() {
        if size != ir::DYNAMIC {
            static_extent = static_extent.map(|x| x + (size - 1).max(0) * stride);
            continue;
        }
        let position = e.const_index(i as i64);
        let dim = e.dim(src, position);
        dynamic_sizes.push(dim);
        let one = e.const_index(1);
        let zero = e.const_index(0);
        let last = e.value("arith.subi", &[dim, one], index);
        let last = e.value("arith.maxsi", &[last, zero], index);
        let step = e.const_index(stride);
        let span = e.value("arith.muli", &[last, step], index);
        extent = Some(match extent {
            Some(acc) => e.value("arith.addi", &[acc, span], index),
            None => span,
        });
    }
    let fixed = static_extent.unwrap_or(offset + 1);
    let (buffer_ty, buffer_sizes) = match extent {
        None => (e.memref_type(Some(fixed), elem, memory_space), Vec::new()),
        Some(dynamic) => {
            let base = e.const_index(fixed);
            let total = e.value("arith.addi", &[dynamic, base], index);
            (e.memref_type(None, elem, memory_space), vec![total])
        }
    };
    let buffer = e.alloc(buffer_ty, &buffer_sizes);
    let view = e.reinterpret_cast(
        buffer,
        result_ty,
        offset,
        &layout.shape,
        &dynamic_sizes,
        &layout.strides,
    );
    e.op("memref.copy", &[src, view], &[], &[], Vec::new());
    ctx.replace_all_uses_with(result, view);
    ctx.erase_op(op);
}

/// Whether an identity-layout buffer of `shape` can be `memref.cast` to `layout`.
fn identity_castable(ctx: &Context, shape: &[i64], layout: Option<ir::Attr>) -> bool {
    let Some(layout) = layout else {
        return true;
    };
    match ctx.attr_data(layout) {
        AttrData::AffineMap(map) => map.is_identity(),
        AttrData::Strided { strides, offset } => {
            if *offset != 0 && *offset != ir::DYNAMIC {
                return false;
            }
            let mut expected = 1i64;
            let mut known = true;
            for (i, &s) in strides.iter().enumerate().rev() {
                if s != ir::DYNAMIC && known && s != expected {
                    return false;
                }
                match shape.get(i) {
                    Some(&d) if d != ir::DYNAMIC && known => expected = expected.saturating_mul(d),
                    _ => known = false,
                }
            }
            true
        }
        _ => false,
    }
}
