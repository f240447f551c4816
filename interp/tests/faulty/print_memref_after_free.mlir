// printMemrefF32 reads every element: printing a freed buffer is a use after free.
// EXPECT: use_after_free 8:3 site 5:8
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %m = memref.alloc() : memref<1xf32>
  %u = memref.cast %m : memref<1xf32> to memref<*xf32>
  memref.dealloc %m : memref<1xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
