// RUN: dealloc-opt %s --buffer-loop-hoisting --split-input-file
// UPSTREAM-OUTPUT: --buffer-loop-hoisting --split-input-file

// A fixed-size buffer allocated on every trip of an `scf.for` and not passed to the next
// trip moves out of the loop: one allocation instead of one per trip.
func.func @for_fixed_size(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
}

// -----

// A size computed from the induction variable keeps the allocation in the loop.
func.func @for_size_from_iv(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloc(%i) : memref<?xf32>
    %d = memref.dim %b, %lb : memref<?xf32>
  }
  return
}

// -----

// A size defined before the loop does not: the allocation moves right after its size.
func.func @for_size_before_loop(%lb: index, %ub: index, %st: index, %n: index) {
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloc(%n) : memref<?xf32>
    %d = memref.dim %b, %lb : memref<?xf32>
  }
  return
}

// -----

// A buffer handed to the next trip through `iter_args` must be fresh on every trip: it
// stays in the loop.
func.func @for_carried(%lb: index, %ub: index, %st: index, %init: memref<2xf32>) -> memref<2xf32> {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %acc, %b : memref<2xf32> to memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// Nested loops: the innermost allocation leaves both loops.
func.func @nested_fors(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    scf.for %j = %lb to %ub step %st {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    }
  }
  return
}

// -----

// Nested loops, the size from the outer induction variable: the allocation leaves the inner
// loop only.
func.func @nested_fors_outer_size(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    scf.for %j = %lb to %ub step %st {
      %b = memref.alloc(%i) : memref<?xf32>
      %d = memref.dim %b, %lb : memref<?xf32>
    }
  }
  return
}

// -----

// Stack allocations leave loops too (each trip would otherwise grow the frame).
func.func @for_alloca(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloca() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
}

// -----

// A buffer allocated in the body of an `scf.while` and used only there moves out.
func.func @while_body(%n: index, %x: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return
}

// -----

// An allocation inside an `scf.if` inside a loop leaves the loop with the `scf.if` kept:
// the walk stops at the loop's parent block, and the `scf.if` is no loop.
func.func @if_in_loop(%lb: index, %ub: index, %st: index, %c: i1, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    scf.if %c {
      %b = memref.alloc() : memref<2xf32>
      memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    }
  }
  return
}

// -----

// Nothing leaves a parallel loop: each parallel instance needs its own buffer.
func.func @parallel(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    scf.reduce
  }
  return
}

// -----

// `scf.forall` is parallel too.
func.func @forall(%ub: index, %x: memref<2xf32>) {
  scf.forall (%i) in (%ub) {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
}

// -----

// UPSTREAM-DIFFERS: llvm#223944, mlir-opt-22 keeps the allocation in the loop.
// Each trip of the `before` region allocates a buffer that goes to the `after` region and,
// on the last trip, out of the loop; no trip passes it to the next. One buffer allocated
// before the loop serves every trip.
func.func @while_exit_only(%n: index, %x: memref<2xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0) : (index) -> (index, memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %b : index, memref<2xf32>
  } do {
  ^bb0(%i: index, %m: memref<2xf32>):
    memref.copy %m, %out : memref<2xf32> to memref<2xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  memref.copy %r#1, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// A buffer passed back to the `before` region of the next trip stays in the loop.
func.func @while_carried(%n: index, %init: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %m = %init) : (index, memref<2xf32>) -> (index, memref<2xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %m : index, memref<2xf32>
  } do {
  ^bb0(%i: index, %m: memref<2xf32>):
    %b = memref.alloc() : memref<2xf32>
    memref.copy %m, %b : memref<2xf32> to memref<2xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next, %b : index, memref<2xf32>
  }
  return %r#1 : memref<2xf32>
}

// -----

// UPSTREAM-DIFFERS: llvm#118445, mlir-opt-22 crashes on the unreachable block.
// A loop in an unreachable block: nothing to compute a dominator from; the allocation in the
// reachable loop still leaves it.
func.func @unreachable_block(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
^dead:
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
}
