// An index past its dimension but inside the buffer is still out of bounds (UB in MLIR).
// EXPECT: out_of_bounds 7:8 site 6:8
func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %m = memref.alloc() : memref<4x4xi32>
  %x = memref.load %m[%c0, %c5] : memref<4x4xi32>
  memref.dealloc %m : memref<4x4xi32>
  return
}
