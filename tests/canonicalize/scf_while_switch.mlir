// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// scf.while: the before region never reads %buf (only the after region reads what the
// condition forwards), so the argument, its init and the value yielded for it go; the init
// buffer is then dead.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %init = memref.alloca() : memref<2xi64>
  %r:2 = scf.while (%buf = %init, %k = %i0) : (memref<2xi64>, i64) -> (memref<2xi64>, i64) {
    %fresh = memref.alloca() : memref<2xi64>
    memref.store %k, %fresh[%c0] : memref<2xi64>
    %go = arith.cmpi slt, %k, %i3 : i64
    scf.condition(%go) %fresh, %k : memref<2xi64>, i64
  } do {
  ^bb0(%cur: memref<2xi64>, %k2: i64):
    %v = memref.load %cur[%c0] : memref<2xi64>
    func.call @printI64(%v) : (i64) -> ()
    %next = arith.addi %k2, %i1 : i64
    scf.yield %cur, %next : memref<2xi64>, i64
  }
  func.call @printI64(%r#1) : (i64) -> ()
  return
}

// -----

// scf.while: result #0 is never read and neither is the after-region argument it comes
// with: the condition stops forwarding it.
func.func private @printI64(i64)
func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i4 = arith.constant 4 : i64
  %r:2 = scf.while (%k = %i0) : (i64) -> (i64, i64) {
    %sq = arith.muli %k, %k : i64
    func.call @printI64(%sq) : (i64) -> ()
    %go = arith.cmpi slt, %k, %i4 : i64
    scf.condition(%go) %sq, %k : i64, i64
  } do {
  ^bb0(%unused: i64, %k2: i64):
    %next = arith.addi %k2, %i1 : i64
    scf.yield %next : i64
  }
  func.call @printI64(%r#1) : (i64) -> ()
  return
}

// -----

// scf.while: %a and %b swap on every trip (the condition forwards them crossed): the after
// region and the results are renumbered so that the condition forwards them in order.
func.func private @printI64(i64)
func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i5 = arith.constant 5 : i64
  %i9 = arith.constant 9 : i64
  %r:3 = scf.while (%a = %i1, %b = %i9, %k = %i0) : (i64, i64, i64) -> (i64, i64, i64) {
    %go = arith.cmpi slt, %k, %i5 : i64
    scf.condition(%go) %b, %a, %k : i64, i64, i64
  } do {
  ^bb0(%x: i64, %y: i64, %k2: i64):
    func.call @printI64(%x) : (i64) -> ()
    %next = arith.addi %k2, %i1 : i64
    scf.yield %x, %y, %next : i64, i64, i64
  }
  func.call @printI64(%r#0) : (i64) -> ()
  func.call @printI64(%r#1) : (i64) -> ()
  return
}

// -----

// scf.index_switch: every case yields %i7 for result #0, so its uses read %i7; result #2 is
// never read; both go from the switch.
func.func private @printI64(i64)
func.func @main() {
  %c1 = arith.constant 1 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %i8 = arith.constant 8 : i64
  %n = func.call @pick(%c1) : (index) -> index
  %s:3 = scf.index_switch %n -> i64, i64, i64
  case 1 {
    func.call @printI64(%i8) : (i64) -> ()
    scf.yield %i7, %i8, %i2 : i64, i64, i64
  }
  default {
    scf.yield %i7, %i2, %i8 : i64, i64, i64
  }
  func.call @printI64(%s#0) : (i64) -> ()
  func.call @printI64(%s#1) : (i64) -> ()
  return
}
func.func private @pick(%x: index) -> index {
  return %x : index
}

// -----

// scf.while: the after region only runs when the condition held, so a comparison there that
// repeats the condition on the forwarded counter is `true` and its negation `false`
// (WhileCmpCond): the scf.if on the negation goes, with the print it guards.
func.func private @printI64(i64)
func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i7 = arith.constant 7 : i64
  %r = scf.while (%k = %i0) : (i64) -> i64 {
    %go = arith.cmpi slt, %k, %i3 : i64
    scf.condition(%go) %k : i64
  } do {
  ^bb0(%k2: i64):
    %done = arith.cmpi sge, %k2, %i3 : i64
    scf.if %done {
      func.call @printI64(%i7) : (i64) -> ()
    }
    %again = arith.cmpi slt, %k2, %i3 : i64
    %step = arith.select %again, %i1, %i3 : i64
    %next = arith.addi %k2, %step : i64
    func.call @printI64(%next) : (i64) -> ()
    scf.yield %next : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  return
}

// -----

// scf.while: the condition forwards itself; in the after region that argument is `true`
// (WhileConditionTruth), so the select on it picks its first value.
func.func private @printI64(i64)
func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i5 = arith.constant 5 : i64
  %r:2 = scf.while (%k = %i0) : (i64) -> (i64, i1) {
    %go = arith.cmpi ult, %k, %i5 : i64
    scf.condition(%go) %k, %go : i64, i1
  } do {
  ^bb0(%k2: i64, %g: i1):
    %step = arith.select %g, %i2, %i1 : i64
    %next = arith.addi %k2, %step : i64
    scf.yield %next : i64
  }
  func.call @printI64(%r#0) : (i64) -> ()
  return
}
