// RUN: dealloc-opt %s --expand-realloc=emit-deallocs=false --ownership-based-buffer-deallocation --split-input-file

// As `buffer-deallocation-pipeline` starts: the expansion leaves freeing the old buffer to the
// deallocation pass, which frees it only when the realloc grew (the shrinking branch yields a
// view of it).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %init = memref.alloc(%c1) : memref<?xi64>
  %zero = arith.constant 0 : i64
  memref.store %zero, %init[%c0] : memref<?xi64>
  %r = scf.for %i = %c1 to %c5 step %c1 iter_args(%m = %init) -> memref<?xi64> {
    %n = arith.addi %i, %c1 : index
    %g = memref.realloc %m(%n) : memref<?xi64> to memref<?xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %g[%i] : memref<?xi64>
    scf.yield %g : memref<?xi64>
  }
  %sum = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> i64 {
    %x = memref.load %r[%i] : memref<?xi64>
    %a = arith.addi %acc, %x : i64
    scf.yield %a : i64
  }
  %shrunk = memref.realloc %r(%c1) : memref<?xi64> to memref<?xi64>
  %first = memref.load %shrunk[%c0] : memref<?xi64>
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%first) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
