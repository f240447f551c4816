// RUN: dealloc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Found by `cargo xtask fuzz-parser`: a module body block with arguments used to be accepted and
// printed with renumbered arguments that changed on every round trip.
// expected-error @below {{'builtin.module' op region should have no arguments}}
module {
^bb0(%a: i32):
  func.func @f() {
    return
  }
}

// -----

// Found by the fuzzer: results on an op that never has any were printed in custom syntax, which
// cannot express them.
func.func @f() {
  // expected-error @below {{'func.return' op requires zero results}}
  "func.return"() : () -> (i32)
}

// -----

// Found by the fuzzer: an scf.for body ending in an unknown op printed without its implicit
// scf.yield, so the output did not parse back.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'scf.for' op expects regions to end with 'scf.yield', found 'foo.yield'}}
  // expected-note @below {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    "foo.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
