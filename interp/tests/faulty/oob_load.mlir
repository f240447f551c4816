// A store and then a load one past the end of a buffer: both reported.
// EXPECT: out_of_bounds 8:3 site 6:8
// EXPECT: out_of_bounds 9:8 site 6:8
func.func @main() {
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xi32>
  %one = arith.constant 1 : i32
  memref.store %one, %m[%c4] : memref<4xi32>
  %x = memref.load %m[%c4] : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}
