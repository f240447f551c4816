// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// Loop simplification: frees of loop results that are the loop's own buffers in some order.

// A for loop hands its buffer through unchanged: the free of its result frees the buffer
// given to it, and a later allocation of the same type takes it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %one, %a[%c0] : memref<8xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %a) -> (memref<8xi64>) {
    %v = memref.load %buf[%c0] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %buf[%c0] : memref<8xi64>
    scf.yield %buf : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %x, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  memref.dealloc %b : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The loop yields a buffer it allocated: its result is not one of the given buffers. The
// frees stay as they are.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %one, %a[%c0] : memref<8xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %a) -> (memref<8xi64>) {
    %v = memref.load %buf[%c0] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    %fresh = memref.alloc() : memref<8xi64>
    memref.store %w, %fresh[%c0] : memref<8xi64>
    %c = arith.cmpi eq, %i, %c0 : index
    %next = scf.if %c -> (memref<8xi64>) {
      scf.yield %fresh : memref<8xi64>
    } else {
      memref.dealloc %fresh : memref<8xi64>
      scf.yield %buf : memref<8xi64>
    }
    scf.yield %next : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %a : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Two buffers swapped on each trip, both results freed, but one is read after the first
// free: which buffer that free releases matters, so the frees stay.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %one, %a[%c0] : memref<8xi64>
  memref.store %one, %b[%c0] : memref<8xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<8xi64>, memref<8xi64>) {
    scf.yield %y, %x : memref<8xi64>, memref<8xi64>
  }
  %v = memref.load %r#0[%c0] : memref<8xi64>
  memref.dealloc %r#0 : memref<8xi64>
  %w = memref.load %r#1[%c0] : memref<8xi64>
  memref.dealloc %r#1 : memref<8xi64>
  %s = arith.addi %v, %w : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The same, with the late read through a view of the second result (fuzz seed 71006385, on
// the legacy pipeline's output): the view is a use of that result, so the frees stay. The
// pass used to look at the result's own uses only, and freed %a where %r#0 was freed while
// %view still read it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %one, %a[%c0] : memref<8xi64>
  memref.store %two, %b[%c0] : memref<8xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<8xi64>, memref<8xi64>) {
    scf.yield %y, %x : memref<8xi64>, memref<8xi64>
  }
  %view = memref.expand_shape %r#1 [[0, 1]] output_shape [2, 4] : memref<8xi64> into memref<2x4xi64>
  %v = memref.load %r#0[%c0] : memref<8xi64>
  memref.dealloc %r#0 : memref<8xi64>
  %w = memref.load %view[%c0, %c0] : memref<2x4xi64>
  memref.dealloc %r#1 : memref<8xi64>
  %s = arith.addi %v, %w : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
