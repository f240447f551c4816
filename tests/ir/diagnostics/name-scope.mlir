// RUN: dealloc-opt %s --split-input-file

// As in MLIR, a file is one name scope: a function body sees names defined around it, so a
// name used in one function and defined in a later one resolves to that definition, and the
// verifier rejects the use across the isolation boundary of `func.func`.
func.func @g() -> index {
  return %c : index
}
func.func @f() -> index {
  %c = arith.constant 0 : index
  return %c : index
}

// -----

// The same from a nested region, for a value defined after the function.
func.func @g() -> index {
  %r = scf.execute_region -> index {
    scf.yield %c : index
  }
  return %r : index
}
%c = arith.constant 0 : index

// -----

// Since a body sees the names around it, defining one of them again is a redefinition.
%c = arith.constant 0 : index
func.func @g() -> index {
  %c = arith.constant 1 : index
  return %c : index
}

// -----

// Nested modules share the scope too; in generic form the isolation error names the inner one.
"builtin.module"() ({
  %c = arith.constant 0 : index
  "builtin.module"() ({
    %d = arith.addi %c, %c : index
  }) : () -> ()
}) : () -> ()

// -----

// Sibling functions may reuse names: a body's definitions go out of sight when it closes.
func.func @f() -> index {
  %c = arith.constant 0 : index
  return %c : index
}
func.func @g() -> index {
  %c = arith.constant 1 : index
  return %c : index
}
// An error keeps the chunk in this file (which holds failing inputs only).
func.func @h() {
  return %c : index
}
