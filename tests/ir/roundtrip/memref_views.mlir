// RUN: dealloc-opt %s --split-input-file

// subview with all-static offsets/sizes/strides; the result layout carries
// the static offset and strides (`%subview` hint).
func.func @subview_static(%m: memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: 18>> {
  %0 = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  return %0 : memref<4x4xf32, strided<[8, 1], offset: 18>>
}

// -----

// subview with dynamic offsets, sizes and strides mixed with static ones.
func.func @subview_dynamic(%m: memref<?x?xf32>, %o: index, %s: index, %t: index) -> memref<?x4xf32, strided<[?, ?], offset: ?>> {
  %0 = memref.subview %m[%o, 0] [%s, 4] [%t, %t] : memref<?x?xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x4xf32, strided<[?, ?], offset: ?>>
}

// -----

// Rank-reducing subview: unit dimensions are dropped from the result type.
func.func @subview_rank_reducing(%m: memref<8x16x4xf32>, %i: index) -> memref<16xf32, strided<[4], offset: ?>> {
  %0 = memref.subview %m[%i, 0, 2] [1, 16, 1] [1, 1, 1] : memref<8x16x4xf32> to memref<16xf32, strided<[4], offset: ?>>
  return %0 : memref<16xf32, strided<[4], offset: ?>>
}

// -----

// Subview of a subview of a 1-d alloc; both carry static layouts.
func.func @subview_chain() {
  %0 = memref.alloc() : memref<64xf32>
  %1 = memref.subview %0[16] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 16>>
  %2 = memref.subview %1[8] [8] [2] : memref<32xf32, strided<[1], offset: 16>> to memref<8xf32, strided<[2], offset: 24>>
  memref.dealloc %0 : memref<64xf32>
  return
}

// -----

// reinterpret_cast with static and dynamic offset/sizes/strides
// (`%reinterpret_cast` hint).
func.func @reinterpret_cast(%m: memref<?xf32>, %n: index) -> (memref<4x4xf32, strided<[4, 1]>>, memref<?x4xf32, strided<[4, 1], offset: ?>>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32, strided<[4, 1]>>
  %1 = memref.reinterpret_cast %m to offset: [%n], sizes: [%n, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  return %0, %1 : memref<4x4xf32, strided<[4, 1]>>, memref<?x4xf32, strided<[4, 1], offset: ?>>
}

// -----

// reinterpret_cast from an unranked memref.
func.func @reinterpret_cast_unranked(%u: memref<*xf32>) -> memref<2x8xf32> {
  %0 = memref.reinterpret_cast %u to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<*xf32> to memref<2x8xf32>
  return %0 : memref<2x8xf32>
}

// -----

// expand_shape with a static output shape (`%expand_shape` hint).
func.func @expand_shape(%m: memref<12xf32>) -> memref<3x4xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  return %0 : memref<3x4xf32>
}

// -----

// expand_shape with a dynamic output dimension.
func.func @expand_shape_dynamic(%m: memref<?x8xf32>, %n: index) -> memref<?x2x8xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 2, 8] : memref<?x8xf32> into memref<?x2x8xf32>
  return %0 : memref<?x2x8xf32>
}

// -----

// collapse_shape, including collapsing to a 0-d memref with empty
// reassociation (`%collapse_shape` hint).
func.func @collapse_shape(%m: memref<2x3x4xf32>, %u: memref<1x1xf32>) -> (memref<6x4xf32>, memref<24xf32>, memref<f32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.collapse_shape %m [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %2 = memref.collapse_shape %u [] : memref<1x1xf32> into memref<f32>
  return %0, %1, %2 : memref<6x4xf32>, memref<24xf32>, memref<f32>
}

// -----

// collapse_shape of a strided memref keeps a strided result layout.
func.func @collapse_strided(%m: memref<4x4xf32, strided<[4, 1], offset: ?>>) -> memref<16xf32, strided<[1], offset: ?>> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[4, 1], offset: ?>> into memref<16xf32, strided<[1], offset: ?>>
  return %0 : memref<16xf32, strided<[1], offset: ?>>
}

// -----

// memref.view carves typed buffers out of an i8 allocation (`%view` hint).
func.func @view(%n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %buf = memref.alloc() : memref<2048xi8>
  %0 = memref.view %buf[%c0][] : memref<2048xi8> to memref<16x4xf32>
  %1 = memref.view %buf[%c64][%n] : memref<2048xi8> to memref<?x4xf32>
  memref.dealloc %buf : memref<2048xi8>
  return
}

// -----

// A view chain that the buffer alias analysis must follow: alloc, subview,
// cast, and finally the alloc is freed once.
func.func @alias_chain(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<16x16xf32>
  %1 = memref.subview %0[%i, 0] [1, 16] [1, 1] : memref<16x16xf32> to memref<16xf32, strided<[1], offset: ?>>
  %2 = memref.cast %1 : memref<16xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %v = memref.load %2[%c0] : memref<?xf32, strided<[1], offset: ?>>
  memref.dealloc %0 : memref<16x16xf32>
  return %v : f32
}

// -----

// Subviews of a memref with an integer memory space keep it in the result.
func.func @subview_memory_space(%m: memref<8xf32, 3>) -> memref<4xf32, strided<[1], offset: 4>, 3> {
  %0 = memref.subview %m[4] [4] [1] : memref<8xf32, 3> to memref<4xf32, strided<[1], offset: 4>, 3>
  return %0 : memref<4xf32, strided<[1], offset: 4>, 3>
}

// -----

// Metadata round trip: extract the strided metadata and rebuild the memref
// with reinterpret_cast, as memref lowering does.
func.func @metadata_rebuild(%m: memref<?x?xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%off], sizes: [%sz#0, %sz#1], strides: [%st#0, %st#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}
