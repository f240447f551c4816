//! Lowering of `bufferization.clone` to `memref.alloc` + `memref.copy`.

use ir::dialects::arith::{ConstantOp, MulIOp};
use ir::dialects::bufferization::copy::{CloneForm, build_strided_copy, clone_form, rank1_type};
use ir::dialects::memref::{AllocOp, AllocaOp, CastOp, CopyOp, DimOp, RankOp, ReshapeOp, StoreOp};
use ir::dialects::scf::{ForOp, YieldOp};
use ir::{Builder, Context, Diagnostic, InsertPoint, Op, TypeData};

/// Replaces a ranked clone by a fresh identity-layout allocation (cast to the result type if
/// needed) and a copy. Beyond MLIR 22, a layout with static strides that an identity buffer
/// cannot be cast to (`strided<[1], offset: 2>`, `strided<[10]>`) gets a rank-1 buffer large
/// enough for it, reinterpreted with that layout (`ir::dialects::bufferization::copy`, which
/// the ownership pass uses to build such copies in the first place). Unranked clones lower as
/// MLIR 22 lowers them (through `memref.reshape`); other layouts fail to legalize.
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
    let (shape, elem, memory_space) = match ctx.type_data(result_ty).clone() {
        TypeData::MemRef {
            shape,
            elem,
            memory_space,
            ..
        } => (shape, elem, memory_space),
        TypeData::UnrankedMemRef { elem, memory_space } => {
            lower_unranked_clone(ctx, op, elem, memory_space);
            return Ok(());
        }
        _ => return Err(fail(ctx)),
    };
    let copy = match clone_form(ctx, result_ty) {
        CloneForm::Identity => {
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
            dest
        }
        CloneForm::Strided(layout) => {
            let mut b = Builder::before(ctx, op);
            build_strided_copy(&mut b, src, result_ty, &layout)
        }
        CloneForm::Unranked | CloneForm::Unsupported => return Err(fail(ctx)),
    };
    ctx.replace_all_uses_with(result, copy);
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
