// bufferization.dealloc of a buffer memref.dealloc already freed: a double free at the
// bufferization.dealloc, with the buffer's allocation site.
// EXPECT: double_free 8:3 site 6:8
func.func @main() {
  %t = arith.constant true
  %m = memref.alloc() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  bufferization.dealloc (%m : memref<4xf32>) if (%t)
  return
}
