// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --run

// `--run` executes the module after the passes on the command line: the input never frees
// its buffers, the ownership-based deallocation pass inserts the frees, and the run is clean
// (exit 0) and prints what the input prints.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i64
  %m = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %m[%i] : memref<4xi64>
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %m[%i] : memref<4xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
