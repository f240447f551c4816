// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect

// Found by `cargo xtask fuzz-parser`: symbol names that are not bare identifiers (here with a
// `-`) must print quoted, or the output lexes differently.
func.func @"gener-ic"() attributes {ref = @"a-b"::@c} {
  return
}

// -----

// Found by the fuzzer: an f64 that prints in hexadecimal (infinity) keeps its type inside an
// array; without it the hex literal reads back as an integer.
func.func @inf() {
  "foo.x"() {c = [11.0e999, 2.0, 0x7FF0000000000000 : f64]} : () -> ()
  return
}
