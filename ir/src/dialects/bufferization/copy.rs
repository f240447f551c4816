//! Copies of a buffer into a fresh allocation, in forms every lowering handles.
//!
//! MLIR 22 lowers `bufferization.clone` only when an identity-layout buffer of the result's
//! shape can be `memref.cast` to the result type; a clone of a view with a static offset
//! (`strided<[1], offset: 2>`) or static non-contiguous strides (`strided<[10]>`) fails to
//! legalize there. [`build_clone`] writes those as the copy they stand for instead: a rank-1
//! allocation large enough for the layout, `memref.reinterpret_cast` to the result type, and
//! `memref.copy`. `convert-bufferization-to-memref` lowers the clones it meets the same way
//! ([`clone_form`], [`build_strided_copy`]).
//!
//! ```text
//! %c = bufferization.clone %v : memref<2xf32, strided<[1], offset: 2>> to ...
//! // is built as
//! %alloc = memref.alloc() : memref<4xf32>
//! %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [2], sizes: [2], strides: [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
//! memref.copy %v, %reinterpret_cast : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: 2>>
//! ```

use crate::dialects::arith::{AddIOp, ConstantOp, MaxSIOp, MulIOp, SubIOp};
use crate::dialects::bufferization::CloneOp;
use crate::dialects::memref::{AllocOp, CopyOp, DimOp, Mixed, ReinterpretCastOp};
use crate::{Attr, AttrData, Builder, Context, Type, TypeData, Value};

/// How a copy of a buffer of some type is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloneForm {
    /// An identity-layout allocation of the same shape, cast to the type if needed.
    Identity,
    /// A rank-1 allocation reinterpreted with this static-stride layout.
    Strided(StridedLayout),
    /// An unranked buffer.
    Unranked,
    /// No known form (a layout with dynamic strides an identity buffer cannot be cast to).
    Unsupported,
}

/// A ranked type's shape and static strides (its offset may be dynamic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StridedLayout {
    /// The sizes (`crate::DYNAMIC` where dynamic).
    pub shape: Vec<i64>,
    /// The strides, all static.
    pub strides: Vec<i64>,
    /// The offset (`crate::DYNAMIC` where dynamic).
    pub offset: i64,
}

/// How a copy of a buffer of type `ty` is built.
pub fn clone_form(ctx: &Context, ty: Type) -> CloneForm {
    match ctx.type_data(ty) {
        TypeData::UnrankedMemRef { .. } => CloneForm::Unranked,
        TypeData::MemRef { shape, layout, .. } => {
            if identity_castable(ctx, shape, *layout) {
                return CloneForm::Identity;
            }
            match static_strided(ctx, *layout) {
                Some((strides, offset)) => CloneForm::Strided(StridedLayout {
                    shape: shape.clone(),
                    strides,
                    offset,
                }),
                None => CloneForm::Unsupported,
            }
        }
        _ => CloneForm::Unsupported,
    }
}

/// A copy of `source` in a fresh allocation: `bufferization.clone` where MLIR 22 lowers it,
/// the allocation, reinterpretation and copy it stands for where it does not.
pub fn build_clone(b: &mut Builder, source: Value) -> Value {
    let ty = b.value_type(source);
    match clone_form(b.ctx(), ty) {
        CloneForm::Strided(layout) => build_strided_copy(b, source, ty, &layout),
        _ => CloneOp::build(b, source).result(b),
    }
}

/// Copies `source` into a rank-1 buffer of `offset + sum((size_i - 1) * stride_i) + 1` elements
/// (a dynamic offset becomes 0) reinterpreted as `result_ty` with `layout`; returns the
/// reinterpreted buffer.
///
/// ```text
/// // source : memref<?xf32, strided<[2], offset: 1>>
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
pub fn build_strided_copy(
    b: &mut Builder,
    source: Value,
    result_ty: Type,
    layout: &StridedLayout,
) -> Value {
    let (elem, memory_space) = match b.ctx().type_data(result_ty) {
        TypeData::MemRef {
            elem, memory_space, ..
        } => (*elem, *memory_space),
        _ => return CloneOp::build(b, source).result(b),
    };
    let offset = if layout.offset == crate::DYNAMIC {
        0
    } else {
        layout.offset
    };
    let mut sizes = Vec::with_capacity(layout.shape.len());
    let mut static_extent = offset + 1;
    let mut extent = None;
    for (i, (&size, &stride)) in layout.shape.iter().zip(&layout.strides).enumerate() {
        if size != crate::DYNAMIC {
            static_extent = static_extent.saturating_add((size - 1).max(0).saturating_mul(stride));
            sizes.push(Mixed::Static(size));
            continue;
        }
        let position = ConstantOp::build_index(b, i as i64).result(b);
        let dim = DimOp::build(b, source, position).result(b);
        sizes.push(Mixed::Dynamic(dim));
        let span = dynamic_span(b, dim, stride);
        extent = Some(match extent {
            Some(acc) => AddIOp::build(b, acc, span).result(b),
            None => span,
        });
    }
    let (buffer_ty, buffer_sizes) = match extent {
        None => (
            rank1_type(b.ctx(), Some(static_extent), elem, memory_space),
            Vec::new(),
        ),
        Some(dynamic) => {
            let base = ConstantOp::build_index(b, static_extent).result(b);
            let total = AddIOp::build(b, dynamic, base).result(b);
            (rank1_type(b.ctx(), None, elem, memory_space), vec![total])
        }
    };
    let buffer = AllocOp::build(b, buffer_ty, &buffer_sizes).result(b);
    let strides: Vec<Mixed> = layout.strides.iter().map(|&s| Mixed::Static(s)).collect();
    let view_layout = (Mixed::Static(offset), &sizes[..], &strides[..]);
    let view = ReinterpretCastOp::build(b, buffer, result_ty, view_layout).result(b);
    CopyOp::build(b, source, view);
    view
}

/// `memref<N x elem>` (`memref<? x elem>` when `n` is `None`), identity layout.
pub fn rank1_type(
    ctx: &mut Context,
    n: Option<i64>,
    elem: Type,
    memory_space: Option<Attr>,
) -> Type {
    ctx.ty(TypeData::MemRef {
        shape: vec![n.unwrap_or(crate::DYNAMIC)],
        elem,
        layout: None,
        memory_space,
    })
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

/// The strides and offset of a `strided<...>` layout whose strides are all static.
fn static_strided(ctx: &Context, layout: Option<Attr>) -> Option<(Vec<i64>, i64)> {
    match ctx.attr_data(layout?) {
        AttrData::Strided { strides, offset } if !strides.contains(&crate::DYNAMIC) => {
            Some((strides.clone(), *offset))
        }
        _ => None,
    }
}

/// Whether an identity-layout buffer of `shape` can be `memref.cast` to `layout`.
fn identity_castable(ctx: &Context, shape: &[i64], layout: Option<Attr>) -> bool {
    let Some(layout) = layout else {
        return true;
    };
    match ctx.attr_data(layout) {
        AttrData::AffineMap(map) => map.is_identity(),
        AttrData::Strided { strides, offset } => {
            if *offset != 0 && *offset != crate::DYNAMIC {
                return false;
            }
            let mut expected = 1i64;
            let mut known = true;
            for (i, &s) in strides.iter().enumerate().rev() {
                if s != crate::DYNAMIC && known && s != expected {
                    return false;
                }
                match shape.get(i) {
                    Some(&d) if d != crate::DYNAMIC && known => {
                        expected = expected.saturating_mul(d);
                    }
                    _ => known = false,
                }
            }
            true
        }
        _ => false,
    }
}
