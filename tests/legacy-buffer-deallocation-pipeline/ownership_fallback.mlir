// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline --split-input-file

// Issue 14, item 4, the last resort. `buffer-deallocation` alone rejects these functions
// (tests/buffer-deallocation/invalid.mlir, chunks 1 and 2): a copy it would make is observed,
// and its ownership flags cannot stand in for the copy either. In the pipeline the pass runs
// with `ownership-fallback`: such a function is left as it was and deallocated by the
// ownership-based strategy (no copies at its merges, i1 ownership and pointer comparisons at
// its frees), the other functions by copies as before. Each runs from @main.

// %x may be %a, and %y may be %x or a fresh buffer: copying %y for the loop would hide the
// write to %a from the read through %r. The program must print 1 (no trip), then 1 (trips
// yielding %a itself), then 0 (trips ending on a fresh buffer, whose element 0 is stored 0).
func.func private @printI64(i64)

func.func @write_to_source(%n: index, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %zero, %a[%c0] : memref<2xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xi64> {
    %y = scf.if %c -> memref<2xi64> {
      %b = memref.alloc() : memref<2xi64>
      memref.store %zero, %b[%c0] : memref<2xi64>
      scf.yield %b : memref<2xi64>
    } else {
      scf.yield %x : memref<2xi64>
    }
    scf.yield %y : memref<2xi64>
  }
  memref.store %one, %a[%c0] : memref<2xi64>
  %v = memref.load %r[%c0] : memref<2xi64>
  return %v : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant true
  %f = arith.constant false
  %u = func.call @write_to_source(%c0, %t) : (index, i1) -> i64
  func.call @printI64(%u) : (i64) -> ()
  %v = func.call @write_to_source(%c3, %f) : (index, i1) -> i64
  func.call @printI64(%v) : (i64) -> ()
  %w = func.call @write_to_source(%c3, %t) : (index, i1) -> i64
  func.call @printI64(%w) : (i64) -> ()
  return
}

// -----

// Fuzz seed 72009954, shrunk by hand: the loop yields one buffer at two positions (%y as
// itself, and through %s, which is %y here). A copy for the second result would split one
// buffer in two, and the store through %r#1 would no longer reach the load through %r#0: the
// program must print 7, not 5. @unchanged in the same module has nothing to fear from copies
// and keeps the copy-insertion strategy (a clone where its loop swaps two buffers).
func.func private @printI64(i64)

func.func @one_buffer_yielded_twice() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i5 = arith.constant 5 : i64
  %i7 = arith.constant 7 : i64
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %i5, %b[%c0] : memref<2xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xi64>, memref<2xi64>) {
    %t = memref.alloc() : memref<2xi64>
    %s = arith.select %true, %y, %t : memref<2xi64>
    scf.yield %y, %s : memref<2xi64>, memref<2xi64>
  }
  memref.store %i7, %r#1[%c0] : memref<2xi64>
  %v = memref.load %r#0[%c0] : memref<2xi64>
  return %v : i64
}

func.func @unchanged(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  memref.store %i4, %a[%c0] : memref<2xi64>
  memref.store %i6, %b[%c0] : memref<2xi64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xi64>, memref<2xi64>) {
    scf.yield %y, %x : memref<2xi64>, memref<2xi64>
  }
  %v = memref.load %r#0[%c0] : memref<2xi64>
  return %v : i64
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %v = func.call @one_buffer_yielded_twice() : () -> i64
  func.call @printI64(%v) : (i64) -> ()
  %w = func.call @unchanged(%c3) : (index) -> i64
  func.call @printI64(%w) : (i64) -> ()
  return
}

// -----

// Both strategies in one module, through calls both ways: @fallback (deallocated by ownership,
// as @write_to_source above) receives a buffer @caller allocated (copy-insertion) and returns
// one, which @caller frees; the caller keeps and frees what it passed.
func.func private @printI64(i64)

func.func @fallback(%n: index, %c: i1, %in: memref<2xi64>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.copy %in, %a : memref<2xi64> to memref<2xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xi64> {
    %y = scf.if %c -> memref<2xi64> {
      %b = memref.alloc() : memref<2xi64>
      memref.copy %x, %b : memref<2xi64> to memref<2xi64>
      scf.yield %b : memref<2xi64>
    } else {
      scf.yield %x : memref<2xi64>
    }
    scf.yield %y : memref<2xi64>
  }
  %old = memref.load %a[%c0] : memref<2xi64>
  %new = arith.addi %old, %one : i64
  memref.store %new, %a[%c0] : memref<2xi64>
  return %r : memref<2xi64>
}

func.func @caller(%n: index, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %i3 = arith.constant 3 : i64
  %in = memref.alloc() : memref<2xi64>
  memref.store %i3, %in[%c0] : memref<2xi64>
  %r = func.call @fallback(%n, %c, %in) : (index, i1, memref<2xi64>) -> memref<2xi64>
  %v = memref.load %r[%c0] : memref<2xi64>
  %w = memref.load %in[%c0] : memref<2xi64>
  %s = arith.addi %v, %w : i64
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant true
  %f = arith.constant false
  %u = func.call @caller(%c0, %t) : (index, i1) -> i64
  func.call @printI64(%u) : (i64) -> ()
  %v = func.call @caller(%c2, %f) : (index, i1) -> i64
  func.call @printI64(%v) : (i64) -> ()
  %w = func.call @caller(%c2, %t) : (index, i1) -> i64
  func.call @printI64(%w) : (i64) -> ()
  return
}

// -----

// tests/buffer-deallocation/invalid.mlir @carried_past_its_trip (fuzz seed 74002759): %t is
// handed to the next trip through the loop argument %y and written there, while its copy in
// %s, carried in %x, is read. The pass alone refuses it; the pipeline gives the function to
// the ownership-based strategy, which prints 5, 0, 0 as the program does.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i5 = arith.constant 5 : i64
  %true = arith.constant true
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i5, %a[%c1] : memref<4xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xi64>, memref<4xi64>) {
    memref.store %i0, %y[%c1] : memref<4xi64>
    %v = memref.load %x[%c1] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    %t = memref.alloc() : memref<4xi64>
    memref.store %i5, %t[%c1] : memref<4xi64>
    %s = scf.if %true -> (memref<4xi64>) {
      scf.yield %t : memref<4xi64>
    } else {
      %f = memref.alloc() : memref<4xi64>
      scf.yield %f : memref<4xi64>
    }
    scf.yield %s, %t : memref<4xi64>, memref<4xi64>
  }
  return
}
