// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file --verify-diagnostics

// Seed examples (see seed_examples.mlir) that the pass rejects. They are valid programs: these
// tests pin the current scope of the pass. 001:504 and 001:598 free a region argument by hand
// (its buffer may be owned by the enclosing block, whose ownership the free cannot update);
// mlir-opt-22 rejects them too, earlier, at their first hand-placed free (it accepts none).
// 004:127, 004:163 and 004:184 `memref.realloc` a buffer owned outside the scf.if that contains
// the realloc (a realloc frees its operand: the same restriction); mlir-opt-22 rejects them
// with the same diagnostic at the same op. The pipeline accepts the 004 ones, because it runs
// `expand-realloc` first (see ../buffer-deallocation-pipeline/seed_examples.mlir).

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

// -----

// 004:127 (MLIR-HLO "Implicit capture"): the loop-carried buffer is reallocated inside an
// scf.if of the loop body (the pipeline runs it: seed_examples.mlir there).
func.func @grow(%size: index, %lb: index, %ub: index, %step: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %alloc = memref.alloc(%size) : memref<?xi32>
  %last = scf.for %i = %lb to %ub step %step iter_args(%arg0 = %alloc) -> (memref<?xi32>) {
    %cap = memref.dim %arg0, %c0 : memref<?xi32>
    %should_grow = arith.cmpi uge, %i, %cap : index
    %new_size = arith.muli %cap, %c2 : index
    %mem = scf.if %should_grow -> (memref<?xi32>) {
      // expected-error @below {{memory free side-effect on MemRef value not supported!}}
      %0 = memref.realloc %arg0(%new_size) : memref<?xi32> to memref<?xi32>
      scf.yield %0 : memref<?xi32>
    } else {
      scf.yield %arg0 : memref<?xi32>
    }
    %v = arith.index_cast %i : index to i32
    memref.store %v, %mem[%i] : memref<?xi32>
    scf.yield %mem : memref<?xi32>
  }
  %z = arith.constant 0 : i64
  %c1 = arith.constant 1 : index
  %sum = scf.for %j = %lb to %ub step %step iter_args(%acc = %z) -> (i64) {
    %x = memref.load %last[%j] : memref<?xi32>
    %x64 = arith.extsi %x : i32 to i64
    %s = arith.addi %acc, %x64 : i64
    scf.yield %s : i64
  }
  return %sum : i64
}

// -----

// 004:163 (MLIR-HLO): realloc of a function-level alloc in the then branch of an scf.if.
func.func @maybe_grow(%cond: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i32
  %alloc = memref.alloc() : memref<2xi32>
  memref.store %seven, %alloc[%c0] : memref<2xi32>
  %0 = scf.if %cond -> (memref<?xi32>) {
    // expected-error @below {{memory free side-effect on MemRef value not supported!}}
    %1 = memref.realloc %alloc : memref<2xi32> to memref<4xi32>
    %c = memref.cast %1 : memref<4xi32> to memref<?xi32>
    scf.yield %c : memref<?xi32>
  } else {
    %c = memref.cast %alloc : memref<2xi32> to memref<?xi32>
    scf.yield %c : memref<?xi32>
  }
  %x = memref.load %0[%c0] : memref<?xi32>
  %n = memref.dim %0, %c0 : memref<?xi32>
  %n32 = arith.index_cast %n : index to i32
  %s = arith.addi %x, %n32 : i32
  %s64 = arith.extsi %s : i32 to i64
  return %s64 : i64
}

// -----

// 004:184 (MLIR-HLO): realloc of the iter_arg inside an scf.if of the loop body.
func.func @grow_every_other(%lb: index, %ub: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %alloc = memref.alloc(%c1) : memref<?xi32>
  %0 = scf.for %i = %lb to %ub step %step iter_args(%arg0 = %alloc) -> (memref<?xi32>) {
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi ne, %rem, %c0 : index
    %1 = scf.if %odd -> (memref<?xi32>) {
      %n = memref.dim %arg0, %c0 : memref<?xi32>
      %n1 = arith.addi %n, %c1 : index
      // expected-error @below {{memory free side-effect on MemRef value not supported!}}
      %2 = memref.realloc %arg0(%n1) : memref<?xi32> to memref<?xi32>
      scf.yield %2 : memref<?xi32>
    } else {
      scf.yield %arg0 : memref<?xi32>
    }
    scf.yield %1 : memref<?xi32>
  }
  %size = memref.dim %0, %c0 : memref<?xi32>
  return %size : index
}
