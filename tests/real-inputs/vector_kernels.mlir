// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from vector_kernels.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_8xf32_1 : memref<8xf32> = dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, -1.000000e+00, -1.000000e+00, -1.000000e+00, -1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x4xf32_0 : memref<4x4xf32> = dense<[[1.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00], [0.000000e+00, 1.000000e+00, 5.000000e-01, 0.000000e+00], [-1.000000e+00, 0.000000e+00, 2.000000e+00, 5.000000e-01], [2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x4xf32 : memref<4x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 0.000000e+00, -1.000000e+00], [5.000000e-01, 0.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, -1.000000e+00, 5.000000e-01, 0.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00, 2.000000e+00]]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<4x4xf32>) {
    %cast = memref.cast %arg0 : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @show_vec(%arg0: memref<8xf32>) {
    %cast = memref.cast %arg0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @matmul_tile(%arg0: memref<4x4xf32>, %arg1: memref<4x4xf32>) -> memref<4x4xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = vector.transfer_read %arg0[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x4xf32>, vector<4x4xf32>
    %1 = vector.transfer_read %arg1[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x4xf32>, vector<4x4xf32>
    %cst_0 = arith.constant dense<1.000000e+00> : vector<4x4xf32>
    %2 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %0, %1, %cst_0 : vector<4x4xf32>, vector<4x4xf32> into vector<4x4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    vector.transfer_write %2, %alloc[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32>
    return %alloc : memref<4x4xf32>
  }
  func.func @axpy(%arg0: f32, %arg1: memref<8xf32>, %arg2: memref<8xf32>) -> memref<8xf32> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = vector.broadcast %arg0 : f32 to vector<4xf32>
    %1 = scf.for %arg3 = %c0 to %c8 step %c4 iter_args(%arg4 = %arg2) -> (memref<8xf32>) {
      %2 = vector.transfer_read %arg1[%arg3], %cst {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
      %3 = vector.transfer_read %arg4[%arg3], %cst {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
      %4 = vector.fma %0, %2, %3 : vector<4xf32>
      vector.transfer_write %4, %arg4[%arg3] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
      scf.yield %arg4 : memref<8xf32>
    }
    return %1 : memref<8xf32>
  }
  func.func @dot(%arg0: memref<8xf32>, %arg1: memref<8xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = vector.transfer_read %arg0[%c0], %cst : memref<8xf32>, vector<8xf32>
    %1 = vector.transfer_read %arg1[%c0], %cst : memref<8xf32>, vector<8xf32>
    %2 = arith.mulf %0, %1 : vector<8xf32>
    %3 = vector.reduction <add>, %2 : vector<8xf32> into f32
    return %3 : f32
  }
  func.func @softmax_rows(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    %0 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %alloc) -> (memref<4x4xf32>) {
      %1 = vector.transfer_read %arg0[%arg1, %c0], %cst {in_bounds = [true]} : memref<4x4xf32>, vector<4xf32>
      %2 = vector.reduction <maximumf>, %1 : vector<4xf32> into f32
      %3 = vector.broadcast %2 : f32 to vector<4xf32>
      %4 = arith.subf %1, %3 : vector<4xf32>
      %5 = math.exp %4 : vector<4xf32>
      %6 = vector.reduction <add>, %5 : vector<4xf32> into f32
      %7 = vector.broadcast %6 : f32 to vector<4xf32>
      %8 = arith.divf %5, %7 : vector<4xf32>
      vector.transfer_write %8, %arg2[%arg1, %c0] {in_bounds = [true]} : vector<4xf32>, memref<4x4xf32>
      scf.yield %arg2 : memref<4x4xf32>
    }
    return %0 : memref<4x4xf32>
  }
  func.func @main() {
    %0 = memref.get_global @__constant_4x4xf32 : memref<4x4xf32>
    %1 = memref.get_global @__constant_4x4xf32_0 : memref<4x4xf32>
    %2 = call @matmul_tile(%0, %1) : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    memref.copy %2, %alloc : memref<4x4xf32> to memref<4x4xf32>
    call @show(%alloc) : (memref<4x4xf32>) -> ()
    %3 = memref.get_global @__constant_8xf32 : memref<8xf32>
    %4 = memref.get_global @__constant_8xf32_1 : memref<8xf32>
    %cst = arith.constant 2.000000e+00 : f32
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %4, %alloc_0 : memref<8xf32> to memref<8xf32>
    %5 = call @axpy(%cst, %3, %alloc_0) : (f32, memref<8xf32>, memref<8xf32>) -> memref<8xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %5, %alloc_1 : memref<8xf32> to memref<8xf32>
    call @show_vec(%alloc_1) : (memref<8xf32>) -> ()
    %6 = call @dot(%3, %5) : (memref<8xf32>, memref<8xf32>) -> f32
    vector.print %6 : f32
    %7 = call @softmax_rows(%2) : (memref<4x4xf32>) -> memref<4x4xf32>
    call @show(%7) : (memref<4x4xf32>) -> ()
    return
  }
}

