// RUN: dealloc-opt %s --split-input-file --test-print-liveness
// The `LiveIn`/`LiveOut` lines are identical to mlir-opt-22
// --pass-pipeline='builtin.module(func.func(test-print-liveness))'; intervals and
// currently-live lists contain the same ops, printed in a short form.

// Straight-line code: nothing is live in or out of the only block. val_1 (the alloc) lives
// from its definition to the load; arg0@0 is live until the store.
func.func @straight(%i: index) -> f32 {
  %m = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %m[%i] : memref<4xf32>
  %v = memref.load %m[%i] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %v : f32
}

// -----

// A branch: arg1@0 (%a) is used in ^bb1 only, so it is live out of the entry and live in
// to ^bb1 but not ^bb2; val_2 is forwarded to ^bb3 as a successor operand (a use in ^bb1).
func.func @branch(%c: i1, %a: i32, %b: i32) -> i32 {
  %x = arith.addi %b, %b : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %y = arith.addi %a, %x : i32
  cf.br ^bb3(%y : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// An explicit loop: %acc (arg0@1) and %n are live around the loop, so arg1@0 (%n) is live in
// and out of both the header and the body.
func.func @loop(%init: i32, %n: i32) -> i32 {
  cf.br ^bb1(%init : i32)
^bb1(%acc: i32):
  %c = arith.cmpi slt, %acc, %n : i32
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %next = arith.addi %acc, %n : i32
  cf.br ^bb1(%next : i32)
^bb3:
  return %acc : i32
}

// -----

// Nested regions: %m is used inside the scf.if regions, so it is live in to both nested
// blocks and live at the scf.if in the parent; it is not live out of any nested block
// (region-branch control flow is not modelled, as in MLIR).
func.func @nested(%c: i1, %m: memref<2xf32>, %i: index) -> f32 {
  %r = scf.if %c -> f32 {
    %x = memref.load %m[%i] : memref<2xf32>
    scf.yield %x : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  return %r : f32
}

// -----

// A loop body uses a value from above: live in to the body, not live out of it.
func.func @for_loop(%m: memref<8xf32>, %lb: index, %ub: index, %s: index) {
  %f = arith.constant 2.0 : f32
  scf.for %iv = %lb to %ub step %s {
    memref.store %f, %m[%iv] : memref<8xf32>
  }
  return
}

// -----

// Unreachable blocks are legal: ^bb2 uses arg0@0, so it is live in there, and arg0@0 is
// live out of the entry (escaping to another block of the region, even unreachable).
func.func @unreachable(%a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  return %a : i32
^bb2:
  %x = arith.addi %a, %a : i32
  cf.br ^bb1
}
