// A store into a constant global.
// EXPECT: write_to_constant 9:3
memref.global "private" constant @table : memref<2xi32> = dense<[1, 2]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i32
  %g = memref.get_global @table : memref<2xi32>
  // The store below writes to read-only memory.
  memref.store %v, %g[%c0] : memref<2xi32>
  return
}
