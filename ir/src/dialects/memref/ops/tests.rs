//! Builds each `memref` view's op, verifies and prints it (the expected texts are what
//! `mlir-opt-22` prints for the same ops).

use super::*;
use crate::attrs::AttrData;
use crate::dialects::arith::ConstantOp;
use crate::dialects::view::testing::build_in_func;

/// `memref<shape x elem>` with an optional layout.
fn memref_type(b: &mut Builder, shape: &[i64], elem: Type, layout: Option<Attr>) -> Type {
    b.ctx().ty(TypeData::MemRef {
        shape: shape.to_vec(),
        elem,
        layout,
        memory_space: None,
    })
}

#[test]
fn allocations_accesses_and_frees_build() {
    let text = build_in_func("%n: index, %v: f32", |b, args| {
        let f32_type = b.value_type(args[1]);
        let dynamic = memref_type(b, &[DYNAMIC], f32_type, None);
        let heap = AllocOp::build(b, dynamic, &[args[0]]);
        assert_eq!(heap.dynamic_sizes(b).collect::<Vec<_>>(), vec![args[0]]);
        assert_eq!(heap.symbol_operands(b).len(), 0);
        let i64_type = b.ctx().int_type(64);
        let sixteen = b.ctx().int_attr(16, i64_type);
        let fixed = memref_type(b, &[4], f32_type, None);
        let stack = AllocaOp::build_aligned(b, fixed, &[], Some(sixteen));
        assert_eq!(stack.alignment(b), Some(sixteen));
        let (heap, stack) = (heap.result(b), stack.result(b));
        let c0 = ConstantOp::build_index(b, 0).result(b);
        let store = StoreOp::build(b, args[1], stack, &[c0]);
        assert_eq!((store.value(b), store.memref(b)), (args[1], stack));
        assert_eq!(store.indices(b).collect::<Vec<_>>(), vec![c0]);
        let load = LoadOp::build(b, stack, &[c0]);
        assert_eq!(b.value_type(load.result(b)), f32_type);
        assert_eq!(load.indices(b).collect::<Vec<_>>(), vec![c0]);
        let cast = CastOp::build(b, stack, dynamic);
        let copy = CopyOp::build(b, cast.result(b), heap);
        assert_eq!((copy.source(b), copy.target(b)), (cast.result(b), heap));
        let grown = ReallocOp::build(b, heap, dynamic, Some(args[0]));
        assert_eq!(grown.dynamic_result_size(b), Some(args[0]));
        let free = DeallocOp::build(b, grown.result(b));
        assert_eq!(free.memref(b), grown.result(b));
    });
    let expected = "\
module {
  func.func @f(%arg0: index, %arg1: f32) {
    %alloc = memref.alloc(%arg0) : memref<?xf32>
    %alloca = memref.alloca() {alignment = 16 : i64} : memref<4xf32>
    %c0 = arith.constant 0 : index
    memref.store %arg1, %alloca[%c0] : memref<4xf32>
    %0 = memref.load %alloca[%c0] : memref<4xf32>
    %cast = memref.cast %alloca : memref<4xf32> to memref<?xf32>
    memref.copy %cast, %alloc : memref<?xf32> to memref<?xf32>
    %1 = memref.realloc %alloc(%arg0) : memref<?xf32> to memref<?xf32>
    memref.dealloc %1 : memref<?xf32>
    return
  }
}
";
    assert_eq!(text, expected);
}

#[test]
fn views_build_with_mixed_offsets_sizes_and_strides() {
    let text = build_in_func("%m: memref<8xf32>, %n: index", |b, args| {
        let f32_type = b.ctx().float_type(crate::types::FloatKind::F32);
        let strided = b.ctx().attr(AttrData::Strided {
            strides: vec![1],
            offset: DYNAMIC,
        });
        let window_type = memref_type(b, &[DYNAMIC], f32_type, Some(strided));
        let lists = (
            &[Mixed::Dynamic(args[1])][..],
            &[Mixed::Dynamic(args[1])][..],
            &[Mixed::Static(1)][..],
        );
        let window = SubViewOp::build(b, args[0], window_type, lists);
        assert_eq!(window.source(b), args[0]);
        assert_eq!(window.offsets(b), vec![Mixed::Dynamic(args[1])]);
        assert_eq!(window.strides(b), vec![Mixed::Static(1)]);
        let flat_type = memref_type(b, &[2, 4], f32_type, None);
        let sizes = [Mixed::Static(2), Mixed::Static(4)];
        let strides = [Mixed::Static(4), Mixed::Static(1)];
        let flat =
            ReinterpretCastOp::build(b, args[0], flat_type, (Mixed::Static(0), &sizes, &strides));
        assert_eq!(flat.offsets(b), vec![Mixed::Static(0)]);
        assert_eq!(flat.sizes(b), sizes.to_vec());
        let index = b.ctx().index_type();
        let shape_type = memref_type(b, &[2], index, None);
        let shape = AllocaOp::build(b, shape_type, &[]).result(b);
        let reshaped = ReshapeOp::build(b, args[0], shape, flat_type);
        assert_eq!(reshaped.shape(b), shape);
    });
    let expected = "\
module {
  func.func @f(%arg0: memref<8xf32>, %arg1: index) {
    %subview = memref.subview %arg0[%arg1] [%arg1] [1] : memref<8xf32> to memref<?xf32, strided<[1], offset: ?>>
    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
    %alloca = memref.alloca() : memref<2xindex>
    %reshape = memref.reshape %arg0(%alloca) : (memref<8xf32>, memref<2xindex>) -> memref<2x4xf32>
    return
  }
}
";
    assert_eq!(text, expected);
}

#[test]
fn metadata_ops_build() {
    let text = build_in_func("%m: memref<?x4xf32>, %u: memref<*xf32>", |b, args| {
        let c1 = ConstantOp::build_index(b, 1).result(b);
        let dim = DimOp::build(b, args[0], c1);
        assert_eq!((dim.source(b), dim.index(b)), (args[0], c1));
        RankOp::build(b, args[1]);
        let metadata = ExtractStridedMetadataOp::build(b, args[0]);
        assert_eq!(metadata.sizes(b).len(), 2);
        assert_eq!(metadata.strides(b).len(), 2);
        assert_eq!(metadata.sizes(b)[0], b.result(metadata.0, 2));
        assert_eq!(metadata.strides(b)[1], b.result(metadata.0, 5));
        let base = metadata.base_buffer(b);
        let pointer = ExtractAlignedPointerAsIndexOp::build(b, base);
        assert_eq!(pointer.source(b), base);
    });
    let expected = "\
module {
  func.func @f(%arg0: memref<?x4xf32>, %arg1: memref<*xf32>) {
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg0, %c1 : memref<?x4xf32>
    %0 = memref.rank %arg1 : memref<*xf32>
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x4xf32> -> memref<f32>, index, index, index, index, index
    %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    return
  }
}
";
    assert_eq!(text, expected);
}
