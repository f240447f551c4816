// bufferization.dealloc does not free a memref aliasing a retained value; the ownership
// it returns is dropped here, so the buffer leaks.
// EXPECT: leak 9:3 site 6:8
func.func @main() {
  %t = arith.constant true
  %m = memref.alloc() : memref<2xi32>
  %v = memref.subview %m[0] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1]>>
  %own = bufferization.dealloc (%m : memref<2xi32>) if (%t) retain (%v : memref<1xi32, strided<[1]>>)
  return
}
