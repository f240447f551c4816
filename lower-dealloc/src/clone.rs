//! Lowering of `bufferization.clone` to `memref.alloc` + `memref.copy`.

use ir::dialects::arith::{AddIOp, ConstantOp, MaxSIOp, MulIOp, SubIOp};
use ir::dialects::memref::{
    AllocOp, AllocaOp, CastOp, CopyOp, DimOp, Mixed, RankOp, ReinterpretCastOp, ReshapeOp, StoreOp,
};
use ir::dialects::scf::{ForOp, YieldOp};
use ir::{AttrData, Builder, Context, Diagnostic, InsertPoint, Op, TypeData, Value};

use crate::dealloc::rank1_type;

/// Replaces a ranked clone by a fresh identity-layout allocation (cast to the result type if
/// needed) and a copy. Beyond MLIR 22, a layout with static strides that an identity buffer
/// cannot be cast to (`strided<[1], offset: 2>`, `strided<[10]>`) gets a rank-1 buffer large
/// enough for it, reinterpreted with that layout. Unranked clones lower as MLIR 22 lowers them
/// (through `memref.reshape`); other layouts fail to legalize.
///
/// ```text
/// %c = bufferization.clone %m : memref<?xf32> to memref<?xf32>
/// // becomes
/// %c0 = arith.constant 0 : index
/// %dim = memref.dim %arg0, %c0 : memref<?xf32>
/// %alloc = memref.alloc(%dim) : memref<?xf32>
/// memref.copy %arg0, %alloc : memref<?xf32> to memref<?xf32>
///
/// %c = bufferization.clone %m : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
/// // becomes
/// %alloc = memref.alloc() : memref<2xf32>
/// %cast = memref.cast %alloc : memref<2xf32> to memref<2xf32, strided<[1], offset: ?>>
/// memref.copy %arg0, %cast : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
/// ```
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
    let mut b = Builder::before(ctx, op);
    let mut dynamic = Vec::new();
    for (i, &d) in shape.iter().enumerate() {
        if d == ir::DYNAMIC {
            let c = ConstantOp::build_index(&mut b, i as i64).result(&b);
            dynamic.push(DimOp::build(&mut b, src, c).result(&b));
        }
    }
    let alloc = AllocOp::build(&mut b, alloc_ty, &dynamic).result(&b);
    let dest = if alloc_ty == result_ty {
        alloc
    } else {
        CastOp::build(&mut b, alloc, result_ty).result(&b)
    };
    CopyOp::build(&mut b, src, dest);
    ctx.replace_all_uses_with(result, dest);
    ctx.erase_op(op);
    Ok(())
}

/// An unranked clone, as MLIR 22 lowers it: the sizes go into a stack buffer (their product is
/// the element count), a rank-1 buffer is allocated and `memref.reshape`d with them, and the
/// source is copied in.
///
/// ```text
/// %c = bufferization.clone %m : memref<*xf32> to memref<*xf32>
/// // becomes
/// %0 = memref.rank %arg0 : memref<*xf32>
/// %alloca = memref.alloca(%0) : memref<?xindex>
/// %c0 = arith.constant 0 : index
/// %c1 = arith.constant 1 : index
/// %1 = scf.for %arg1 = %c0 to %0 step %c1 iter_args(%arg2 = %c1) -> (index) {
///   %dim = memref.dim %arg0, %arg1 : memref<*xf32>
///   memref.store %dim, %alloca[%arg1] : memref<?xindex>
///   %2 = arith.muli %arg2, %dim : index
///   scf.yield %2 : index
/// }
/// %alloc = memref.alloc(%1) : memref<?xf32>
/// %reshape = memref.reshape %alloc(%alloca) : (memref<?xf32>, memref<?xindex>) -> memref<*xf32>
/// memref.copy %arg0, %reshape : memref<*xf32> to memref<*xf32>
/// ```
fn lower_unranked_clone(ctx: &mut Context, op: Op, elem: ir::Type, memory_space: Option<ir::Attr>) {
    let src = ctx.operand(op, 0);
    let result = ctx.result(op, 0);
    let result_ty = ctx.value_type(result);
    let mut b = Builder::before(ctx, op);
    let index = b.ctx().index_type();
    let rank = RankOp::build(&mut b, src).result(&b);
    let shape_ty = rank1_type(b.ctx(), None, index, None);
    let shape = AllocaOp::build(&mut b, shape_ty, &[rank]).result(&b);
    let zero = ConstantOp::build_index(&mut b, 0).result(&b);
    let one = ConstantOp::build_index(&mut b, 1).result(&b);
    let count_loop = ForOp::build(&mut b, zero, rank, one, &[one]);
    if let Some(body) = count_loop.body(&b) {
        let (i, acc) = (b.block_args(body)[0], b.block_args(body)[1]);
        b.with_insertion_point(InsertPoint::End(body), |b| {
            let dim = DimOp::build(b, src, i).result(b);
            StoreOp::build(b, dim, shape, &[i]);
            let product = MulIOp::build(b, acc, dim).result(b);
            YieldOp::build(b, &[product]);
        });
    }
    let count = count_loop.results(&b)[0];
    let buffer_ty = rank1_type(b.ctx(), None, elem, memory_space);
    let buffer = AllocOp::build(&mut b, buffer_ty, &[count]).result(&b);
    let reshaped = ReshapeOp::build(&mut b, buffer, shape, result_ty).result(&b);
    CopyOp::build(&mut b, src, reshaped);
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
///
/// ```text
/// %c = bufferization.clone %m : memref<?xf32, strided<[2], offset: 1>> to memref<?xf32, strided<[2], offset: 1>>
/// // becomes
/// %c0 = arith.constant 0 : index
/// %dim = memref.dim %arg0, %c0 : memref<?xf32, strided<[2], offset: 1>>
/// %c1 = arith.constant 1 : index
/// %c0_0 = arith.constant 0 : index
/// %0 = arith.subi %dim, %c1 : index
/// %1 = arith.maxsi %0, %c0_0 : index
/// %c2 = arith.constant 2 : index
/// %2 = arith.muli %1, %c2 : index
/// %c2_1 = arith.constant 2 : index
/// %3 = arith.addi %2, %c2_1 : index
/// %alloc = memref.alloc(%3) : memref<?xf32>
/// %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [1], sizes: [%dim], strides: [2] : memref<?xf32> to memref<?xf32, strided<[2], offset: 1>>
/// memref.copy %arg0, %reinterpret_cast : memref<?xf32, strided<[2], offset: 1>> to memref<?xf32, strided<[2], offset: 1>>
/// ```
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
    let mut b = Builder::before(ctx, op);
    let mut sizes = Vec::with_capacity(layout.shape.len());
    let mut static_extent = Some(offset + 1);
    let mut extent = None;
    for (i, (&size, &stride)) in layout.shape.iter().zip(&layout.strides).enumerate() {
        if size != ir::DYNAMIC {
            static_extent = static_extent.map(|x| x + (size - 1).max(0) * stride);
            sizes.push(Mixed::Static(size));
            continue;
        }
        let position = ConstantOp::build_index(&mut b, i as i64).result(&b);
        let dim = DimOp::build(&mut b, src, position).result(&b);
        sizes.push(Mixed::Dynamic(dim));
        let span = dynamic_span(&mut b, dim, stride);
        extent = Some(match extent {
            Some(acc) => AddIOp::build(&mut b, acc, span).result(&b),
            None => span,
        });
    }
    let fixed = static_extent.unwrap_or(offset + 1);
    let (buffer_ty, buffer_sizes) = match extent {
        None => (
            rank1_type(b.ctx(), Some(fixed), elem, memory_space),
            Vec::new(),
        ),
        Some(dynamic) => {
            let base = ConstantOp::build_index(&mut b, fixed).result(&b);
            let total = AddIOp::build(&mut b, dynamic, base).result(&b);
            (rank1_type(b.ctx(), None, elem, memory_space), vec![total])
        }
    };
    let buffer = AllocOp::build(&mut b, buffer_ty, &buffer_sizes).result(&b);
    let strides: Vec<Mixed> = layout.strides.iter().map(|&s| Mixed::Static(s)).collect();
    let view_layout = (Mixed::Static(offset), &sizes[..], &strides[..]);
    let view = ReinterpretCastOp::build(&mut b, buffer, result_ty, view_layout).result(&b);
    CopyOp::build(&mut b, src, view);
    ctx.replace_all_uses_with(result, view);
    ctx.erase_op(op);
}

/// `max(dim - 1, 0) * stride`: the elements a dynamic dimension of size `dim` spans past its
/// first.
fn dynamic_span(b: &mut Builder, dim: Value, stride: i64) -> Value {
    let one = ConstantOp::build_index(b, 1).result(b);
    let zero = ConstantOp::build_index(b, 0).result(b);
    let last = SubIOp::build(b, dim, one).result(b);
    let last = MaxSIOp::build(b, last, zero).result(b);
    let step = ConstantOp::build_index(b, stride).result(b);
    MulIOp::build(b, last, step).result(b)
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
