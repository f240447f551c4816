// A loop that grows its buffer: each trip allocates one twice as large, copies the old contents
// into its front, and hands the new buffer to the next trip. Every old buffer dies when the
// next one is filled, so the ideal peak is two consecutive sizes; a strategy that frees late
// (or keeps clones) pays more.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @grow(%trips: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %first = memref.alloc(%c1) : memref<?xi64>
  %one = arith.constant 1 : i64
  memref.store %one, %first[%c0] : memref<?xi64>
  %final = scf.for %i = %c0 to %trips step %c1 iter_args(%buf = %first) -> (memref<?xi64>) {
    %n = memref.dim %buf, %c0 : memref<?xi64>
    %m = arith.muli %n, %c2 : index
    %bigger = memref.alloc(%m) : memref<?xi64>
    %front = memref.subview %bigger[0] [%n] [1] : memref<?xi64> to memref<?xi64, strided<[1]>>
    memref.copy %buf, %front : memref<?xi64> to memref<?xi64, strided<[1]>>
    scf.for %j = %n to %m step %c1 {
      %k = arith.subi %j, %n : index
      %old = memref.load %buf[%k] : memref<?xi64>
      %twice = arith.addi %old, %old : i64
      memref.store %twice, %bigger[%j] : memref<?xi64>
    }
    scf.yield %bigger : memref<?xi64>
  }
  return %final : memref<?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i64
  %buf = call @grow(%c5) : (index) -> memref<?xi64>
  %n = memref.dim %buf, %c0 : memref<?xi64>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %buf[%i] : memref<?xi64>
    %next = arith.addi %acc, %v : i64
    scf.yield %next : i64
  }
  call @printI64(%sum) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
