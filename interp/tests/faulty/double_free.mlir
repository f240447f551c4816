// memref.dealloc twice on the same buffer.
// EXPECT: double_free 6:3 site 4:8
func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}
