// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from attention.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_3x4xf32_1 : memref<3x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [-1.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00], [5.000000e-01, 2.500000e-01, 1.250000e-01, 0.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x4xf32_0 : memref<3x4xf32> = dense<[[1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00, 1.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 2.000000e+00, 0.000000e+00, 1.000000e+00], [5.000000e-01, 5.000000e-01, -5.000000e-01, 1.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<3x4xf32>) {
    %cast = memref.cast %arg0 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @softmax(%arg0: memref<3x3xf32>) -> memref<3x3xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce ins(%arg0 : memref<3x3xf32>) outs(%alloc : memref<3xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %init : f32
        linalg.yield %0 : f32
      }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<3x3xf32>, memref<3xf32>) outs(%alloc_1 : memref<3x3xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %0 = arith.subf %in, %in_2 : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    }
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce { arith.addf } ins(%alloc_1 : memref<3x3xf32>) outs(%alloc : memref<3xf32>) dimensions = [1] 
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<3xf32>) outs(%alloc_1 : memref<3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %out, %in : f32
      linalg.yield %0 : f32
    }
    return %alloc_1 : memref<3x3xf32>
  }
  func.func @attention(%arg0: memref<3x4xf32>, %arg1: memref<3x4xf32>, %arg2: memref<3x4xf32>) -> memref<3x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x3xf32>
    linalg.transpose ins(%arg1 : memref<3x4xf32>) outs(%alloc : memref<4x3xf32>) permutation = [1, 0] 
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<3x3xf32>)
    linalg.matmul ins(%arg0, %alloc : memref<3x4xf32>, memref<4x3xf32>) outs(%alloc_1 : memref<3x3xf32>)
    linalg.map ins(%alloc_1 : memref<3x3xf32>) outs(%alloc_1 : memref<3x3xf32>)
      (%in: f32, %init: f32) {
        %1 = arith.mulf %in, %cst_0 : f32
        linalg.yield %1 : f32
      }
    %0 = call @softmax(%alloc_1) : (memref<3x3xf32>) -> memref<3x3xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<3x4xf32>)
    linalg.matmul ins(%0, %arg2 : memref<3x3xf32>, memref<3x4xf32>) outs(%alloc_2 : memref<3x4xf32>)
    return %alloc_2 : memref<3x4xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %1 = memref.get_global @__constant_3x4xf32_0 : memref<3x4xf32>
    %2 = memref.get_global @__constant_3x4xf32_1 : memref<3x4xf32>
    %3 = call @attention(%0, %1, %2) : (memref<3x4xf32>, memref<3x4xf32>, memref<3x4xf32>) -> memref<3x4xf32>
    call @show(%3) : (memref<3x4xf32>) -> ()
    return
  }
}

