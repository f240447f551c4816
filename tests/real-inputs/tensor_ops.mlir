// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from tensor_ops.tensor.mlir by bufferize.sh; do not edit.

module {
  memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @pad(%arg0: memref<2x2xf32>) -> memref<4x4xf32> {
    %cst = arith.constant -1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.map outs(%alloc : memref<4x4xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
    memref.copy %arg0, %subview : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
    return %alloc : memref<4x4xf32>
  }
  func.func @ramp(%arg0: index) -> memref<?xf32> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?xf32>
    linalg.map outs(%alloc : memref<?xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = arith.index_cast %0 : index to i32
        %2 = arith.sitofp %1 : i32 to f32
        linalg.yield %2 : f32
      }
    return %alloc : memref<?xf32>
  }
  func.func @pair(%arg0: f32, %arg1: f32) -> memref<2xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    memref.store %arg0, %alloc[%c0] : memref<2xf32>
    memref.store %arg1, %alloc[%c1] : memref<2xf32>
    return %alloc : memref<2xf32>
  }
  func.func @concat(%arg0: memref<2xf32>, %arg1: memref<3xf32>) -> memref<5xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    %subview = memref.subview %alloc[0] [2] [1] : memref<5xf32> to memref<2xf32, strided<[1]>>
    memref.copy %arg0, %subview : memref<2xf32> to memref<2xf32, strided<[1]>>
    %subview_0 = memref.subview %alloc[2] [3] [1] : memref<5xf32> to memref<3xf32, strided<[1], offset: 2>>
    memref.copy %arg1, %subview_0 : memref<3xf32> to memref<3xf32, strided<[1], offset: 2>>
    %c4 = arith.constant 4 : index
    %cst = arith.constant 9.500000e+00 : f32
    memref.store %cst, %alloc[%c4] : memref<5xf32>
    return %alloc : memref<5xf32>
  }
  func.func @flatten(%arg0: memref<4x4xf32>) -> memref<16xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1]] : memref<4x4xf32> into memref<16xf32>
    return %collapse_shape : memref<16xf32>
  }
  func.func @show(%arg0: memref<?xf32>) {
    %cast = memref.cast %arg0 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %0 = call @pair(%cst, %cst_0) : (f32, f32) -> memref<2xf32>
    %c3 = arith.constant 3 : index
    %1 = call @ramp(%c3) : (index) -> memref<?xf32>
    %cast = memref.cast %1 : memref<?xf32> to memref<3xf32>
    %2 = call @concat(%0, %cast) : (memref<2xf32>, memref<3xf32>) -> memref<5xf32>
    %cast_1 = memref.cast %2 : memref<5xf32> to memref<?xf32>
    call @show(%cast_1) : (memref<?xf32>) -> ()
    %3 = memref.get_global @__constant_2x2xf32 : memref<2x2xf32>
    %4 = call @pad(%3) : (memref<2x2xf32>) -> memref<4x4xf32>
    %5 = call @flatten(%4) : (memref<4x4xf32>) -> memref<16xf32>
    %cast_2 = memref.cast %5 : memref<16xf32> to memref<?xf32>
    call @show(%cast_2) : (memref<?xf32>) -> ()
    return
  }
}

