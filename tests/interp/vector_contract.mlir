// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// vector.contract of every shape the corpus uses and a few more: a matmul tile read from a
// buffer the pipeline must free, a dot product into a scalar, a transposed matrix-vector
// product, an integer contraction, and a batched matrix-vector product with the reduction
// iterator first; checked by execution against mlir-runner-22 (whose lowering takes the add
// kind only).
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @main() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<3x4xf32>
  %v = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 0.0], [1.0, 1.0, -2.0, 3.0]]> : vector<3x4xf32>
  vector.transfer_write %v, %buf[%c0, %c0] : vector<3x4xf32>, memref<3x4xf32>
  %a = vector.transfer_read %buf[%c0, %c0], %pad : memref<3x4xf32>, vector<2x3xf32>
  %b = vector.transfer_read %buf[%c0, %c0], %pad : memref<3x4xf32>, vector<3x4xf32>
  %acc = arith.constant dense<0.5> : vector<2x4xf32>
  %mm = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  vector.print %mm : vector<2x4xf32>
  %x = vector.extract %b[1] : vector<4xf32> from vector<3x4xf32>
  %y = vector.extract %b[2] : vector<4xf32> from vector<3x4xf32>
  %s = arith.constant 1.0 : f32
  %dot = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %y, %s : vector<4xf32>, vector<4xf32> into f32
  vector.print %dot : f32
  %k3 = arith.constant dense<[1.0, -1.0, 2.0]> : vector<3xf32>
  %at = vector.contract {indexing_maps = [affine_map<(n, k) -> (k, n)>, affine_map<(n, k) -> (k)>, affine_map<(n, k) -> (n)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %b, %k3, %x : vector<3x4xf32>, vector<3xf32> into vector<4xf32>
  vector.print %at : vector<4xf32>
  %i = arith.constant dense<[3, -2, 5, 7]> : vector<4xi32>
  %j = arith.constant 10 : i32
  %idot = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<add>} %i, %i, %j : vector<4xi32>, vector<4xi32> into i32
  vector.print %idot : i32
  %bat = vector.broadcast %b : vector<3x4xf32> to vector<2x3x4xf32>
  %w = vector.transfer_read %buf[%c0, %c0], %pad : memref<3x4xf32>, vector<2x4xf32>
  %zero = arith.constant dense<0.0> : vector<2x3xf32>
  %red = vector.contract {indexing_maps = [affine_map<(k, b, m) -> (b, m, k)>, affine_map<(k, b, m) -> (b, k)>, affine_map<(k, b, m) -> (b, m)>], iterator_types = ["reduction", "parallel", "parallel"]} %bat, %w, %zero : vector<2x3x4xf32>, vector<2x4xf32> into vector<2x3xf32>
  vector.print %red : vector<2x3xf32>
  return
}
