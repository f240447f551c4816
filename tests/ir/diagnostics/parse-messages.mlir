// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect

// Found by `cargo xtask fuzz-parser --against-mlir-opt`. First, inputs we used to accept:
// a successor operand list needs its types, so `^bb()` is not one...
func.func @f() {
  cf.br ^bb1()
^bb1:
  return
}

// -----

// ...integer widths stop below 2^24...
func.func @f(%a: i16777216) {
  return
}

// -----

// ...and a symbol's visibility is one of three words.
memref.global "pridate" constant @g : memref<2xf32> = dense<[1.0, 2.0]>

// -----

// Then messages. Custom parsers prefix theirs with the op's name; a successor list wants
// `,` or `]`; operand and type counts of a successor must match.
func.func @f(%a: i32) {
  cf.br ^bb1(%a, %a : i32)
^bb1(%x: i32):
  return
}

// -----

func.func @f(%c: i1) {
  "cf.br"() [^bb1 ^bb2] : () -> ()
^bb1:
  return
^bb2:
  return
}

// -----

// A generic op's operands and function type disagree.
func.func @f(%a: i32) {
  "cf.br"(%a, %a) [^bb1] : (i32) -> ()
^bb1(%x: i32):
  return
}

// -----

// An array attribute ends with `]` or continues with `,`; a dense array holds literals.
"test.op"() {a = [1, 2 x]} : () -> ()

// -----

"test.op"() {a = array<i8: 1, x>} : () -> ()

// -----

// Locations name what they are in.
"test.op"() : () -> () loc(callsite("a" x))

// -----

#loc = loc("a.mlir" x)

// -----

// An op name is no integer type, and `/` is no comment.
func.func @f() {
  i64
  return
}

// -----

/ "test.op"() : () -> ()

// -----

// Affine maps stay affine: a product needs a factor without dimensions...
#m = affine_map<(d0)[s0] -> (d0 * d0)>
"test.op"() {m = #m} : () -> ()

// -----

// ...and so does the right operand of `floordiv`, `ceildiv` and `mod`.
#m = affine_map<(d0)[s0] -> (d0 mod (d0 + s0))>
"test.op"() {m = #m} : () -> ()

// -----

#m = affine_map<(d0)[s0] -> (d0 +)>
"test.op"() {m = #m} : () -> ()

// -----

// `func.constant` names a function (found by fuzzing: we used to accept any name).
func.func @f() {
  %0 = func.constant @missing : () -> ()
  return
}
