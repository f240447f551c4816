// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// Iteration arguments of an scf.for with the same init value and the same yielded value are
// equal on every trip: the later ones are removed, their uses and results read the first
// (MLIR's ForOpIterArgsFolder). Here two ownership-like flags start false and become true.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %false = arith.constant false
  %true = arith.constant true
  %i0 = arith.constant 0 : i64
  %r:3 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %false, %acc = %i0, %y = %false) -> (i1, i64, i1) {
    %a = arith.extui %x : i1 to i64
    %b = arith.extui %y : i1 to i64
    %s = arith.addi %acc, %a : i64
    %t = arith.addi %s, %b : i64
    scf.yield %true, %t, %true : i1, i64, i1
  }
  %u = arith.extui %r#2 : i1 to i64
  func.call @printI64(%r#1) : (i64) -> ()
  func.call @printI64(%u) : (i64) -> ()
  return
}

// -----

// Same init but different yielded values: both arguments stay.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %i0, %y = %i0) -> (i64, i64) {
    %p = arith.addi %x, %i1 : i64
    %q = arith.addi %y, %i2 : i64
    scf.yield %p, %q : i64, i64
  }
  func.call @printI64(%r#0) : (i64) -> ()
  func.call @printI64(%r#1) : (i64) -> ()
  return
}

// -----

// Same yielded value but different inits: both stay (they differ on the first trip).
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i5 = arith.constant 5 : i64
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %i0, %y = %i5) -> (i64, i64) {
    %s = arith.addi %x, %y : i64
    scf.yield %s, %s : i64, i64
  }
  func.call @printI64(%r#0) : (i64) -> ()
  func.call @printI64(%r#1) : (i64) -> ()
  return
}

// -----

// scf.while: two before-region arguments with the same init value and the same yielded value
// are merged, and so are the after-region arguments and results the condition fills with one
// value.
func.func private @printI64(i64)

func.func @main() {
  %false = arith.constant false
  %true = arith.constant true
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %r:3 = scf.while (%f = %false, %n = %i0, %g = %false) : (i1, i64, i1) -> (i1, i64, i1) {
    %go = arith.cmpi slt, %n, %i3 : i64
    scf.condition(%go) %f, %n, %g : i1, i64, i1
  } do {
  ^bb0(%f2: i1, %n2: i64, %g2: i1):
    %a = arith.extui %f2 : i1 to i64
    %b = arith.extui %g2 : i1 to i64
    %s = arith.addi %n2, %i1 : i64
    %t = arith.addi %s, %a : i64
    %u = arith.addi %t, %b : i64
    scf.yield %true, %u, %true : i1, i64, i1
  }
  %v = arith.extui %r#2 : i1 to i64
  func.call @printI64(%r#1) : (i64) -> ()
  func.call @printI64(%v) : (i64) -> ()
  return
}

// -----

// scf.while: the condition forwards one value twice; the second after-region argument and
// result read the first.
func.func private @printI64(i64)

func.func @main() {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %r:2 = scf.while (%n = %i0) : (i64) -> (i64, i64) {
    %go = arith.cmpi slt, %n, %i3 : i64
    scf.condition(%go) %n, %n : i64, i64
  } do {
  ^bb0(%p: i64, %q: i64):
    %s = arith.addi %p, %i1 : i64
    %t = arith.addi %s, %q : i64
    scf.yield %t : i64
  }
  func.call @printI64(%r#0) : (i64) -> ()
  func.call @printI64(%r#1) : (i64) -> ()
  return
}
