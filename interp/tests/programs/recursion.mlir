// Recursion: mutual recursion (even/odd), Ackermann(2, n), a recursive sum over a buffer
// passed down by subview, and a recursive function that allocates and frees at every level.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @is_even(%n: i64) -> i1 {
  %z = arith.constant 0 : i64
  %zero = arith.cmpi eq, %n, %z : i64
  %r = scf.if %zero -> (i1) {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %one = arith.constant 1 : i64
    %m = arith.subi %n, %one : i64
    %o = func.call @is_odd(%m) : (i64) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}

func.func @is_odd(%n: i64) -> i1 {
  %z = arith.constant 0 : i64
  %zero = arith.cmpi eq, %n, %z : i64
  %r = scf.if %zero -> (i1) {
    %f = arith.constant false
    scf.yield %f : i1
  } else {
    %one = arith.constant 1 : i64
    %m = arith.subi %n, %one : i64
    %e = func.call @is_even(%m) : (i64) -> i1
    scf.yield %e : i1
  }
  return %r : i1
}

func.func @ack(%m: i64, %n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %m0 = arith.cmpi eq, %m, %z : i64
  cf.cond_br %m0, ^m_zero, ^m_pos
^m_zero:
  %r0 = arith.addi %n, %one : i64
  return %r0 : i64
^m_pos:
  %m1 = arith.subi %m, %one : i64
  %n0 = arith.cmpi eq, %n, %z : i64
  cf.cond_br %n0, ^n_zero, ^n_pos
^n_zero:
  %r1 = func.call @ack(%m1, %one) : (i64, i64) -> i64
  return %r1 : i64
^n_pos:
  %n1 = arith.subi %n, %one : i64
  %inner = func.call @ack(%m, %n1) : (i64, i64) -> i64
  %r2 = func.call @ack(%m1, %inner) : (i64, i64) -> i64
  return %r2 : i64
}

// Sums m[0..n) as m[0] + sum(m[1..n)), recursing on a subview.
func.func @rsum(%m: memref<?xi64, strided<[1], offset: ?>>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64, strided<[1], offset: ?>>
  %empty = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %empty -> (i64) {
    %z = arith.constant 0 : i64
    scf.yield %z : i64
  } else {
    %head = memref.load %m[%c0] : memref<?xi64, strided<[1], offset: ?>>
    %rest_n = arith.subi %n, %c1 : index
    %rest = memref.subview %m[1] [%rest_n] [1] : memref<?xi64, strided<[1], offset: ?>> to memref<?xi64, strided<[1], offset: ?>>
    %t = func.call @rsum(%rest) : (memref<?xi64, strided<[1], offset: ?>>) -> i64
    %s = arith.addi %head, %t : i64
    scf.yield %s : i64
  }
  return %r : i64
}

// Each level allocates a buffer of `depth` elements, fills it, recurses, then frees it.
func.func @tower(%depth: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %depth, %c0 : index
  %r = scf.if %done -> (i64) {
    %z = arith.constant 0 : i64
    scf.yield %z : i64
  } else {
    %buf = memref.alloc(%depth) : memref<?xi64>
    scf.for %i = %c0 to %depth step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %buf[%i] : memref<?xi64>
    }
    %d1 = arith.subi %depth, %c1 : index
    %below = func.call @tower(%d1) : (index) -> i64
    %last = memref.load %buf[%d1] : memref<?xi64>
    memref.dealloc %buf : memref<?xi64>
    %s = arith.addi %below, %last : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() {
  %n = arith.constant 25 : i64
  %e = func.call @is_even(%n) : (i64) -> i1
  %ee = arith.extui %e : i1 to i64
  func.call @printI64(%ee) : (i64) -> ()
  func.call @printComma() : () -> ()
  %a2 = arith.constant 2 : i64
  %a3 = arith.constant 3 : i64
  %ack = func.call @ack(%a2, %a3) : (i64, i64) -> i64
  func.call @printI64(%ack) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %m = memref.alloc() : memref<20xi64>
  scf.for %i = %c0 to %c20 step %c1 {
    %v = arith.index_cast %i : index to i64
    %sq = arith.muli %v, %v : i64
    memref.store %sq, %m[%i] : memref<20xi64>
  }
  %all = memref.cast %m : memref<20xi64> to memref<?xi64, strided<[1], offset: ?>>
  %s = func.call @rsum(%all) : (memref<?xi64, strided<[1], offset: ?>>) -> i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printComma() : () -> ()
  memref.dealloc %m : memref<20xi64>
  %c12 = arith.constant 12 : index
  %t = func.call @tower(%c12) : (index) -> i64
  func.call @printI64(%t) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
