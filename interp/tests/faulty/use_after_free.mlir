// A load from a buffer after its memref.dealloc, through a view of it.
// EXPECT: use_after_free 10:8 site 5:8
func.func @main() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xi32>
  %one = arith.constant 1 : i32
  memref.store %one, %m[%c0] : memref<4xi32>
  %v = memref.subview %m[1] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 1>>
  memref.dealloc %m : memref<4xi32>
  %x = memref.load %v[%c0] : memref<2xi32, strided<[1], offset: 1>>
  return
}
