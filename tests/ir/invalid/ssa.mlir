// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

// Use of an undefined SSA value.
func.func @f() -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %x : i32
}

// -----

// Redefinition of an SSA value.
func.func @f() {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.constant 0 : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 1 : i32
  return
}

// -----

// Duplicate function argument names.
// expected-note @+2 {{previously referenced here}}
// expected-error @+1 {{region entry argument '%a' is already in use}}
func.func @f(%a: i32, %a: i32) {
  return
}

// -----

// Use in a block not dominated by the definition.
func.func @f(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %x = arith.constant 1 : i32
  cf.br ^bb2
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  return %x : i32
}

// -----

// Use before definition in the same block of an SSACFG region.
func.func @f() -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %y = arith.addi %x, %x : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %x = arith.constant 1 : i32
  return %y : i32
}

// -----

// A value used with a type different from its definition.
// expected-note @+1 {{prior use here}}
func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  return %a : i64
}

// -----

// A value defined inside an scf.if region used outside of it.
func.func @f(%c: i1) -> i32 {
  scf.if %c {
    %x = arith.constant 1 : i32
  }
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %x : i32
}

// -----

// A value from above used inside an isolated-from-above func nested in a
// module (function bodies cannot capture).
func.func @outer(%a: i32) {
  return
}
func.func @inner() -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %a : i32
}
