// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=hoist=true --split-input-file

// With hoist=true the peak-safe hoisting passes run first: the buffer allocated on every trip
// and dead at its end moves out of the loop, so the loop allocates once; frees move up last.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc = memref.alloc() : memref<1xi64>
  %zero = arith.constant 0 : i64
  memref.store %zero, %acc[%c0] : memref<1xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %tmp = memref.alloc() : memref<1xi64>
    %x = arith.index_cast %i : index to i64
    memref.store %x, %tmp[%c0] : memref<1xi64>
    %y = memref.load %tmp[%c0] : memref<1xi64>
    %s = memref.load %acc[%c0] : memref<1xi64>
    %t = arith.addi %s, %y : i64
    memref.store %t, %acc[%c0] : memref<1xi64>
  }
  %v = memref.load %acc[%c0] : memref<1xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
