// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from forall_tiles.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0) -> (d0 * 2)>
#map1 = affine_map<(d0) -> (4, -d0 + 10)>
module {
  memref.global "private" constant @__constant_10xf32 : memref<10xf32> = dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, -1.000000e+00, 2.000000e+00, -5.000000e-01, 2.500000e-01, 1.500000e+00, -2.000000e+00, 7.500000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x6xf32 : memref<3x6xf32> = dense<[[1.000000e+00, 0.000000e+00, 2.000000e+00, -1.000000e+00, 5.000000e-01, 1.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00, 2.000000e+00, -5.000000e-01], [1.000000e+00, 1.000000e+00, 0.000000e+00, 2.500000e-01, 0.000000e+00, 1.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x3xf32 : memref<4x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, -1.000000e+00], [2.000000e+00, 5.000000e-01, 1.000000e+00], [-1.000000e+00, 0.000000e+00, 3.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<4x6xf32>) {
    %cast = memref.cast %arg0 : memref<4x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @show_vec(%arg0: memref<10xf32>) {
    %cast = memref.cast %arg0 : memref<10xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @tiled_matmul(%arg0: memref<4x3xf32>, %arg1: memref<3x6xf32>) -> memref<4x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4x6xf32>)
    scf.forall (%arg2, %arg3) in (2, 3) {
      %0 = affine.apply #map(%arg2)
      %1 = affine.apply #map(%arg3)
      %subview = memref.subview %arg0[%0, 0] [2, 3] [1, 1] : memref<4x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
      %subview_0 = memref.subview %arg1[0, %1] [3, 2] [1, 1] : memref<3x6xf32> to memref<3x2xf32, strided<[6, 1], offset: ?>>
      %subview_1 = memref.subview %alloc[%0, %1] [2, 2] [1, 1] : memref<4x6xf32> to memref<2x2xf32, strided<[6, 1], offset: ?>>
      linalg.matmul ins(%subview, %subview_0 : memref<2x3xf32, strided<[3, 1], offset: ?>>, memref<3x2xf32, strided<[6, 1], offset: ?>>) outs(%subview_1 : memref<2x2xf32, strided<[6, 1], offset: ?>>)
      %subview_2 = memref.subview %alloc[%0, %1] [2, 2] [1, 1] : memref<4x6xf32> to memref<2x2xf32, strided<[6, 1], offset: ?>>
      memref.copy %subview_1, %subview_2 : memref<2x2xf32, strided<[6, 1], offset: ?>> to memref<2x2xf32, strided<[6, 1], offset: ?>>
    }
    return %alloc : memref<4x6xf32>
  }
  func.func @tiled_exp(%arg0: memref<10xf32>) -> memref<10xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
    scf.forall (%arg1) = (0) to (10) step (4) {
      %0 = affine.min #map1(%arg1)
      %subview = memref.subview %arg0[%arg1] [%0] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: ?>>
      %subview_0 = memref.subview %alloc[%arg1] [%0] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: ?>>
      linalg.exp ins(%subview : memref<?xf32, strided<[1], offset: ?>>) outs(%subview_0 : memref<?xf32, strided<[1], offset: ?>>)
      %subview_1 = memref.subview %alloc[%arg1] [%0] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: ?>>
      memref.copy %subview_0, %subview_1 : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    }
    return %alloc : memref<10xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_4x3xf32 : memref<4x3xf32>
    %1 = memref.get_global @__constant_3x6xf32 : memref<3x6xf32>
    %2 = call @tiled_matmul(%0, %1) : (memref<4x3xf32>, memref<3x6xf32>) -> memref<4x6xf32>
    call @show(%2) : (memref<4x6xf32>) -> ()
    %3 = memref.get_global @__constant_10xf32 : memref<10xf32>
    %4 = call @tiled_exp(%3) : (memref<10xf32>) -> memref<10xf32>
    call @show_vec(%4) : (memref<10xf32>) -> ()
    return
  }
}

