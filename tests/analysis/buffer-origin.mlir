// RUN: dealloc-opt %s --split-input-file --test-print-buffer-origin
// Values defined by an op with a `test.ptr` attribute are named by it. Cases follow
// upstream BufferOriginAnalysis (reference upstream-mlir.md §3.3).

// Two allocations are different; a subview and a cast of `a` are the same allocation as
// `a`; two views of one alloc are the same allocation.
func.func @allocs_and_views() {
  %a = memref.alloc() {test.ptr = "a"} : memref<8xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<8xf32>
  %sv = memref.subview %a[0] [4] [1] {test.ptr = "sv_a"} : memref<8xf32> to memref<4xf32, strided<[1]>>
  %c = memref.cast %a {test.ptr = "cast_a"} : memref<8xf32> to memref<?xf32>
  return
}

// -----

// Function arguments: arg vs alloc is different (a fresh allocation cannot be an argument);
// two arguments are unknown (they may alias).
func.func @args(%x: memref<4xf32>, %y: memref<4xf32>) {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  return
}

// -----

// arith.select of two allocs: its terminals are both allocs. select vs a: unknown
// (overlapping terminals); select vs a third alloc c: different.
func.func @select(%cond: i1) {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %c = memref.alloc() {test.ptr = "c"} : memref<4xf32>
  %s = arith.select %cond, %a, %b {test.ptr = "s"} : memref<4xf32>
  return
}

// -----

// Region branches: the scf.if result may be a or the argument; it is unknown against a and
// against the argument, but different from an unrelated alloc c (all terminals are allocs or
// function arguments, and c is an alloc).
func.func @scf_if(%cond: i1, %arg: memref<4xf32>) {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %c = memref.alloc() {test.ptr = "c"} : memref<4xf32>
  %r = scf.if %cond -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  return
}

// -----

// Loop-carried buffers: the iter_arg and the result come from the init alloc or the alloc in
// the body; the body alloc's result (`n`) vs the init (`init`) is different.
func.func @scf_for(%lb: index, %ub: index, %s: index) {
  %init = memref.alloc() {test.ptr = "init"} : memref<4xf32>
  %r = scf.for %iv = %lb to %ub step %s iter_args(%it = %init) -> memref<4xf32> {
    %n = memref.alloc() {test.ptr = "n"} : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return
}

// -----

// CFG block arguments: the ^bb3 argument comes from a or b; a call result is terminal and
// unknown against everything (the callee may return its argument).
func.func private @callee(memref<4xf32>) -> memref<4xf32>
func.func @cfg(%cond: i1) {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : memref<4xf32>)
^bb2:
  cf.br ^bb3(%b : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  %r = func.call @callee(%m) {test.ptr = "call"} : (memref<4xf32>) -> memref<4xf32>
  return
}

// -----

// Globals are unknown against each other (as upstream), but differ from allocations, alloca
// included: a global existed before the function ran (upstream answers unknown there).
memref.global "private" @g0 : memref<4xf32> = dense<0.0>
memref.global "private" @g1 : memref<4xf32> = dense<1.0>
func.func @globals() {
  %g0 = memref.get_global @g0 : memref<4xf32> {test.ptr = "g0"}
  %g1 = memref.get_global @g1 : memref<4xf32> {test.ptr = "g1"}
  %s = memref.alloca() {test.ptr = "stack"} : memref<4xf32>
  return
}
