// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

// Missing closing brace of a function body: the error is reported at the
// end of the last token, because the parser reports "wrong token" errors at
// the end of the previous token when the offending token starts a new line.
func.func @f() {
  // expected-error @+1 {{expected operation name in quotes}}
  return

// -----

// A stray token where an operation is expected; again located at the end of
// the previous line (after `{`).
// expected-error @+1 {{expected operation name in quotes}}
func.func @f() {
  42
  return
}

// -----

// Missing `=` between the result name and the op.
func.func @f() {
  // expected-error @+1 {{expected '=' after SSA name}}
  %0 arith.constant 0 : i32
  return
}

// -----

// Unterminated string literal.
// expected-error @+1 {{expected '"' in string literal}}
func.func @f() attributes {s = "abc} {
  return
}

// -----

// Custom op missing its colon-type.
func.func @f(%a: i32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %a
  return
}

// -----

// Unknown custom op name of a registered dialect.
func.func @f() {
  // expected-error @+1 {{custom op 'arith.frobnicate' is unknown}}
  %0 = arith.frobnicate : i32
  return
}

// -----

// Unregistered dialect op without --allow-unregistered-dialect.
func.func @f() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.bar"() : () -> ()
  return
}

// -----

// Unknown type name (`i32x` is not a type keyword).
// expected-error @+1 {{expected non-function type}}
func.func private @f(i32x)

// -----

// Bad memref element type.
// expected-error @+1 {{expected non-function type}}
func.func private @f(memref<4xfoo>)

// -----

// memref dimension list missing the element type.
// expected-error @+1 {{expected non-function type}}
func.func private @f(memref<4x>)

// -----

// Malformed strided layout: missing `]`.
// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[1, offset: 0>>)

// -----

// Strided layout with the wrong number of strides for the rank.
// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<4x4xf32, strided<[1]>>)

// -----

// Affine map layout with the wrong number of dimensions.
// expected-error @+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
func.func private @f(memref<4x4xf32, affine_map<(d0) -> (d0)>>)

// -----

// An integer literal too large for its type.
func.func @f() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return
}

// -----

// Float literal for an integer type.
func.func @f() {
  %0 = arith.constant 1.5 : i32
  // expected-error @+1 {{floating point value not valid for specified type}}
  return
}

// -----

// Explicit entry block label in a function with named arguments.
func.func @f(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^entry:
  return
}

// -----

// Reference to an undefined block.
func.func @f() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^missing
}

// -----

// Redefinition of a block label.
func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

// Naming an operation without results.
func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = memref.dealloc %m : memref<2xf32>
  return
}

// -----

// Result count in the name (`:2`) does not match the op.
func.func @f() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.constant 0 : i32
  return
}

// -----

// Unknown cmpi predicate.
func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

// Unknown overflow flag.
func.func @f(%a: i32) {
  // expected-error @+2 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  // expected-error @+1 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  %0 = arith.addi %a, %a overflow<wrap> : i32
  return
}

// -----

// Undefined attribute alias.
// expected-error @+1 {{undefined symbol alias id 'undefined'}}
func.func @f() attributes {x = #undefined} {
  return
}

// -----

// Undefined type alias.
// expected-error @+1 {{undefined symbol alias id 'undefined'}}
func.func private @f(!undefined)

// -----

// Unprefixed op names resolve only in the default dialect of the closest enclosing op in
// custom syntax: `func` in a `func.func` body, none inside `scf` regions.
func.func @call_in_scf(%c: i1) {
  scf.if %c {
    // expected-error @+2 {{Dialect `' not found for custom op 'call'  (tried '.call' as well)}}
    // expected-note @+1 {{Available dialects: }}
    call @call_in_scf(%c) : (i1) -> ()
  }
  return
}

// -----

func.func @builtin_in_func(%a: i32) {
  // expected-error @+1 {{custom op 'unrealized_conversion_cast' is unknown (tried 'func.unrealized_conversion_cast' as well)}}
  %0 = unrealized_conversion_cast %a : i32 to i64
  return
}

// -----

// An op in generic form does not set a default dialect: the top level's `builtin` applies.
"func.func"() <{function_type = () -> (), sym_name = "generic"}> ({
  // expected-error @+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
  return
}) : () -> ()
