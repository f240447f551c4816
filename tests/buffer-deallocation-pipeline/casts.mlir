// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Issue 13: canonicalize folds `memref.alloc(%c16)` into `memref.alloc()` plus a `memref.cast`
// before the ownership pass runs. A cast only retypes its buffer, so the loop still takes over
// the initial buffer it is dead after: no `i1` loop flag, no clone of the result, no runtime
// pointer comparison after the loop (before the fix: a `false` init flag, a conditional clone
// of the returned buffer and two guarded frees).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @grow(%n: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc(%c16) : memref<?xi64>
  memref.store %one, %init[%c0] : memref<?xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<?xi64>) {
    %next = memref.alloc(%c16) : memref<?xi64>
    %v = memref.load %buf[%c0] : memref<?xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<?xi64>
    scf.yield %next : memref<?xi64>
  }
  return %r : memref<?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = func.call @grow(%c4) : (index) -> memref<?xi64>
  %x = memref.load %r[%c0] : memref<?xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %z = func.call @grow(%c0) : (index) -> memref<?xi64>
  %y = memref.load %z[%c0] : memref<?xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The same through an `scf.while` and a chain of two casts of the initial buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i64
  %limit = arith.constant 100 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %one, %a[%c0] : memref<8xi64>
  %b = memref.cast %a : memref<8xi64> to memref<?xi64>
  %init = memref.cast %b : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %r = scf.while (%buf = %init) : (memref<?xi64, strided<[?], offset: ?>>) -> memref<?xi64, strided<[?], offset: ?>> {
    %v = memref.load %buf[%c0] : memref<?xi64, strided<[?], offset: ?>>
    %go = arith.cmpi slt, %v, %limit : i64
    scf.condition(%go) %buf : memref<?xi64, strided<[?], offset: ?>>
  } do {
  ^bb0(%buf: memref<?xi64, strided<[?], offset: ?>>):
    %next = memref.alloc(%c8) : memref<?xi64>
    %v = memref.load %buf[%c0] : memref<?xi64, strided<[?], offset: ?>>
    %w = arith.muli %v, %v : i64
    %w1 = arith.addi %w, %one : i64
    memref.store %w1, %next[%c0] : memref<?xi64>
    %cast = memref.cast %next : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %cast : memref<?xi64, strided<[?], offset: ?>>
  }
  %x = memref.load %r[%c0] : memref<?xi64, strided<[?], offset: ?>>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: the buffer behind the cast is read after the loop, so the block keeps owning
// it and frees it after that read.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %two, %a[%c0] : memref<4xi64>
  %init = memref.cast %a : memref<4xi64> to memref<?xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %init) -> (memref<?xi64>) {
    %next = memref.alloc(%c3) : memref<?xi64>
    %v = memref.load %buf[%c0] : memref<?xi64>
    %w = arith.muli %v, %two : i64
    memref.store %w, %next[%c0] : memref<?xi64>
    scf.yield %next : memref<?xi64>
  }
  %x = memref.load %r[%c0] : memref<?xi64>
  %y = memref.load %a[%c0] : memref<4xi64>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: the cast enters the loop, the buffer itself is read inside it on every trip.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %two, %a[%c0] : memref<4xi64>
  %init = memref.cast %a : memref<4xi64> to memref<?xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %init) -> (memref<?xi64>) {
    %next = memref.alloc(%c3) : memref<?xi64>
    %v = memref.load %buf[%c0] : memref<?xi64>
    %u = memref.load %a[%c0] : memref<4xi64>
    %w = arith.addi %v, %u : i64
    memref.store %w, %next[%c0] : memref<?xi64>
    scf.yield %next : memref<?xi64>
  }
  %x = memref.load %r[%c0] : memref<?xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
