// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline --split-input-file

// Issue 14, "must hold": a loop growing a buffer with memref.realloc copies nothing per trip
// beyond the realloc's own copy. expand-realloc (without frees) turns the realloc into an
// scf.if; the branch that grows yields a fresh buffer and frees the old one, the branch that
// does not yields the old buffer itself (copy-removal moves the free into the branches
// instead of cloning), and canonicalization takes out the clones whose source dies right
// after them.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %buf0 = memref.alloc(%c1) : memref<?xi64>
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%b = %buf0) -> memref<?xi64> {
    %half = arith.divui %i, %c2 : index
    %n = arith.addi %i, %c1 : index
    %g = memref.realloc %b(%n) : memref<?xi64> to memref<?xi64>
    %x = arith.index_cast %i : index to i64
    memref.store %x, %g[%i] : memref<?xi64>
    scf.yield %g : memref<?xi64>
  }
  %v = memref.load %r[%c2] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A loop that allocates a new buffer every trip from the previous one (rotation through
// scf.for): the iteration argument is critical; the clone at the yield and the one before the
// loop disappear (their sources die right after them), so each trip allocates once.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<2xi64>
  memref.store %one, %init[%c0] : memref<2xi64>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%b = %init) -> memref<2xi64> {
    %n = memref.alloc() : memref<2xi64>
    %x = memref.load %b[%c0] : memref<2xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %n[%c0] : memref<2xi64>
    scf.yield %n : memref<2xi64>
  }
  %v = memref.load %r[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Seed @branch through the whole pipeline: the clone of the allocation made in bb1 goes (it
// dies right after), the clone of %0 in bb2 stays (it lives on to the join).
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @branch(%arg0: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %0 = memref.alloc() : memref<2xi64>
  memref.store %one, %0[%c0] : memref<2xi64>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xi64>
  memref.store %two, %1[%c0] : memref<2xi64>
  cf.br ^bb3(%1 : memref<2xi64>)
^bb2:
  cf.br ^bb3(%0 : memref<2xi64>)
^bb3(%2: memref<2xi64>):
  %r = memref.load %2[%c0] : memref<2xi64>
  return %r : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %a = func.call @branch(%t) : (i1) -> i64
  %b = func.call @branch(%f) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Calls returning fresh buffers and arguments: returned arguments are cloned, returned
// allocations are handed over without a copy, and callers free both.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @fresh_or_arg(%c: i1, %m: memref<2xi64>) -> memref<2xi64> {
  %r = scf.if %c -> memref<2xi64> {
    %a = memref.alloc() : memref<2xi64>
    memref.copy %m, %a : memref<2xi64> to memref<2xi64>
    scf.yield %a : memref<2xi64>
  } else {
    scf.yield %m : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %t = arith.constant true
  %f = arith.constant false
  %m = memref.alloc() : memref<2xi64>
  memref.store %seven, %m[%c0] : memref<2xi64>
  %x = func.call @fresh_or_arg(%t, %m) : (i1, memref<2xi64>) -> memref<2xi64>
  %y = func.call @fresh_or_arg(%f, %m) : (i1, memref<2xi64>) -> memref<2xi64>
  %vx = memref.load %x[%c0] : memref<2xi64>
  %vy = memref.load %y[%c0] : memref<2xi64>
  func.call @printI64(%vx) : (i64) -> ()
  func.call @printI64(%vy) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
