// A callee frees its argument; the caller's later store is a use after free.
// EXPECT: use_after_free 13:3 site 10:8
func.func @consume(%m: memref<4xi64>) {
  memref.dealloc %m : memref<4xi64>
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i64
  %m = memref.alloc() : memref<4xi64>
  memref.store %v, %m[%c0] : memref<4xi64>
  func.call @consume(%m) : (memref<4xi64>) -> ()
  memref.store %v, %m[%c0] : memref<4xi64>
  return
}
