// RUN: dealloc-opt %s --split-input-file

// Every undeclared value is reported at its first use, in source order, across functions and
// nested regions.
func.func @f(%c: i1) {
  scf.if %c {
    %0 = arith.addi %u1, %c : i1
  }
  %1 = arith.addi %u2, %u1 : i1
  %2 = arith.addi %u2, %u0 : i1
  return
}
func.func @g(%c: i1) {
  %0 = arith.addi %u4, %c : i1
  %1 = arith.addi %u5#1, %c : i1
  return
}

// -----

// A syntax error stops the parser first: the undeclared value before it is not reported.
func.func @f(%c: i1) {
  %0 = arith.addi %u1, %c : i1
  %1 = arith.addi %c, %c i1
  return
}

// -----

// A value defined later is a forward reference, not an error; the verifier then reports it.
func.func @f(%c: i1) {
  %0 = arith.addi %later, %c : i1
  %later = arith.addi %c, %c : i1
  %1 = arith.addi %never, %c : i1
  return
}
