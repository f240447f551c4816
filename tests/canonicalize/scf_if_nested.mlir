// RUN: dealloc-opt %s --canonicalize --split-input-file --allow-unregistered-dialect
// UPSTREAM-OUTPUT: --canonicalize --split-input-file --allow-unregistered-dialect

// An scf.if whose then block is only another scf.if runs once on both conditions
// (arith.andi). A result the inner scf.if yields keeps its value when the outer else yields
// what the inner else yields; a result yielded from outside becomes a select on the outer
// condition.
func.func private @printI64(i64)
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi sge, %x, %i1 : i64
  return %c : i1
}
func.func private @id(%x: i64) -> i64 {
  return %x : i64
}
func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %p = func.call @flag(%i1) : (i64) -> i1
  %q = func.call @flag(%i0) : (i64) -> i1
  scf.if %p {
    scf.if %q {
      func.call @printI64(%i1) : (i64) -> ()
    }
  }
  %r:2 = scf.if %p -> (i64, i64) {
    %s = scf.if %q -> (i64) {
      %w = func.call @id(%i2) : (i64) -> i64
      scf.yield %w : i64
    } else {
      scf.yield %i0 : i64
    }
    scf.yield %s, %i7 : i64, i64
  } else {
    scf.yield %i0, %i1 : i64, i64
  }
  func.call @printI64(%r#0) : (i64) -> ()
  func.call @printI64(%r#1) : (i64) -> ()
  return
}

// -----

// Not merged: something else in the outer then block, an outer else that does work, or an
// outer result from the inner scf.if whose else value differs from the outer else's.
func.func @kept(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  scf.if %a {
    "test.before"() : () -> ()
    scf.if %b {
      "test.inner"() : () -> ()
    }
  }
  scf.if %a {
    scf.if %b {
      "test.inner"() : () -> ()
    }
  } else {
    "test.else"() : () -> ()
  }
  %r = scf.if %a -> (i32) {
    %s = scf.if %b -> (i32) {
      %v = "test.value"() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %s : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// The condition read inside the regions is known there: true in the then region (at any
// depth), false in the else region.
func.func private @printI64(i64)
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi sge, %x, %i1 : i64
  return %c : i1
}
func.func @main() {
  %i0 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<i1>
  %p = func.call @flag(%i0) : (i64) -> i1
  scf.if %p {
    memref.store %p, %m[] : memref<i1>
  } else {
    scf.for %i = %c0 to %c2 step %c1 {
      memref.store %p, %m[] : memref<i1>
    }
  }
  %v = memref.load %m[] : memref<i1>
  %w = arith.extui %v : i1 to i64
  func.call @printI64(%w) : (i64) -> ()
  return
}

// -----

// An scf.if on a negated condition (xori with true) with an else region tests the condition
// itself, its regions swapped; without an else region it stays.
func.func private @printI64(i64)
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi sge, %x, %i1 : i64
  return %c : i1
}
func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %true = arith.constant true
  %p = func.call @flag(%i1) : (i64) -> i1
  %not = arith.xori %p, %true : i1
  %r = scf.if %not -> (i64) {
    func.call @printI64(%i1) : (i64) -> ()
    scf.yield %i1 : i64
  } else {
    func.call @printI64(%i2) : (i64) -> ()
    scf.yield %i2 : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  scf.if %not {
    func.call @printI64(%i0) : (i64) -> ()
  }
  return
}
