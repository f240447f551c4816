// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file --verify-diagnostics

// Seed examples (see seed_examples.mlir) that the pipeline rejects. They are valid programs:
// these tests pin the current scope of the ownership pass. 001:504 and 001:598 free a region
// argument by hand (its buffer may be owned by the enclosing block, whose ownership the free
// cannot update); mlir-opt-22 rejects them too, earlier, at their first hand-placed free (it
// accepts none).

// 001:504 `@inner_region_control_flow_div` as the legacy pass rewrote it (its input is chunk
// 001:481 of seed_examples.mlir): the join region frees its argument %arg4 by hand.
func.func @inner_region_control_flow_div(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = test.region_if %0 : memref<?x?xf32> -> (memref<?x?xf32>) then {
  ^bb0(%arg2 : memref<?x?xf32>):
    %c0 = arith.constant 0 : index
    %2 = memref.dim %arg2, %c0 : memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %3 = memref.dim %arg2, %c1 : memref<?x?xf32>
    %4 = memref.alloc(%2, %3) : memref<?x?xf32>
    memref.copy %arg2, %4 : memref<?x?xf32> to memref<?x?xf32>
    test.region_if_yield %4 : memref<?x?xf32>
  } else {
  ^bb0(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %3 = memref.dim %2, %c0 : memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %4 = memref.dim %2, %c1 : memref<?x?xf32>
    %5 = memref.alloc(%3, %4) : memref<?x?xf32>
    memref.copy %2, %5 : memref<?x?xf32> to memref<?x?xf32>
    memref.dealloc %2 : memref<?x?xf32>
    test.region_if_yield %5 : memref<?x?xf32>
  } join {
  ^bb0(%arg4 : memref<?x?xf32>):
    %c0 = arith.constant 0 : index
    %2 = memref.dim %arg4, %c0 : memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %3 = memref.dim %arg4, %c1 : memref<?x?xf32>
    %4 = memref.alloc(%2, %3) : memref<?x?xf32>
    memref.copy %arg4, %4 : memref<?x?xf32> to memref<?x?xf32>
    // expected-error @below {{memory free side-effect on MemRef value not supported!}}
    memref.dealloc %arg4 : memref<?x?xf32>
    test.region_if_yield %4 : memref<?x?xf32>
  }
  memref.dealloc %0 : memref<?x?xf32>
  return %1 : memref<?x?xf32>
}

// -----

// 001:598 `@loop_nested_if` as the legacy pass rewrote it (001:560 in seed_examples.mlir,
// same predicate adaptation): the loop body frees its iter_arg %iterBuf by hand.
func.func @loop_nested_if(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %4 = memref.alloc() : memref<2xf32>
  memref.copy %buf, %4 : memref<2xf32> to memref<2xf32>
  %0 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %4) -> memref<2xf32> {
    %rem = arith.remui %i, %c2 : index
    %1 = arith.cmpi eq, %rem, %c0 : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      %ii = arith.index_cast %i : index to i64
      %fi = arith.sitofp %ii : i64 to f32
      memref.store %fi, %3[%c0] : memref<2xf32>
      %5 = memref.alloc() : memref<2xf32>
      memref.copy %3, %5 : memref<2xf32> to memref<2xf32>
      memref.dealloc %3 : memref<2xf32>
      scf.yield %5 : memref<2xf32>
    } else {
      %6 = memref.alloc() : memref<2xf32>
      memref.copy %iterBuf, %6 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %7 = memref.alloc() : memref<2xf32>
    memref.copy %2, %7 : memref<2xf32> to memref<2xf32>
    memref.dealloc %2 : memref<2xf32>
    // expected-error @below {{memory free side-effect on MemRef value not supported!}}
    memref.dealloc %iterBuf : memref<2xf32>
    scf.yield %7 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
