// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from dynamic.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0) -> (d0)>
module {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @axpy(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<?xf32>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg1, %c0 : memref<?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg1, %arg2 : memref<?xf32>, memref<?xf32>) outs(%alloc : memref<?xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %0 = arith.mulf %arg0, %in : f32
      %1 = arith.addf %0, %in_0 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<?xf32>
  }
  func.func @ramp(%arg0: index) -> memref<?xf32> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?xf32>
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%alloc : memref<?xf32>) {
    ^bb0(%out: f32):
      %0 = linalg.index 0 : index
      %1 = arith.index_cast %0 : index to i64
      %2 = arith.sitofp %1 : i64 to f32
      linalg.yield %2 : f32
    }
    return %alloc : memref<?xf32>
  }
  func.func @dot(%arg0: memref<?xf32>, %arg1: memref<?xf32>) -> memref<f32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.dot ins(%arg0, %arg1 : memref<?xf32>, memref<?xf32>) outs(%alloc : memref<f32>)
    return %alloc : memref<f32>
  }
  func.func @show(%arg0: memref<?xf32>) {
    %cast = memref.cast %arg0 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %cst = arith.constant 2.000000e+00 : f32
    scf.for %arg0 = %c2 to %c7 step %c2 {
      %0 = func.call @ramp(%arg0) : (index) -> memref<?xf32>
      %1 = func.call @axpy(%cst, %0, %0) : (f32, memref<?xf32>, memref<?xf32>) -> memref<?xf32>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %1, %c0 : memref<?xf32>
      %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
      memref.copy %1, %alloc : memref<?xf32> to memref<?xf32>
      func.call @show(%alloc) : (memref<?xf32>) -> ()
      %2 = func.call @dot(%0, %1) : (memref<?xf32>, memref<?xf32>) -> memref<f32>
      %cast = memref.cast %2 : memref<f32> to memref<*xf32>
      func.call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    }
    return
  }
}

