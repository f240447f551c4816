// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

// Every undeclared value is reported at its first use, in source order.
func.func @f(%c: i1) {
  scf.if %c {
    // expected-error @below {{use of undeclared SSA value name}}
    %0 = arith.addi %u1, %c : i1
  }
  // expected-error @below {{use of undeclared SSA value name}}
  %1 = arith.addi %u2, %u1 : i1
  return
}
func.func @g(%c: i1) {
  // expected-error @below {{use of undeclared SSA value name}}
  %0 = arith.addi %u3, %c : i1
  return
}

// -----

// Each function with an error is reported; the "see current operation" note is not a
// diagnostic under --verify-diagnostics.
func.func @first(%c: i1) {
  %0 = arith.addi %c, %c : i1
  // expected-error @below {{'func.return' op has 1 operands, but enclosing function (@first) returns 0}}
  return %0 : i1
}
func.func @second(%arg0: memref<4xf32>) {
  // expected-error @below {{'arith.addf' op operand #0 must be floating-point-like, but got 'memref<4xf32>'}}
  %0 = arith.addf %arg0, %arg0 : memref<4xf32>
  return
}

// -----

// The note of a dominance error is matched; no other note is reported.
func.func @not_dominated(%c: i1) {
  // expected-error @below {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %c : i1
  // expected-note @below {{operand defined here (op in the same block)}}
  %1 = arith.addi %c, %c : i1
  return
}
