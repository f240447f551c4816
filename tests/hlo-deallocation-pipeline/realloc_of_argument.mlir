// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file

// A memref.realloc of a function argument: MLIR-HLO refuses it ("unable to find ownership
// indicator for operand", kept with hlo-deallocate{refuse-unowned-realloc}); here it becomes
// an allocation and a copy of the elements both sizes hold, and the argument is not freed (it
// belongs to the caller), as expand-realloc{emit-deallocs=false} does for the ownership-based
// pass. Upstream's dealloc-existing-deallocs.mlir, chunk 1, with a @main around it: the
// realloc in one branch of an scf.if, the argument itself in the other.

func.func private @printI64(i64)

func.func @auto_dealloc_inside_nested_region(%arg0: memref<?xi64>, %arg1: i1) -> i64 {
  %c100 = arith.constant 100 : index
  %0 = scf.if %arg1 -> memref<?xi64> {
    %realloc = memref.realloc %arg0(%c100) : memref<?xi64> to memref<?xi64>
    scf.yield %realloc : memref<?xi64>
  } else {
    scf.yield %arg0 : memref<?xi64>
  }
  %c1 = arith.constant 1 : index
  %v = memref.load %0[%c1] : memref<?xi64>
  %c0 = arith.constant 0 : index
  %d = memref.dim %0, %c0 : memref<?xi64>
  %di = arith.index_cast %d : index to i64
  %sum = arith.addi %v, %di : i64
  return %sum : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : i64
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc(%c2) : memref<?xi64>
  memref.store %c7, %a[%c0] : memref<?xi64>
  memref.store %c7, %a[%c1] : memref<?xi64>
  %b = memref.alloc(%c2) : memref<?xi64>
  memref.store %c7, %b[%c0] : memref<?xi64>
  memref.store %c7, %b[%c1] : memref<?xi64>
  // The realloc of the input frees %b; after the pipeline, @main frees it.
  %kept = call @auto_dealloc_inside_nested_region(%a, %false) : (memref<?xi64>, i1) -> i64
  call @printI64(%kept) : (i64) -> ()
  %grown = call @auto_dealloc_inside_nested_region(%b, %true) : (memref<?xi64>, i1) -> i64
  call @printI64(%grown) : (i64) -> ()
  %v = memref.load %a[%c0] : memref<?xi64>
  call @printI64(%v) : (i64) -> ()
  return
}

// -----

// Reallocs of arguments that grow (static sizes), shrink or grow (a runtime size), and are
// handed back to the caller, who owns the new buffer and frees it. The input frees the
// caller's buffers in the reallocs; after the pipeline, the caller frees them.

func.func private @printI64(i64)

func.func @grow(%arg: memref<2xi64>) -> memref<4xi64> {
  %r = memref.realloc %arg : memref<2xi64> to memref<4xi64>
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : i64
  memref.store %c9, %r[%c3] : memref<4xi64>
  return %r : memref<4xi64>
}

func.func @shrink(%arg: memref<?xi64>, %n: index) -> i64 {
  %r = memref.realloc %arg(%n) : memref<?xi64> to memref<?xi64>
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<?xi64>
  return %v : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %c5, %a[%c0] : memref<2xi64>
  memref.store %c6, %a[%c1] : memref<2xi64>
  %g = call @grow(%a) : (memref<2xi64>) -> memref<4xi64>
  %g0 = memref.load %g[%c0] : memref<4xi64>
  %g1 = memref.load %g[%c1] : memref<4xi64>
  %g3 = memref.load %g[%c3] : memref<4xi64>
  call @printI64(%g0) : (i64) -> ()
  call @printI64(%g1) : (i64) -> ()
  call @printI64(%g3) : (i64) -> ()
  %d = memref.alloc(%c3) : memref<?xi64>
  memref.store %c6, %d[%c0] : memref<?xi64>
  %s = call @shrink(%d, %c1) : (memref<?xi64>, index) -> i64
  call @printI64(%s) : (i64) -> ()
  %e = memref.alloc(%c1) : memref<?xi64>
  memref.store %c5, %e[%c0] : memref<?xi64>
  %s2 = call @shrink(%e, %c3) : (memref<?xi64>, index) -> i64
  call @printI64(%s2) : (i64) -> ()
  return
}
