// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// An edge to a block holding nothing but a `cf.br` goes straight to that branch's destination
// (MLIR's SimplifyPassThroughCondBranch): ^bb1 forwards its argument, ^bb2 a value of its own
// predecessor; ^bb3 keeps two predecessors, so nothing merges further.
func.func @pass_through_cond_br(%c: i1, %d: i1, %x: i64, %y: i64) -> i64 {
  cf.cond_br %c, ^bb1(%x : i64), ^bb2
^bb1(%a: i64):
  cf.br ^bb3(%a : i64)
^bb2:
  cf.cond_br %d, ^bb3(%y : i64), ^bb4
^bb3(%r: i64):
  return %r : i64
^bb4:
  return %x : i64
}
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 10 : i64
  %y = arith.constant 20 : i64
  %r0 = func.call @pass_through_cond_br(%t, %f, %x, %y) : (i1, i1, i64, i64) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  %r1 = func.call @pass_through_cond_br(%f, %t, %x, %y) : (i1, i1, i64, i64) -> i64
  func.call @printI64(%r1) : (i64) -> ()
  %r2 = func.call @pass_through_cond_br(%f, %f, %x, %y) : (i1, i1, i64, i64) -> i64
  func.call @printI64(%r2) : (i64) -> ()
  return
}

// -----

// The same for `cf.br` (SimplifyPassThroughBr), through a chain of two forwarding blocks.
func.func @pass_through_br(%c: i1, %x: i64, %y: i64) -> i64 {
  cf.cond_br %c, ^bb1, ^bb4(%y : i64)
^bb1:
  %z = arith.addi %x, %y : i64
  cf.br ^bb2(%z : i64)
^bb2(%a: i64):
  cf.br ^bb3(%a, %x : i64, i64)
^bb3(%p: i64, %q: i64):
  cf.br ^bb4(%p : i64)
^bb4(%r: i64):
  return %r : i64
}
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 10 : i64
  %y = arith.constant 20 : i64
  %r0 = func.call @pass_through_br(%t, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  %r1 = func.call @pass_through_br(%f, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r1) : (i64) -> ()
  return
}

// -----

// A forwarding block that branches to itself is left alone.
func.func @self_loop(%c: i1, %x: i64) -> i64 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb1
^bb2:
  return %x : i64
}
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 10 : i64
  %y = arith.constant 20 : i64
  %r0 = func.call @self_loop(%f, %x) : (i1, i64) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  return
}

// -----

// A block reached only from a `cf.cond_br` on %c knows %c: a branch there on %c goes one way
// (SimplifyCondBranchFromCondBranchOnSameCondition), and its other uses of %c are constants
// (CondBranchTruthPropagation); the `scf.if` on %c in ^bb2 folds by its own pattern.
func.func @known_condition(%c: i1, %x: i64, %y: i64) -> i64 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %s = arith.select %c, %x, %y : i64
  cf.cond_br %c, ^bb3(%s : i64), ^bb4
^bb2:
  %t = arith.select %c, %x, %y : i64
  %u = scf.if %c -> (i64) {
    scf.yield %x : i64
  } else {
    %n = arith.select %c, %y, %x : i64
    scf.yield %n : i64
  }
  %v = arith.addi %t, %u : i64
  return %v : i64
^bb3(%r: i64):
  return %r : i64
^bb4:
  return %y : i64
}
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 10 : i64
  %y = arith.constant 20 : i64
  %r0 = func.call @known_condition(%t, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  %r1 = func.call @known_condition(%f, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r1) : (i64) -> ()
  return
}

// -----

// A block with two edges from the same `cf.cond_br` learns nothing about the condition.
func.func @both_edges(%c: i1, %x: i64, %y: i64) -> i64 {
  cf.cond_br %c, ^bb1(%x : i64), ^bb1(%x : i64)
^bb1(%a: i64):
  %s = arith.select %c, %a, %y : i64
  return %s : i64
}
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 10 : i64
  %y = arith.constant 20 : i64
  %r0 = func.call @both_edges(%t, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  %r1 = func.call @both_edges(%f, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r1) : (i64) -> ()
  return
}

// -----

// Both edges collapse into ^bb3, which then has the branch's block as its only predecessor:
// the two operands merge into an arith.select, in the same run (the collapsed blocks are
// erased first, and the branch is visited again).
func.func @collapse_then_select(%c: i1, %x: i64, %y: i64) -> i64 {
  cf.cond_br %c, ^bb1(%x : i64), ^bb2
^bb1(%a: i64):
  cf.br ^bb3(%a : i64)
^bb2:
  cf.br ^bb3(%y : i64)
^bb3(%r: i64):
  return %r : i64
}
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 10 : i64
  %y = arith.constant 20 : i64
  %r0 = func.call @collapse_then_select(%t, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  %r1 = func.call @collapse_then_select(%f, %x, %y) : (i1, i64, i64) -> i64
  func.call @printI64(%r1) : (i64) -> ()
  return
}
