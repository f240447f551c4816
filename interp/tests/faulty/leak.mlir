// A heap buffer never freed: reported as a leak at main's return, with its allocation site.
// EXPECT: leak 7:3 site 5:8
func.func @main() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  return
}
