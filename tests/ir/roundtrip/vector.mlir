// RUN: dealloc-opt %s --split-input-file

// Transfers: default (minor identity) permutation maps and all-false
// in_bounds are elided; masks, padding, broadcast dims and 2-D vectors.
func.func @transfers(%A: memref<?x8xf32>, %i: index, %m: vector<4xi1>) {
  %pad = arith.constant 0.0 : f32
  %0 = vector.transfer_read %A[%i, %i], %pad : memref<?x8xf32>, vector<4xf32>
  %1 = vector.transfer_read %A[%i, %i], %pad {in_bounds = [true]} : memref<?x8xf32>, vector<4xf32>
  %2 = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x8xf32>, vector<4xf32>
  %3 = vector.transfer_read %A[%i, %i], %pad, %m : memref<?x8xf32>, vector<4xf32>
  %4 = vector.transfer_read %A[%i, %i], %pad : memref<?x8xf32>, vector<2x4xf32>
  %5 = vector.transfer_read %A[%i, %i], %pad {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x8xf32>, vector<3x4xf32>
  vector.transfer_write %0, %A[%i, %i] : vector<4xf32>, memref<?x8xf32>
  vector.transfer_write %0, %A[%i, %i] {in_bounds = [false]} : vector<4xf32>, memref<?x8xf32>
  vector.transfer_write %0, %A[%i, %i], %m {in_bounds = [true]} : vector<4xf32>, memref<?x8xf32>
  vector.transfer_write %4, %A[%i, %i] : vector<2x4xf32>, memref<?x8xf32>
  return
}

// -----

// Transfers on tensors: transfer_write returns the new tensor.
func.func @tensor_transfers(%t: tensor<8xf32>, %i: index) -> tensor<8xf32> {
  %pad = arith.constant 0.0 : f32
  %0 = vector.transfer_read %t[%i], %pad : tensor<8xf32>, vector<4xf32>
  %1 = vector.transfer_write %0, %t[%i] : vector<4xf32>, tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// load/store, broadcast, static and dynamic extract/insert (insert prints a
// space before its position), fma, reductions with and without accumulator,
// print.
func.func @values(%A: memref<?x8xf32>, %i: index, %x: f32, %k: i32) -> f32 {
  %0 = vector.load %A[%i, %i] : memref<?x8xf32>, vector<4xf32>
  vector.store %0, %A[%i, %i] : memref<?x8xf32>, vector<4xf32>
  %1 = vector.broadcast %x : f32 to vector<4xf32>
  %2 = vector.broadcast %0 : vector<4xf32> to vector<2x4xf32>
  %3 = vector.extract %2[1] : vector<4xf32> from vector<2x4xf32>
  %4 = vector.extract %2[1, %i] : f32 from vector<2x4xf32>
  %5 = vector.insert %x, %2 [0, 2] : f32 into vector<2x4xf32>
  %6 = vector.insert %0, %2 [%i] : vector<4xf32> into vector<2x4xf32>
  %7 = vector.fma %0, %0, %1 : vector<4xf32>
  %8 = vector.reduction <add>, %7 : vector<4xf32> into f32
  %9 = vector.reduction <maximumf>, %7, %x fastmath<fast> : vector<4xf32> into f32
  %10 = vector.broadcast %k : i32 to vector<3xi32>
  %11 = vector.reduction <xor>, %10 : vector<3xi32> into i32
  %12 = vector.broadcast %x : f32 to vector<f32>
  %13 = vector.extract %12[] : f32 from vector<f32>
  vector.print %7 : vector<4xf32>
  vector.print %x : f32
  %c = arith.constant dense<1.0> : vector<4xf32>
  %14 = arith.addf %c, %0 : vector<4xf32>
  return %9 : f32
}
