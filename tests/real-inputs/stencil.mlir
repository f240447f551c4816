// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from stencil.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
module {
  memref.global "private" constant @__constant_10xf32 : memref<10xf32> = dense<[8.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, -4.000000e+00]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<10xf32>) {
    %cast = memref.cast %arg0 : memref<10xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @sweep(%arg0: memref<10xf32>) -> memref<10xf32> {
    %cst = arith.constant 0.333333343 : f32
    %subview = memref.subview %arg0[0] [8] [1] : memref<10xf32> to memref<8xf32, strided<[1]>>
    %subview_0 = memref.subview %arg0[1] [8] [1] : memref<10xf32> to memref<8xf32, strided<[1], offset: 1>>
    %subview_1 = memref.subview %arg0[2] [8] [1] : memref<10xf32> to memref<8xf32, strided<[1], offset: 2>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%subview, %subview_0, %subview_1 : memref<8xf32, strided<[1]>>, memref<8xf32, strided<[1], offset: 1>>, memref<8xf32, strided<[1], offset: 2>>) outs(%alloc : memref<8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %0 = arith.addf %in, %in_3 : f32
      %1 = arith.addf %0, %in_4 : f32
      %2 = arith.mulf %1, %cst : f32
      linalg.yield %2 : f32
    }
    %subview_2 = memref.subview %arg0[1] [8] [1] : memref<10xf32> to memref<8xf32, strided<[1], offset: 1>>
    memref.copy %alloc, %subview_2 : memref<8xf32> to memref<8xf32, strided<[1], offset: 1>>
    return %arg0 : memref<10xf32>
  }
  func.func @max_change(%arg0: memref<10xf32>, %arg1: memref<10xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction"]} ins(%arg0, %arg1 : memref<10xf32>, memref<10xf32>) outs(%alloc : memref<f32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %1 = arith.subf %in, %in_0 : f32
      %2 = math.absf %1 : f32
      %3 = arith.maximumf %2, %out : f32
      linalg.yield %3 : f32
    }
    %0 = memref.load %alloc[] : memref<f32>
    return %0 : f32
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 5.000000e-02 : f32
    %cst_0 = arith.constant 1.000000e+09 : f32
    %0 = memref.get_global @__constant_10xf32 : memref<10xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
    memref.copy %0, %alloc : memref<10xf32> to memref<10xf32>
    %1:2 = scf.while (%arg0 = %alloc, %arg1 = %cst_0) : (memref<10xf32>, f32) -> (memref<10xf32>, f32) {
      %2 = arith.cmpf ogt, %arg1, %cst : f32
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
      memref.copy %arg0, %alloc_1 : memref<10xf32> to memref<10xf32>
      scf.condition(%2) %alloc_1, %arg1 : memref<10xf32>, f32
    } do {
    ^bb0(%arg0: memref<10xf32>, %arg1: f32):
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
      memref.copy %arg0, %alloc_1 : memref<10xf32> to memref<10xf32>
      %2 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %alloc_1) -> (memref<10xf32>) {
        %4 = func.call @sweep(%arg3) : (memref<10xf32>) -> memref<10xf32>
        scf.yield %4 : memref<10xf32>
      }
      %3 = func.call @max_change(%2, %arg0) : (memref<10xf32>, memref<10xf32>) -> f32
      scf.yield %2, %3 : memref<10xf32>, f32
    }
    call @show(%1#0) : (memref<10xf32>) -> ()
    vector.print %1#1 : f32
    return
  }
}

