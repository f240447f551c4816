// bufferization.dealloc frees a memref only if no earlier memref of its list aliases it,
// whatever the earlier one's condition (the op's definition; MLIR's lowering does the same):
// the owner %a comes after a cast of it whose condition is false, so %a leaks. In the other
// order the buffer is freed once.
// EXPECT: leak 14:3 site 9:8
func.func @main() {
  %f = arith.constant false
  %t = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %ca = memref.cast %a : memref<2xf32> to memref<?xf32>
  %cb = memref.cast %b : memref<2xf32> to memref<?xf32>
  bufferization.dealloc (%ca, %a, %b, %cb : memref<?xf32>, memref<2xf32>, memref<2xf32>, memref<?xf32>) if (%f, %t, %t, %f)
  return
}
