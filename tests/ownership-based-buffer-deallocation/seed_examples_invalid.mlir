// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file --verify-diagnostics

// Seed examples (see seed_examples.mlir) that the pass rejects. 004:127, 004:163 and 004:184
// `memref.realloc` a buffer owned outside the scf.if that contains the realloc (a realloc
// cannot be dropped as a redundant free the way a nested `memref.dealloc` is); mlir-opt-22
// rejects them with the same diagnostic at the same op. The pipeline accepts them, because it
// runs `expand-realloc` first (see ../buffer-deallocation-pipeline/seed_examples.mlir).

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
