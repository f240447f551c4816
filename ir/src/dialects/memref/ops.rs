//! Typed views and builders of the `memref` ops that passes create and inspect.
//!
//! ```text
//! %alloc = memref.alloc(%n) : memref<?xf32>               // AllocOp::build(b, ty, &[n])
//! %subview = memref.subview %alloc[0] [%m] [1]            // SubViewOp::build(b, alloc, ty,
//!     : memref<?xf32> to memref<?xf32, strided<[1]>>     //   &[Static(0)], &[Dynamic(m)], &[Static(1)])
//! memref.copy %a, %subview : ...                          // CopyOp::build(b, a, subview)
//! memref.dealloc %alloc : memref<?xf32>                   // DeallocOp::build(b, alloc)
//! ```
//!
//! Offsets, sizes and strides of `subview` and `reinterpret_cast` are [`Mixed`]: a static
//! number kept in the op's `static_*` array, or a runtime `index` operand (whose array entry is
//! the dynamic marker).

use smallvec::{SmallVec, smallvec};

use crate::Builder;
use crate::context::{Context, ValueDef};
use crate::dialects::syntax::{dense_array_values, segment_range};
use crate::dialects::view::OpView;
use crate::entity::{Attr, Block, Op, Type, Value};
use crate::op_view;
use crate::types::{DYNAMIC, TypeData};

/// An offset, size or stride: a static number or a runtime `index` value (MLIR's
/// `OpFoldResult`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mixed {
    /// Known when the IR is built.
    Static(i64),
    /// Known when it runs.
    Dynamic(Value),
}

/// Declares `source` (operand 0) and `result` (result 0) accessors.
macro_rules! source_and_result {
    ($view:ident, $source_doc:literal, $result_doc:literal) => {
        impl $view {
            #[doc = $source_doc]
            pub fn source(self, ctx: &Context) -> Value {
                ctx.operand(self.0, 0)
            }

            #[doc = $result_doc]
            pub fn result(self, ctx: &Context) -> Value {
                ctx.result(self.0, 0)
            }
        }
    };
}

/// Creates `name` with `operands` and one result of type `ty`.
fn build_single_result(b: &mut Builder, name: &'static str, operands: &[Value], ty: Type) -> Op {
    b.build_static_op(name, operands, &[ty], &[], Vec::new())
}

// ----- allocation ------------------------------------------------------------------------------

/// Declares the view of `memref.alloc` or `memref.alloca`.
macro_rules! allocation_op {
    ($(#[$meta:meta])* $view:ident, $name:literal) => {
        op_view!($(#[$meta])* $view, $name);

        impl $view {
            /// The sizes of the dynamic dimensions, in order.
            pub fn dynamic_sizes(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
                segment_range(ctx, self.0, 0).map(move |i| ctx.operand(self.0, i))
            }

            /// The operands of the layout's symbols.
            pub fn symbol_operands(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
                segment_range(ctx, self.0, 1).map(move |i| ctx.operand(self.0, i))
            }

            /// The `alignment` attribute.
            pub fn alignment(self, ctx: &Context) -> Option<Attr> {
                ctx.get_attr(self.0, "alignment")
            }

            /// The new buffer.
            pub fn result(self, ctx: &Context) -> Value {
                ctx.result(self.0, 0)
            }

            /// Builds the allocation of a buffer of type `ty` whose dynamic dimensions have
            /// `dynamic_sizes`.
            pub fn build(b: &mut Builder, ty: Type, dynamic_sizes: &[Value]) -> Self {
                Self::build_aligned(b, ty, dynamic_sizes, None)
            }

            /// [`Self::build`] with an optional `alignment` attribute.
            pub fn build_aligned(
                b: &mut Builder,
                ty: Type,
                dynamic_sizes: &[Value],
                alignment: Option<Attr>,
            ) -> Self {
                let segments = b.ctx().dense_i32_array(&[dynamic_sizes.len() as i32, 0]);
                let mut attrs = vec![("operandSegmentSizes", segments)];
                attrs.extend(alignment.map(|a| ("alignment", a)));
                $view(b.build_static_op(Self::NAME, dynamic_sizes, &[ty], &attrs, Vec::new()))
            }
        }
    };
}

allocation_op!(
    /// `memref.alloc`: a new heap buffer.
    AllocOp,
    "memref.alloc"
);
allocation_op!(
    /// `memref.alloca`: a new stack buffer, freed when its allocation scope exits.
    AllocaOp,
    "memref.alloca"
);

op_view!(
    /// `memref.dealloc`: frees a heap buffer.
    DeallocOp,
    "memref.dealloc"
);

impl DeallocOp {
    /// The buffer freed.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// Builds `memref.dealloc memref`.
    pub fn build(b: &mut Builder, memref: Value) -> Self {
        DeallocOp(b.build_static_op(Self::NAME, &[memref], &[], &[], Vec::new()))
    }
}

op_view!(
    /// `memref.realloc`: a buffer of a new size with the contents of its source, which it
    /// frees.
    ReallocOp,
    "memref.realloc"
);

source_and_result!(
    ReallocOp,
    "The buffer resized (and freed).",
    "The new buffer."
);

impl ReallocOp {
    /// The new size, when the result's dimension is dynamic.
    pub fn dynamic_result_size(self, ctx: &Context) -> Option<Value> {
        (ctx.num_operands(self.0) > 1).then(|| ctx.operand(self.0, 1))
    }

    /// The `alignment` attribute.
    pub fn alignment(self, ctx: &Context) -> Option<Attr> {
        ctx.get_attr(self.0, "alignment")
    }

    /// Builds `memref.realloc source(, dynamic_result_size) : ... to ty`.
    pub fn build(
        b: &mut Builder,
        source: Value,
        ty: Type,
        dynamic_result_size: Option<Value>,
    ) -> Self {
        let mut operands = vec![source];
        operands.extend(dynamic_result_size);
        ReallocOp(build_single_result(b, Self::NAME, &operands, ty))
    }
}

/// The pieces of a rank-1 memref type with the identity layout, the only kind
/// `memref.realloc` takes and gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank1MemRef {
    /// The size, or [`DYNAMIC`].
    pub size: i64,
    /// The element type.
    pub elem: Type,
    /// The memory space, when not the default.
    pub memory_space: Option<Attr>,
}

impl Rank1MemRef {
    /// The pieces of `ty`, when it is a rank-1 memref type with the identity layout.
    pub fn of(ctx: &Context, ty: Type) -> Option<Rank1MemRef> {
        match ctx.type_data(ty) {
            TypeData::MemRef {
                shape,
                elem,
                layout: None,
                memory_space,
            } if shape.len() == 1 => Some(Rank1MemRef {
                size: shape[0],
                elem: *elem,
                memory_space: *memory_space,
            }),
            _ => None,
        }
    }
}

op_view!(
    /// `memref.alloca_scope`: a region whose `memref.alloca`s are freed when it exits.
    AllocaScopeOp,
    "memref.alloca_scope"
);

impl AllocaScopeOp {
    /// The body block.
    pub fn body(self, ctx: &Context) -> Option<Block> {
        ctx.entry_block(*ctx.regions(self.0).first()?)
    }

    /// Builds `memref.alloca_scope -> (result_types)` with an empty body block (the caller
    /// ends it with [`AllocaScopeReturnOp::build`]).
    pub fn build(b: &mut Builder, result_types: &[Type]) -> Self {
        let body = b.region();
        b.block_in(body, &[]);
        AllocaScopeOp(b.build_static_op(Self::NAME, &[], result_types, &[], vec![body]))
    }
}

op_view!(
    /// `memref.alloca_scope.return`: ends the body of `memref.alloca_scope`, passing its
    /// results.
    AllocaScopeReturnOp,
    "memref.alloca_scope.return"
);

impl AllocaScopeReturnOp {
    /// Builds `memref.alloca_scope.return values`.
    pub fn build(b: &mut Builder, values: &[Value]) -> Self {
        AllocaScopeReturnOp(b.build_static_op(Self::NAME, values, &[], &[], Vec::new()))
    }
}

// ----- access ----------------------------------------------------------------------------------

op_view!(
    /// `memref.copy`: copies the contents of one buffer into another of the same shape.
    CopyOp,
    "memref.copy"
);

impl CopyOp {
    /// The buffer read.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The buffer written.
    pub fn target(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// Builds `memref.copy source, target`.
    pub fn build(b: &mut Builder, source: Value, target: Value) -> Self {
        CopyOp(b.build_static_op(Self::NAME, &[source, target], &[], &[], Vec::new()))
    }
}

/// The element type of a (ranked or unranked) memref type.
fn element_type(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_data(ty) {
        TypeData::MemRef { elem, .. } | TypeData::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    }
}

op_view!(
    /// `memref.load`: reads one element.
    LoadOp,
    "memref.load"
);

impl LoadOp {
    /// The buffer read.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The element's indices.
    pub fn indices(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        let n = ctx.num_operands(self.0);
        (1.min(n)..n).map(move |i| ctx.operand(self.0, i))
    }

    /// The element read.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// Builds `memref.load memref[indices]`, of the buffer's element type.
    pub fn build(b: &mut Builder, memref: Value, indices: &[Value]) -> Self {
        let memref_type = b.value_type(memref);
        let ty = match element_type(b, memref_type) {
            Some(elem) => elem,
            None => memref_type,
        };
        let operands = [&[memref][..], indices].concat();
        LoadOp(build_single_result(b, Self::NAME, &operands, ty))
    }
}

op_view!(
    /// `memref.store`: writes one element.
    StoreOp,
    "memref.store"
);

impl StoreOp {
    /// The value written.
    pub fn value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The buffer written.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The element's indices.
    pub fn indices(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        let n = ctx.num_operands(self.0);
        (2.min(n)..n).map(move |i| ctx.operand(self.0, i))
    }

    /// Builds `memref.store value, memref[indices]`.
    pub fn build(b: &mut Builder, value: Value, memref: Value, indices: &[Value]) -> Self {
        let operands = [&[value, memref][..], indices].concat();
        StoreOp(b.build_static_op(Self::NAME, &operands, &[], &[], Vec::new()))
    }
}

// ----- views -----------------------------------------------------------------------------------

/// The `static_*` arrays and operand groups of an op with offsets, sizes and strides
/// (`subview`, `reinterpret_cast`): groups 1, 2, 3 hold their dynamic entries.
const OFFSET_SIZE_STRIDE: [(&str, usize); 3] = [
    ("static_offsets", 1),
    ("static_sizes", 2),
    ("static_strides", 3),
];

/// The entries of one of the offset, size or stride lists of `op`.
fn mixed_list(ctx: &Context, op: Op, list: usize) -> Vec<Mixed> {
    let (array, group) = OFFSET_SIZE_STRIDE[list];
    let mut dynamic = segment_range(ctx, op, group).map(|i| ctx.operand(op, i));
    let statics = dense_array_values(ctx, op, array).unwrap_or(&[]);
    statics
        .iter()
        .map(|&n| match n {
            DYNAMIC => dynamic
                .next()
                .map_or(Mixed::Static(DYNAMIC), Mixed::Dynamic),
            n => Mixed::Static(n),
        })
        .collect()
}

/// Creates `name` viewing `source` as `ty` with the given offsets, sizes and strides.
fn build_offset_size_stride(
    b: &mut Builder,
    name: &str,
    (source, ty): (Value, Type),
    lists: [&[Mixed]; 3],
) -> Op {
    let mut operands = vec![source];
    let mut segments = vec![1];
    let mut attrs = Vec::with_capacity(4);
    for (list, (array, _)) in lists.iter().zip(OFFSET_SIZE_STRIDE) {
        let before = operands.len();
        let statics: Vec<i64> = list
            .iter()
            .map(|entry| match *entry {
                Mixed::Static(n) => n,
                Mixed::Dynamic(v) => {
                    operands.push(v);
                    DYNAMIC
                }
            })
            .collect();
        segments.push((operands.len() - before) as i32);
        attrs.push((array, b.ctx().dense_i64_array(&statics)));
    }
    attrs.push(("operandSegmentSizes", b.ctx().dense_i32_array(&segments)));
    b.build_op(name, &operands, &[ty], &attrs, Vec::new())
}

/// Declares the view of an op with a source, offsets, sizes and strides.
macro_rules! offset_size_stride_op {
    ($(#[$meta:meta])* $view:ident, $name:literal) => {
        op_view!($(#[$meta])* $view, $name);

        source_and_result!($view, "The buffer viewed.", "The view.");

        impl $view {
            /// The offsets (one per dimension for a subview, one for a reinterpret cast).
            pub fn offsets(self, ctx: &Context) -> Vec<Mixed> {
                mixed_list(ctx, self.0, 0)
            }

            /// The sizes.
            pub fn sizes(self, ctx: &Context) -> Vec<Mixed> {
                mixed_list(ctx, self.0, 1)
            }

            /// The strides.
            pub fn strides(self, ctx: &Context) -> Vec<Mixed> {
                mixed_list(ctx, self.0, 2)
            }
        }
    };
}

offset_size_stride_op!(
    /// `memref.subview`: a strided window into a buffer.
    SubViewOp,
    "memref.subview"
);

impl SubViewOp {
    /// Builds `memref.subview source[offsets] [sizes] [strides] : ... to ty`.
    pub fn build(
        b: &mut Builder,
        source: Value,
        ty: Type,
        (offsets, sizes, strides): (&[Mixed], &[Mixed], &[Mixed]),
    ) -> Self {
        let lists = [offsets, sizes, strides];
        SubViewOp(build_offset_size_stride(b, Self::NAME, (source, ty), lists))
    }
}

offset_size_stride_op!(
    /// `memref.reinterpret_cast`: a buffer seen with a given offset, sizes and strides.
    ReinterpretCastOp,
    "memref.reinterpret_cast"
);

impl ReinterpretCastOp {
    /// Builds `memref.reinterpret_cast source to offset: [offset], sizes: [sizes], strides:
    /// [strides] : ... to ty`.
    pub fn build(
        b: &mut Builder,
        source: Value,
        ty: Type,
        (offset, sizes, strides): (Mixed, &[Mixed], &[Mixed]),
    ) -> Self {
        let lists = [&[offset][..], sizes, strides];
        ReinterpretCastOp(build_offset_size_stride(b, Self::NAME, (source, ty), lists))
    }
}

op_view!(
    /// `memref.cast`: the same buffer with a compatible type.
    CastOp,
    "memref.cast"
);

source_and_result!(CastOp, "The buffer cast.", "The buffer with its new type.");

impl CastOp {
    /// Builds `memref.cast source : ... to ty`.
    pub fn build(b: &mut Builder, source: Value, ty: Type) -> Self {
        CastOp(build_single_result(b, Self::NAME, &[source], ty))
    }
}

op_view!(
    /// `memref.reshape`: a buffer seen with the shape held in a rank-1 buffer.
    ReshapeOp,
    "memref.reshape"
);

source_and_result!(ReshapeOp, "The buffer reshaped.", "The reshaped view.");

impl ReshapeOp {
    /// The rank-1 buffer holding the new shape.
    pub fn shape(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// Builds `memref.reshape source(shape) : (...) -> ty`.
    pub fn build(b: &mut Builder, source: Value, shape: Value, ty: Type) -> Self {
        ReshapeOp(build_single_result(b, Self::NAME, &[source, shape], ty))
    }
}

op_view!(
    /// `memref.expand_shape`: splits dimensions of a buffer.
    ExpandShapeOp,
    "memref.expand_shape"
);

source_and_result!(ExpandShapeOp, "The buffer reshaped.", "The expanded view.");

op_view!(
    /// `memref.collapse_shape`: merges dimensions of a buffer.
    CollapseShapeOp,
    "memref.collapse_shape"
);

source_and_result!(
    CollapseShapeOp,
    "The buffer reshaped.",
    "The collapsed view."
);

// ----- metadata --------------------------------------------------------------------------------

op_view!(
    /// `memref.dim`: the size of one dimension.
    DimOp,
    "memref.dim"
);

source_and_result!(DimOp, "The buffer measured.", "The size, an `index`.");

impl DimOp {
    /// The dimension's position.
    pub fn index(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// Builds `memref.dim source, index`.
    pub fn build(b: &mut Builder, source: Value, index: Value) -> Self {
        let ty = b.ctx().index_type();
        DimOp(build_single_result(b, Self::NAME, &[source, index], ty))
    }
}

op_view!(
    /// `memref.rank`: the number of dimensions.
    RankOp,
    "memref.rank"
);

source_and_result!(RankOp, "The buffer measured.", "The rank, an `index`.");

impl RankOp {
    /// Builds `memref.rank source`.
    pub fn build(b: &mut Builder, source: Value) -> Self {
        let ty = b.ctx().index_type();
        RankOp(build_single_result(b, Self::NAME, &[source], ty))
    }
}

op_view!(
    /// `memref.get_global`: the buffer of a `memref.global`, never one the program allocated.
    GetGlobalOp,
    "memref.get_global"
);

op_view!(
    /// `memref.extract_strided_metadata`: the base buffer (rank 0), offset, sizes and strides
    /// of a ranked buffer.
    ExtractStridedMetadataOp,
    "memref.extract_strided_metadata"
);

impl ExtractStridedMetadataOp {
    /// The buffer described.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The rank-0 buffer at the start of the allocation.
    pub fn base_buffer(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The offset from the base, an `index`.
    pub fn offset(self, ctx: &Context) -> Value {
        ctx.result(self.0, 1)
    }

    /// One size per dimension.
    pub fn sizes(self, ctx: &Context) -> &[Value] {
        let results = ctx.results(self.0);
        let rank = results.len().saturating_sub(2) / 2;
        &results[2.min(results.len())..(2 + rank).min(results.len())]
    }

    /// One stride per dimension.
    pub fn strides(self, ctx: &Context) -> &[Value] {
        let results = ctx.results(self.0);
        let rank = results.len().saturating_sub(2) / 2;
        &results[(2 + rank).min(results.len())..]
    }

    /// Builds `memref.extract_strided_metadata source`, with a base buffer of the source's
    /// element type and memory space and one size and stride per dimension.
    pub fn build(b: &mut Builder, source: Value) -> Self {
        let source_type = b.value_type(source);
        let rank = match b.type_data(source_type) {
            TypeData::MemRef { shape, .. } => shape.len(),
            _ => 0,
        };
        let base = b.ctx().base_buffer_type(source_type);
        let index = b.ctx().index_type();
        let mut types: SmallVec<[Type; 8]> = smallvec![base, index];
        types.extend(std::iter::repeat_n(index, 2 * rank));
        ExtractStridedMetadataOp(b.build_static_op(Self::NAME, &[source], &types, &[], Vec::new()))
    }
}

op_view!(
    /// `memref.extract_aligned_pointer_as_index`: the address of a buffer's data, as an
    /// `index`.
    ExtractAlignedPointerAsIndexOp,
    "memref.extract_aligned_pointer_as_index"
);

source_and_result!(
    ExtractAlignedPointerAsIndexOp,
    "The buffer located.",
    "Its aligned pointer."
);

impl ExtractAlignedPointerAsIndexOp {
    /// Builds `memref.extract_aligned_pointer_as_index source`.
    pub fn build(b: &mut Builder, source: Value) -> Self {
        let ty = b.ctx().index_type();
        ExtractAlignedPointerAsIndexOp(build_single_result(b, Self::NAME, &[source], ty))
    }
}

impl ExtractStridedMetadataOp {
    /// The buffer described, when `v` is the base buffer of a `memref.extract_strided_metadata`
    /// (of one operand).
    pub fn source_of_base_buffer(ctx: &Context, v: Value) -> Option<Value> {
        let ValueDef::Result { op, index: 0 } = ctx.value_def(v) else {
            return None;
        };
        let metadata = Self::of(ctx, op)?;
        (ctx.num_operands(op) == 1).then(|| metadata.source(ctx))
    }
}

#[cfg(test)]
mod tests;
