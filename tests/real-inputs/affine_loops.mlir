// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from affine_loops.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0) -> (0, d0 - 1)>
#map1 = affine_map<(d0) -> (6, d0 + 2)>
#map2 = affine_map<(d0) -> (1, d0 - 2)>
#map3 = affine_map<(d0) -> (4, -d0 + 6)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0)[s0] -> (d0 + s0 + 1)>
#set = affine_set<(d0, d1) : (d0 - 1 >= 0, -d0 + 4 >= 0, d1 - 1 >= 0, -d1 + 4 >= 0)>
module {
  memref.global "private" constant @__constant_6x6xf32 : memref<6x6xf32> = dense<[[9.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 9.000000e+00], [0.000000e+00, 9.000000e+00, 0.000000e+00, 0.000000e+00, 9.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 9.000000e+00, 9.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 9.000000e+00, 9.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 9.000000e+00, 0.000000e+00, 0.000000e+00, 9.000000e+00, 0.000000e+00], [9.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 9.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<6x6xf32>) {
    %cast = memref.cast %arg0 : memref<6x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @blur(%arg0: memref<6x6xf32>) -> memref<6x6xf32> {
    %alloc = memref.alloc() : memref<6x6xf32>
    %cst = arith.constant 0.111111112 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    affine.parallel (%arg1, %arg2) = (0, 0) to (6, 6) {
      affine.if #set(%arg1, %arg2) {
        %0 = affine.for %arg3 = -1 to 2 iter_args(%arg4 = %cst_0) -> (f32) {
          %2 = affine.for %arg5 = -1 to 2 iter_args(%arg6 = %arg4) -> (f32) {
            %3 = affine.load %arg0[%arg1 + %arg3, %arg2 + %arg5] : memref<6x6xf32>
            %4 = arith.addf %arg6, %3 : f32
            affine.yield %4 : f32
          }
          affine.yield %2 : f32
        }
        %1 = arith.mulf %0, %cst : f32
        affine.store %1, %alloc[%arg1, %arg2] : memref<6x6xf32>
      } else {
        %0 = affine.load %arg0[%arg1, %arg2] : memref<6x6xf32>
        affine.store %0, %alloc[%arg1, %arg2] : memref<6x6xf32>
      }
    }
    return %alloc : memref<6x6xf32>
  }
  func.func @band_sum(%arg0: memref<6x6xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %arg1 = 0 to 6 iter_args(%arg2 = %cst) -> (f32) {
      %1 = affine.for %arg3 = max #map(%arg1) to min #map1(%arg1) iter_args(%arg4 = %arg2) -> (f32) {
        %6 = memref.load %arg0[%arg1, %arg3] : memref<6x6xf32>
        %7 = arith.addf %arg4, %6 : f32
        affine.yield %7 : f32
      }
      %2 = affine.max #map2(%arg1)
      %3 = arith.index_cast %2 : index to i32
      %4 = arith.sitofp %3 : i32 to f32
      %5 = arith.mulf %1, %4 : f32
      affine.yield %5 : f32
    }
    return %0 : f32
  }
  func.func @scale_rows(%arg0: memref<6x6xf32>) -> memref<6x6xf32> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %0 = scf.for %arg1 = %c0 to %c6 step %c4 iter_args(%arg2 = %arg0) -> (memref<6x6xf32>) {
      %1 = affine.min #map3(%arg1)
      %subview = memref.subview %arg2[%arg1, 0] [%1, 6] [1, 1] : memref<6x6xf32> to memref<?x6xf32, strided<[6, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel"]} outs(%subview : memref<?x6xf32, strided<[6, 1], offset: ?>>) {
      ^bb0(%out: f32):
        %2 = linalg.index 0 : index
        %3 = affine.apply #map5(%2)[%arg1]
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        %6 = arith.mulf %out, %5 : f32
        linalg.yield %6 : f32
      }
      %subview_0 = memref.subview %arg2[%arg1, 0] [%1, 6] [1, 1] : memref<6x6xf32> to memref<?x6xf32, strided<[6, 1], offset: ?>>
      memref.copy %subview, %subview_0 : memref<?x6xf32, strided<[6, 1], offset: ?>> to memref<?x6xf32, strided<[6, 1], offset: ?>>
      scf.yield %arg2 : memref<6x6xf32>
    }
    return %0 : memref<6x6xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_6x6xf32 : memref<6x6xf32>
    %1 = call @blur(%0) : (memref<6x6xf32>) -> memref<6x6xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x6xf32>
    memref.copy %1, %alloc : memref<6x6xf32> to memref<6x6xf32>
    call @show(%alloc) : (memref<6x6xf32>) -> ()
    %2 = call @band_sum(%1) : (memref<6x6xf32>) -> f32
    vector.print %2 : f32
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6x6xf32>
    memref.copy %1, %alloc_0 : memref<6x6xf32> to memref<6x6xf32>
    %3 = call @scale_rows(%alloc_0) : (memref<6x6xf32>) -> memref<6x6xf32>
    call @show(%3) : (memref<6x6xf32>) -> ()
    return
  }
}

