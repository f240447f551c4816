// scf.forall without shared_outs (memref code): the normalized `in` form, explicit lower
// bounds and steps, mixed static and dynamic bounds, an empty iteration space, and a
// temporary buffer per iteration.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%m: memref<4x5xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %v = memref.load %m[%i, %j] : memref<4x5xi64>
      func.call @printI64(%v) : (i64) -> ()
    }
    func.call @printNewline() : () -> ()
  }
  return
}

func.func @main() {
  %m = memref.alloc() : memref<4x5xi64>
  %z = arith.constant 0 : i64
  scf.forall (%i, %j) in (4, 5) {
    memref.store %z, %m[%i, %j] : memref<4x5xi64>
  }
  scf.forall (%i, %j) = (1, 0) to (4, 5) step (2, 2) {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c10 = arith.constant 10 : i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    memref.store %v, %m[%i, %j] : memref<4x5xi64>
  }
  func.call @show(%m) : (memref<4x5xi64>) -> ()
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %m, %c1 : memref<4x5xi64>
  // Dynamic bounds; each iteration adds 100 to a row through a temporary buffer.
  scf.forall (%i) = (%c1) to (%c3) step (1) {
    %tmp = memref.alloc(%n) : memref<?xi64>
    %c0 = arith.constant 0 : index
    scf.for %j = %c0 to %n step %c1 {
      %v = memref.load %m[%i, %j] : memref<4x5xi64>
      %h = arith.constant 100 : i64
      %w = arith.addi %v, %h : i64
      memref.store %w, %tmp[%j] : memref<?xi64>
    }
    %row = memref.subview %m[%i, 0] [1, %n] [1, 1]
        : memref<4x5xi64> to memref<?xi64, strided<[1], offset: ?>>
    memref.copy %tmp, %row : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
    memref.dealloc %tmp : memref<?xi64>
  }
  // An empty space: never runs.
  scf.forall (%i) = (3) to (%c1) step (1) {
    %bad = arith.constant 99 : i64
    memref.store %bad, %m[%i, %i] : memref<4x5xi64>
  }
  func.call @show(%m) : (memref<4x5xi64>) -> ()
  memref.dealloc %m : memref<4x5xi64>
  return
}
