// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from mlp.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_3xf32_0 : memref<3xf32> = dense<[0.000000e+00, 1.000000e+00, -1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3xf32 : memref<3x3xf32> = dense<[[1.000000e+00, -1.000000e+00, 5.000000e-01], [5.000000e-01, 2.000000e+00, -1.000000e+00], [-1.000000e+00, 2.500000e-01, 1.500000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[1.000000e-01, -2.000000e-01, 3.000000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x3xf32 : memref<4x3xf32> = dense<[[5.000000e-01, -1.000000e+00, 2.500000e-01], [1.000000e+00, 5.000000e-01, -5.000000e-01], [-2.500000e-01, 7.500000e-01, 1.000000e+00], [2.000000e+00, 0.000000e+00, -1.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x4xf32 : memref<2x4xf32> = dense<[[1.000000e+00, -2.000000e+00, 3.000000e+00, 5.000000e-01], [0.000000e+00, 1.000000e+00, -1.000000e+00, 2.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @dense(%arg0: memref<2x4xf32>, %arg1: memref<4x3xf32>, %arg2: memref<3xf32>) -> memref<2x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2x3xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<2x4xf32>, memref<4x3xf32>) outs(%alloc : memref<2x3xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : memref<3xf32>) outs(%alloc : memref<2x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %out, %in : f32
      linalg.yield %0 : f32
    }
    linalg.map ins(%alloc : memref<2x3xf32>) outs(%alloc : memref<2x3xf32>)
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %cst : f32
        linalg.yield %0 : f32
      }
    return %alloc : memref<2x3xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_2x4xf32 : memref<2x4xf32>
    %1 = memref.get_global @__constant_4x3xf32 : memref<4x3xf32>
    %2 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %3 = call @dense(%0, %1, %2) : (memref<2x4xf32>, memref<4x3xf32>, memref<3xf32>) -> memref<2x3xf32>
    %4 = memref.get_global @__constant_3x3xf32 : memref<3x3xf32>
    %5 = memref.get_global @__constant_3xf32_0 : memref<3xf32>
    %6 = call @dense2(%3, %4, %5) : (memref<2x3xf32>, memref<3x3xf32>, memref<3xf32>) -> memref<2x3xf32>
    %cast = memref.cast %3 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %6 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
  func.func @dense2(%arg0: memref<2x3xf32>, %arg1: memref<3x3xf32>, %arg2: memref<3xf32>) -> memref<2x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.broadcast ins(%arg2 : memref<3xf32>) outs(%alloc : memref<2x3xf32>) dimensions = [0] 
    linalg.matmul ins(%arg0, %arg1 : memref<2x3xf32>, memref<3x3xf32>) outs(%alloc : memref<2x3xf32>)
    return %alloc : memref<2x3xf32>
  }
}

