// RUN: dealloc-opt %s --canonicalize --split-input-file --allow-unregistered-dialect
// UPSTREAM-OUTPUT: --canonicalize --split-input-file --allow-unregistered-dialect

// A conditional branch to a block that holds nothing but `ub.unreachable` becomes a branch to
// the other successor: taking it would be undefined behaviour.
func.func @unreachable_second(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%y: i32):
  return %y : i32
^bb2:
  ub.unreachable
}

// -----

func.func @unreachable_first(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb2, ^bb1(%x : i32)
^bb1(%y: i32):
  return %y : i32
^bb2:
  ub.unreachable
}

// -----

// Both successors unreachable: the function is.
func.func @both_unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ub.unreachable
^bb2:
  ub.unreachable
}

// -----

// One unreachable block shared by two branches.
func.func @shared_unreachable(%c: i1, %d: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.cond_br %d, ^bb2, ^bb3
^bb2:
  return
^bb3:
  ub.unreachable
}

// -----

// A block that does something before `ub.unreachable` is kept, as `mlir-opt-22` keeps it.
func.func @work_before_unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.foo"() : () -> ()
  return
^bb2:
  "test.bar"() : () -> ()
  ub.unreachable
}
