// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect

// Dimension lists are tokens, as in MLIR: spaces may separate sizes and `x`, a hexadecimal
// look-alike such as `0xf32` is the size 0 then `xf32`, and scalable vector sizes are bracketed.
func.func @spaced(%m: memref<2 x 3 x f32>, %t: tensor<? x 4xi32>, %u: memref<* x f32>) {
  %0 = "test.op"() : () -> vector<[4] x 2 x f32>
  %1 = "test.op"() : () -> memref<0xf32>
  %2 = "test.op"() : () -> tensor<* x i1>
  return
}
