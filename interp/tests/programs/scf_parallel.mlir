// scf.parallel: a 2-D loop with non-unit steps and lower bounds filling a buffer, a loop
// with two reductions (sum and max, folded in iteration order from the init values), an empty
// iteration space (results = init values), dynamic bounds, nested loops, and a buffer
// allocated and freed in every iteration.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()

func.func @p(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<3x6xi64>
  %z = arith.constant 0 : i64
  // Zero the buffer, then write i*10+j on a sub-grid.
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c6) step (%c1, %c1) {
    memref.store %z, %m[%i, %j] : memref<3x6xi64>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c1, %c1) to (%c3, %c6) step (%c1, %c2) {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c10 = arith.constant 10 : i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    memref.store %v, %m[%i, %j] : memref<3x6xi64>
    scf.reduce
  }
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %v = memref.load %m[%i, %j] : memref<3x6xi64>
      func.call @printI64(%v) : (i64) -> ()
    }
    func.call @printNewline() : () -> ()
  }
  // Sum and max over the buffer; the sum starts from 1000, the max from -1.
  %init_sum = arith.constant 1000 : i64
  %init_max = arith.constant -1.0 : f64
  %sum, %max = scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c6) step (%c1, %c1)
      init (%init_sum, %init_max) -> (i64, f64) {
    %v = memref.load %m[%i, %j] : memref<3x6xi64>
    %f = arith.sitofp %v : i64 to f64
    scf.reduce(%v, %f : i64, f64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %s = arith.addi %lhs, %rhs : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%lhs: f64, %rhs: f64):
      %x = arith.maximumf %lhs, %rhs : f64
      scf.reduce.return %x : f64
    }
  }
  func.call @p(%sum) : (i64) -> ()
  func.call @printF64(%max) : (f64) -> ()
  func.call @printNewline() : () -> ()
  // A non-commutative reduction shows the order: acc*2 + v over v = 1, 2, 3, 4.
  %c4 = arith.constant 4 : index
  %seven = arith.constant 7 : i64
  %ord = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%seven) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %one = arith.constant 1 : i64
    %v = arith.addi %ii, %one : i64
    scf.reduce(%v : i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %two = arith.constant 2 : i64
      %d = arith.muli %lhs, %two : i64
      %s = arith.addi %d, %rhs : i64
      scf.reduce.return %s : i64
    }
  }
  func.call @p(%ord) : (i64) -> ()
  // An empty iteration space (5 to 3) in the second dimension: no iteration.
  %empty = scf.parallel (%i, %j) = (%c0, %c5) to (%c3, %c3) step (%c1, %c1) init (%seven) -> i64 {
    %bad = arith.constant 99 : i64
    scf.reduce(%bad : i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      scf.reduce.return %rhs : i64
    }
  }
  func.call @p(%empty) : (i64) -> ()
  // Dynamic bounds from a memref.dim, nested loops and a temporary buffer per iteration.
  %n = memref.dim %m, %c1 : memref<3x6xi64>
  %count = scf.parallel (%i) = (%c0) to (%n) step (%c3) init (%z) -> i64 {
    %tmp = memref.alloc() : memref<2xi64>
    %inner = scf.parallel (%j) = (%c0) to (%c2) step (%c1) init (%z) -> i64 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %v = arith.addi %ii, %jj : i64
      memref.store %v, %tmp[%j] : memref<2xi64>
      %w = memref.load %tmp[%j] : memref<2xi64>
      scf.reduce(%w : i64) {
      ^bb0(%lhs: i64, %rhs: i64):
        %s = arith.addi %lhs, %rhs : i64
        scf.reduce.return %s : i64
      }
    }
    memref.dealloc %tmp : memref<2xi64>
    scf.reduce(%inner : i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %s = arith.addi %lhs, %rhs : i64
      scf.reduce.return %s : i64
    }
  }
  func.call @p(%count) : (i64) -> ()
  memref.dealloc %m : memref<3x6xi64>
  return
}
