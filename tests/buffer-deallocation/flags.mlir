// RUN: dealloc-opt %s --buffer-deallocation --split-input-file

// Issue 14, item 4, the fallback: where a clone would change what the program computes, the
// merge gets no clone but a runtime ownership flag in a stack cell (`memref<i1>`), set on every
// edge into it and read by `scf.if` around its frees. Each function runs both ways from @main.

// After the join, the program writes through %j, which may be the caller's %arg: a copy would
// hide the write from the caller. %a is handed over (flag true), %arg is not owned (false).
func.func private @printI64(i64)

func.func @write_through_merge(%c: i1, %arg: memref<2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  cf.br ^bb3(%a : memref<2xi64>)
^bb2:
  cf.br ^bb3(%arg : memref<2xi64>)
^bb3(%j: memref<2xi64>):
  %seven = arith.constant 7 : i64
  memref.store %seven, %j[%c0] : memref<2xi64>
  %v = memref.load %j[%c0] : memref<2xi64>
  return %v : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %zero = arith.constant 0 : i64
  %arg = memref.alloc() : memref<2xi64>
  memref.store %zero, %arg[%c0] : memref<2xi64>
  %x = func.call @write_through_merge(%t, %arg) : (i1, memref<2xi64>) -> i64
  func.call @printI64(%x) : (i64) -> ()
  %y = func.call @write_through_merge(%f, %arg) : (i1, memref<2xi64>) -> i64
  func.call @printI64(%y) : (i64) -> ()
  %seen = memref.load %arg[%c0] : memref<2xi64>
  func.call @printI64(%seen) : (i64) -> ()
  memref.dealloc %arg : memref<2xi64>
  return
}

// -----

// A region result that may be %a, which is written after the scf.if and read through %r: %a
// stays alive through %r (flag false), %b is handed over (flag true).
func.func private @printI64(i64)

func.func @pick(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %five = arith.constant 5 : i64
  %nine = arith.constant 9 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  %r = scf.if %c -> memref<2xi64> {
    scf.yield %a : memref<2xi64>
  } else {
    %b = memref.alloc() : memref<2xi64>
    memref.store %five, %b[%c0] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  memref.store %nine, %a[%c0] : memref<2xi64>
  %v = memref.load %r[%c0] : memref<2xi64>
  return %v : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = func.call @pick(%t) : (i1) -> i64
  func.call @printI64(%x) : (i64) -> ()
  %y = func.call @pick(%f) : (i1) -> i64
  func.call @printI64(%y) : (i64) -> ()
  return
}

// -----

// A loop-carried buffer that starts as %a, which the body writes while %x (maybe %a) is read;
// later trips carry fresh buffers, each handed over to the next trip and to the result.
func.func private @printI64(i64)

func.func @carry(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xi64> {
    memref.store %three, %a[%c0] : memref<2xi64>
    %v = memref.load %x[%c0] : memref<2xi64>
    func.call @printI64(%v) : (i64) -> ()
    %b = memref.alloc() : memref<2xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %b[%c0] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  %last = memref.load %r[%c0] : memref<2xi64>
  return %last : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = func.call @carry(%c3) : (index) -> i64
  func.call @printI64(%x) : (i64) -> ()
  %y = func.call @carry(%c0) : (index) -> i64
  func.call @printI64(%y) : (i64) -> ()
  return
}

// -----

// A flagged merge fed by another flagged merge (fuzz seed 30009447, shrunk): the while loop may
// hold the for loop's result, which may be %a itself (zero trips), so %a stays alive until the
// last use of the while loop's result too (it was freed before that load: use-after-free).
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i5 = arith.constant 5 : i64
  %i7 = arith.constant 7 : i64
  %a = memref.alloc(%c1) : memref<?xi64>
  memref.store %i5, %a[%c0] : memref<?xi64>
  %r0, %r1 = scf.for %iv = %c0 to %c0 step %c1 iter_args(%x = %a, %y = %a) -> (memref<?xi64>, memref<?xi64>) {
    %n = memref.alloc(%c3) : memref<?xi64>
    scf.yield %n, %x : memref<?xi64>, memref<?xi64>
  }
  %w0, %w1 = scf.while (%p = %r0, %k = %i0) : (memref<?xi64>, i64) -> (memref<?xi64>, i64) {
    %cond = arith.cmpi slt, %k, %i0 : i64
    scf.condition(%cond) %p, %k : memref<?xi64>, i64
  } do {
  ^bb0(%q: memref<?xi64>, %k2: i64):
    %n2 = memref.alloc(%c3) : memref<?xi64>
    %k3 = arith.addi %k2, %i1 : i64
    scf.yield %n2, %k3 : memref<?xi64>, i64
  }
  memref.store %i7, %r0[%c0] : memref<?xi64>
  %l0 = memref.load %a[%c0] : memref<?xi64>
  %l1 = memref.load %r0[%c0] : memref<?xi64>
  %l2 = memref.load %r1[%c0] : memref<?xi64>
  %l3 = memref.load %w0[%c0] : memref<?xi64>
  %s0 = arith.addi %l0, %l1 : i64
  %s1 = arith.addi %s0, %l2 : i64
  %s2 = arith.addi %s1, %l3 : i64
  func.call @printI64(%s2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
