// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from layer_norm.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<[0.000000e+00, 2.500000e-01, -5.000000e-01, 1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 5.000000e-01, 2.000000e+00, 1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [-1.000000e+00, 1.000000e+00, -1.000000e+00, 1.000000e+00], [5.000000e-01, 5.000000e-01, 5.000000e-01, 2.500000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<3x4xf32>) {
    %cast = memref.cast %arg0 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @row_mean(%arg0: memref<3x4xf32>) -> memref<3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce { arith.addf } ins(%arg0 : memref<3x4xf32>) outs(%alloc : memref<3xf32>) dimensions = [1] 
    linalg.map ins(%alloc : memref<3xf32>) outs(%alloc : memref<3xf32>)
      (%in: f32, %init: f32) {
        %0 = arith.divf %in, %cst_0 : f32
        linalg.yield %0 : f32
      }
    return %alloc : memref<3xf32>
  }
  func.func @layer_norm(%arg0: memref<3x4xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32>) -> memref<3x4xf32> {
    %cst = arith.constant 9.99999974E-6 : f32
    %0 = call @row_mean(%arg0) : (memref<3x4xf32>) -> memref<3xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %0 : memref<3x4xf32>, memref<3xf32>) outs(%alloc_0 : memref<3x4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %2 = arith.subf %in, %in_1 : f32
      linalg.yield %2 : f32
    }
    linalg.mul ins(%alloc_0, %alloc_0 : memref<3x4xf32>, memref<3x4xf32>) outs(%alloc : memref<3x4xf32>)
    %1 = call @row_mean(%alloc) : (memref<3x4xf32>) -> memref<3xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_0, %1, %arg1, %arg2 : memref<3x4xf32>, memref<3xf32>, memref<4xf32>, memref<4xf32>) outs(%alloc : memref<3x4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %in_2: f32, %in_3: f32, %out: f32):
      %2 = arith.addf %in_1, %cst : f32
      %3 = math.rsqrt %2 : f32
      %4 = arith.mulf %in, %3 : f32
      %5 = math.fma %4, %in_2, %in_3 : f32
      linalg.yield %5 : f32
    }
    return %alloc : memref<3x4xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %1 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %2 = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    %3 = call @layer_norm(%0, %1, %2) : (memref<3x4xf32>, memref<4xf32>, memref<4xf32>) -> memref<3x4xf32>
    call @show(%3) : (memref<3x4xf32>) -> ()
    return
  }
}

