// memref.dealloc of a stack buffer.
// EXPECT: invalid_free 5:3 site 4:8
func.func @main() {
  %m = memref.alloca() : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}
