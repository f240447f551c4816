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

// -----

// vector.contract: a matmul tile, a dot product into a scalar (the default kind printed), a
// max-combining contraction with a trailing attribute, an integer one, and a batch dimension
// with the reduction first among the iterators.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @contract(%va: vector<4x3xf32>, %vb: vector<3x2xf32>, %acc: vector<4x2xf32>, %x: vector<4xf32>, %s: f32, %i: vector<4xi32>, %j: i32, %b: vector<2x3x4xf32>, %c: vector<2x4xf32>) -> (vector<4x2xf32>, f32, f32, i32, vector<2xf32>) {
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %acc : vector<4x3xf32>, vector<3x2xf32> into vector<4x2xf32>
  %1 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  %2 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %x, %x, %s {tag = 1 : i32} : vector<4xf32>, vector<4xf32> into f32
  %3 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<add>} %i, %i, %j : vector<4xi32>, vector<4xi32> into i32
  %zero = arith.constant dense<0.0> : vector<2xf32>
  %4 = vector.contract {indexing_maps = [affine_map<(k, b, n) -> (b, n, k)>, affine_map<(k, b, n) -> (b, k)>, affine_map<(k, b, n) -> (b)>], iterator_types = ["reduction", "parallel", "reduction"]} %b, %c, %zero : vector<2x3x4xf32>, vector<2x4xf32> into vector<2xf32>
  return %0, %1, %2, %3, %4 : vector<4x2xf32>, f32, f32, i32, vector<2xf32>
}
