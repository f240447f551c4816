// A heap buffer never freed: reported as a leak at main's return, with its allocation site
// (and its load, before any write, as a read of uninitialized memory).
// EXPECT: leak 9:3 site 7:8
// WARN: uninitialized_read 8:8 site 7:8
func.func @main() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  return
}
