// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from padded_conv.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  memref.global "private" constant @__constant_2x2x2x2xf32 : memref<2x2x2x2xf32> = dense<[[[[1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00]], [[5.000000e-01, 5.000000e-01], [-1.000000e+00, 1.000000e+00]]], [[[0.000000e+00, 2.000000e+00], [1.000000e+00, 0.000000e+00]], [[1.000000e+00, -1.000000e+00], [2.500000e-01, 2.500000e-01]]]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[5.000000e-01, -1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_1x4x4x2xf32 : memref<1x4x4x2xf32> = dense<[[[[1.000000e+00, 0.000000e+00], [2.000000e+00, 1.000000e+00], [0.000000e+00, -1.000000e+00], [1.000000e+00, 1.000000e+00]], [[5.000000e-01, 2.000000e+00], [1.000000e+00, 1.000000e+00], [-1.000000e+00, 0.000000e+00], [2.000000e+00, 5.000000e-01]], [[0.000000e+00, 1.000000e+00], [3.000000e+00, -2.000000e+00], [1.000000e+00, 1.000000e+00], [0.000000e+00, 0.000000e+00]], [[1.000000e+00, 1.000000e+00], [0.000000e+00, 5.000000e-01], [2.000000e+00, 2.000000e+00], [-1.000000e+00, 1.000000e+00]]]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<1x4x4x2xf32>) {
    %cast = memref.cast %arg0 : memref<1x4x4x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @show_nchw(%arg0: memref<1x2x2x2xf32>) {
    %cast = memref.cast %arg0 : memref<1x2x2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @conv_relu(%arg0: memref<1x4x4x2xf32>, %arg1: memref<3x3x2x2xf32>, %arg2: memref<2xf32>) -> memref<1x4x4x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x2xf32>
    linalg.map outs(%alloc : memref<1x6x6x2xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 1, 1, 0] [1, 4, 4, 2] [1, 1, 1, 1] : memref<1x6x6x2xf32> to memref<1x4x4x2xf32, strided<[72, 12, 2, 1], offset: 14>>
    memref.copy %arg0, %subview : memref<1x4x4x2xf32> to memref<1x4x4x2xf32, strided<[72, 12, 2, 1], offset: 14>>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<1x4x4x2xf32>)
    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc, %arg1 : memref<1x6x6x2xf32>, memref<3x3x2x2xf32>) outs(%alloc_0 : memref<1x4x4x2xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : memref<2xf32>) outs(%alloc_0 : memref<1x4x4x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %out, %in : f32
      %1 = arith.maximumf %0, %cst : f32
      linalg.yield %1 : f32
    }
    return %alloc_0 : memref<1x4x4x2xf32>
  }
  func.func @strided_nchw(%arg0: memref<1x4x4x2xf32>, %arg1: memref<2x2x2x2xf32>) -> memref<1x2x2x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x2x4x4xf32>
    linalg.transpose ins(%arg0 : memref<1x4x4x2xf32>) outs(%alloc : memref<1x2x4x4xf32>) permutation = [0, 3, 1, 2] 
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x2x2x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<1x2x2x2xf32>)
    linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc, %arg1 : memref<1x2x4x4xf32>, memref<2x2x2x2xf32>) outs(%alloc_0 : memref<1x2x2x2xf32>)
    return %alloc_0 : memref<1x2x2x2xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_1x4x4x2xf32 : memref<1x4x4x2xf32>
    %cst = arith.constant 2.500000e-01 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x3x2x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3x3x2x2xf32>)
    %cst_0 = arith.constant -5.000000e-01 : f32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    memref.store %cst_0, %alloc[%c1, %c1, %c0, %c1] : memref<3x3x2x2xf32>
    %1 = memref.get_global @__constant_2xf32 : memref<2xf32>
    %2 = call @conv_relu(%0, %alloc, %1) : (memref<1x4x4x2xf32>, memref<3x3x2x2xf32>, memref<2xf32>) -> memref<1x4x4x2xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x2xf32>
    memref.copy %2, %alloc_1 : memref<1x4x4x2xf32> to memref<1x4x4x2xf32>
    call @show(%alloc_1) : (memref<1x4x4x2xf32>) -> ()
    %3 = memref.get_global @__constant_2x2x2x2xf32 : memref<2x2x2x2xf32>
    %4 = call @strided_nchw(%2, %3) : (memref<1x4x4x2xf32>, memref<2x2x2x2xf32>) -> memref<1x2x2x2xf32>
    call @show_nchw(%4) : (memref<1x2x2x2xf32>) -> ()
    return
  }
}

