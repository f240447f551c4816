// A load of an element never written: a warning, the run goes on.
// WARN: uninitialized_read 6:8 site 5:8
func.func @main() {
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4xi32>
  %x = memref.load %m[%c1] : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}
