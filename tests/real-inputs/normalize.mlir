// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from normalize.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 6.000000e+00], [-2.000000e+00, 0.000000e+00, 2.000000e+00, 4.000000e+00], [1.000000e+01, 1.050000e+01, 9.500000e+00, 1.200000e+01]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @row_stats(%arg0: memref<3x4xf32>) -> (memref<3xf32>, memref<3xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant -1.000000e+30 : f32
    %cst_1 = arith.constant 1.000000e+30 : f32
    %cst_2 = arith.constant 4.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce { arith.addf } ins(%arg0 : memref<3x4xf32>) outs(%alloc : memref<3xf32>) dimensions = [1] 
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.map ins(%alloc : memref<3xf32>) outs(%alloc_3 : memref<3xf32>)
      (%in: f32, %init: f32) {
        %0 = arith.divf %in, %cst_2 : f32
        linalg.yield %0 : f32
      }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst_1 : f32) outs(%alloc_4 : memref<3xf32>)
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce { arith.minimumf } ins(%arg0 : memref<3x4xf32>) outs(%alloc_4 : memref<3xf32>) dimensions = [1] 
    linalg.reduce { arith.maximumf } ins(%arg0 : memref<3x4xf32>) outs(%alloc : memref<3xf32>) dimensions = [1] 
    linalg.sub ins(%alloc, %alloc_4 : memref<3xf32>, memref<3xf32>) outs(%alloc : memref<3xf32>)
    return %alloc_3, %alloc : memref<3xf32>, memref<3xf32>
  }
  func.func @normalize(%arg0: memref<3x4xf32>) -> memref<3x4xf32> {
    %0:2 = call @row_stats(%arg0) : (memref<3x4xf32>) -> (memref<3xf32>, memref<3xf32>)
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.broadcast ins(%0#0 : memref<3xf32>) outs(%alloc : memref<3x4xf32>) dimensions = [1] 
    linalg.sub ins(%arg0, %alloc : memref<3x4xf32>, memref<3x4xf32>) outs(%alloc : memref<3x4xf32>)
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %0#1 : memref<3x4xf32>, memref<3xf32>) outs(%alloc : memref<3x4xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %1 = arith.divf %in, %in_0 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<3x4xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %1 = call @normalize(%0) : (memref<3x4xf32>) -> memref<3x4xf32>
    %cast = memref.cast %1 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

