// RUN: dealloc-opt %s --split-input-file

// An unknown op of a registered dialect parses; the verifier rejects it (in every function),
// with the op printed in the note.
func.func @f() {
  "arith.bogus"() : () -> ()
  "arith.bogus2"() : () -> ()
  return
}
func.func @g() {
  "memref.bogus"() : () -> ()
  return
}

// -----

// A syntax error after an unknown op is reported alone: parsing fails before verification.
func.func @f() {
  "arith.bogus"() : () -> ()
  return
}
func.func @g( {
}

// -----

// A wrong token is reported at the end of the text before it, past blank lines and comments.
func.func @f(%a:

   // a comment
  ) {
  return
}

// -----

// A message of `cf.assert` must be a string: a number is a literal of no type...
func.func @f(%c: i1) {
  cf.assert %c, 3
  return
}

// -----

// ...another attribute is the wrong kind...
func.func @f(%c: i1) {
  cf.assert %c, [1]
  return
}

// -----

// ...and a bare word is no attribute at all.
func.func @f(%c: i1) {
  cf.assert %c, words
  return
}

// -----

// A dimension list needs an `x` after each size; the error is at the end of the size.
func.func @f(%m: memref<2x3
  ) {
  return
}
