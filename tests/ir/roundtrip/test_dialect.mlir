// RUN: dealloc-opt %s --split-input-file

// NOTE: contrary to the original brief, mlir-opt-22 (Debian/apt.llvm.org
// build) DOES register the `test` dialect, and that dialect allows unknown
// ops, so `"test.anything"(...)` parses without --allow-unregistered-dialect.
// This file pins the printing of the test ops upstream deallocation tests use.

// test.copy and test.buffer_based have custom syntax; note the space before
// the colon inside in(...)/out(...) on output.
func.func @buffer_based(%arg0: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg0: memref<2xf32>) out(%0: memref<2xf32>)
  %1 = memref.alloc() : memref<2xf32>
  test.copy(%0, %1) : (memref<2xf32>, memref<2xf32>)
  memref.dealloc %0 : memref<2xf32>
  memref.dealloc %1 : memref<2xf32>
  return
}

// -----

// test.region_buffer_based with its elementwise region and test.region_yield.
func.func @region_buffer_based(%arg0: memref<2xf32>, %arg1: memref<2xf32>) {
  test.region_buffer_based in(%arg0: memref<2xf32>) out(%arg1: memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %a : f32
    test.region_yield %t : f32
  }
  return
}

// -----

// Unknown ops of the test dialect (accepted because the test dialect allows
// unknown operations) print in generic form like unregistered ops.
func.func @unknown_test_ops() -> memref<5xf32> {
  %0 = memref.alloc() : memref<5xf32>
  %1 = "test.foo"(%0) : (memref<5xf32>) -> memref<5xf32>
  "test.read_buffer"(%1) : (memref<5xf32>) -> ()
  "test.memref_user"(%0) : (memref<5xf32>) -> ()
  return %1 : memref<5xf32>
}

// -----

// A diamond as in the upstream deallocation tests: allocate in one branch,
// forward the argument in the other, copy the join value out.
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}
