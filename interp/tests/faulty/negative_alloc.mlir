// A dynamic allocation of a negative size is refused at the alloc.
// FATAL: AllocationFailed 5:8
func.func @main() {
  %n = arith.constant -4 : index
  %m = memref.alloc(%n) : memref<?xf32>
  return
}
