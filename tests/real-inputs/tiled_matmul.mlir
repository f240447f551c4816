// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from tiled_matmul.tensor.mlir by bufferize.sh; do not edit.

module {
  memref.global "private" constant @__constant_4x4xf32_0 : memref<4x4xf32> = dense<[[2.000000e+00, 0.000000e+00, 1.000000e+00, -1.000000e+00], [1.000000e+00, 3.000000e+00, 5.000000e-01, 2.000000e+00], [0.000000e+00, -2.000000e+00, 1.000000e+00, 1.000000e+00], [4.000000e+00, 1.000000e+00, 0.000000e+00, 5.000000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x4xf32 : memref<4x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e-01, -1.000000e+00, 2.000000e+00, 0.000000e+00], [3.000000e+00, 1.000000e+00, -2.000000e+00, 1.500000e+00], [-1.000000e+00, 2.500000e-01, 1.000000e+00, 2.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @tiled_matmul(%arg0: memref<4x4xf32>, %arg1: memref<4x4xf32>) -> memref<4x4xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4x4xf32>)
    %0 = scf.for %arg2 = %c0 to %c4 step %c2 iter_args(%arg3 = %alloc) -> (memref<4x4xf32>) {
      %1 = scf.for %arg4 = %c0 to %c4 step %c2 iter_args(%arg5 = %arg3) -> (memref<4x4xf32>) {
        %2 = scf.for %arg6 = %c0 to %c4 step %c2 iter_args(%arg7 = %arg5) -> (memref<4x4xf32>) {
          %subview = memref.subview %arg0[%arg2, %arg6] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
          %subview_0 = memref.subview %arg1[%arg6, %arg4] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
          %subview_1 = memref.subview %arg7[%arg2, %arg4] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
          linalg.matmul ins(%subview, %subview_0 : memref<2x2xf32, strided<[4, 1], offset: ?>>, memref<2x2xf32, strided<[4, 1], offset: ?>>) outs(%subview_1 : memref<2x2xf32, strided<[4, 1], offset: ?>>)
          %subview_2 = memref.subview %arg7[%arg2, %arg4] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
          memref.copy %subview_1, %subview_2 : memref<2x2xf32, strided<[4, 1], offset: ?>> to memref<2x2xf32, strided<[4, 1], offset: ?>>
          scf.yield %arg7 : memref<4x4xf32>
        }
        scf.yield %2 : memref<4x4xf32>
      }
      scf.yield %1 : memref<4x4xf32>
    }
    return %0 : memref<4x4xf32>
  }
  func.func @reference(%arg0: memref<4x4xf32>, %arg1: memref<4x4xf32>) -> memref<4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4x4xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc : memref<4x4xf32>)
    return %alloc : memref<4x4xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_4x4xf32 : memref<4x4xf32>
    %1 = memref.get_global @__constant_4x4xf32_0 : memref<4x4xf32>
    %2 = call @tiled_matmul(%0, %1) : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
    %3 = call @reference(%0, %1) : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
    %cast = memref.cast %2 : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %3 : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

