// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// Double buffering, positive and negative cases.

// A while loop whose condition region computes a fresh buffer from the one it received and
// frees that one: the two buffers are swapped, the spare one riding through scf.condition and
// the body's scf.yield.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %ten = arith.constant 10 : i64
  %init = memref.alloc() : memref<8xi64>
  memref.store %one, %init[%c0] : memref<8xi64>
  %r = scf.while (%buf = %init) : (memref<8xi64>) -> memref<8xi64> {
    %next = memref.alloc() : memref<8xi64>
    %v = memref.load %buf[%c0] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<8xi64>
    memref.dealloc %buf : memref<8xi64>
    %go = arith.cmpi slt, %w, %ten : i64
    scf.condition(%go) %next : memref<8xi64>
  } do {
  ^bb0(%b: memref<8xi64>):
    scf.yield %b : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The same loop with the swap in the body, which may run zero times: a buffer allocated
// before the loop could then be one too many. Not double-buffered.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %ten = arith.constant 10 : i64
  %init = memref.alloc() : memref<8xi64>
  memref.store %one, %init[%c0] : memref<8xi64>
  %r = scf.while (%buf = %init) : (memref<8xi64>) -> memref<8xi64> {
    %v = memref.load %buf[%c0] : memref<8xi64>
    %go = arith.cmpi slt, %v, %ten : i64
    scf.condition(%go) %buf : memref<8xi64>
  } do {
  ^bb0(%b: memref<8xi64>):
    %next = memref.alloc() : memref<8xi64>
    %v = memref.load %b[%c0] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<8xi64>
    memref.dealloc %b : memref<8xi64>
    scf.yield %next : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The fresh buffer differs in size from the received one: not swapped. (The copy made at the
// end of the trip takes the received buffer instead, by dealloc/alloc reuse.)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<8xi64>
  memref.store %one, %init[%c0] : memref<8xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %init) -> (memref<8xi64>) {
    %v = memref.load %buf[%c0] : memref<8xi64>
    %next = memref.alloc() : memref<4xi64>
    memref.store %v, %next[%c0] : memref<4xi64>
    %w = memref.load %next[%c0] : memref<4xi64>
    memref.dealloc %next : memref<4xi64>
    %fresh = memref.alloc() : memref<16xi64>
    memref.store %w, %fresh[%c0] : memref<16xi64>
    memref.dealloc %buf : memref<8xi64>
    %cast = memref.subview %fresh[0] [8] [1] : memref<16xi64> to memref<8xi64, strided<[1]>>
    %copy = memref.alloc() : memref<8xi64>
    memref.copy %cast, %copy : memref<8xi64, strided<[1]>> to memref<8xi64>
    memref.dealloc %fresh : memref<16xi64>
    scf.yield %copy : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The fresh buffer is freed on some trips, through a view (an alias): it cannot ride along.
// Not swapped.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %false = arith.constant false
  %init = memref.alloc() : memref<8xi64>
  memref.store %one, %init[%c0] : memref<8xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %init) -> (memref<8xi64>) {
    %next = memref.alloc() : memref<8xi64>
    %v = memref.load %buf[%c0] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<8xi64>
    memref.dealloc %buf : memref<8xi64>
    %cast = memref.cast %next : memref<8xi64> to memref<?xi64>
    scf.if %false {
      memref.dealloc %cast : memref<?xi64>
    }
    scf.yield %next : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// An scf.for whose trip count is not known: it may run zero times. It goes under an scf.if
// on its bounds first, then its buffers are swapped (both ways are run).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @grow(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<8xi64>
  memref.store %one, %init[%c0] : memref<8xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<8xi64>) {
    %next = memref.alloc() : memref<8xi64>
    %v = memref.load %buf[%c0] : memref<8xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<8xi64>
    memref.dealloc %buf : memref<8xi64>
    scf.yield %next : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %x = func.call @grow(%c5) : (index) -> i64
  %y = func.call @grow(%c0) : (index) -> i64
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// An allocation before the fresh one in the trip, while only the received buffer was live:
// two buffers held over it would be one more than before. Not swapped.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<8xi64>
  memref.store %one, %init[%c0] : memref<8xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %init) -> (memref<8xi64>) {
    %t = memref.alloc() : memref<64xi64>
    %v = memref.load %buf[%c0] : memref<8xi64>
    memref.store %v, %t[%c0] : memref<64xi64>
    %u = memref.load %t[%c0] : memref<64xi64>
    memref.dealloc %t : memref<64xi64>
    %next = memref.alloc() : memref<8xi64>
    %w = arith.addi %u, %u : i64
    memref.store %w, %next[%c0] : memref<8xi64>
    memref.dealloc %buf : memref<8xi64>
    scf.yield %next : memref<8xi64>
  }
  %x = memref.load %r[%c0] : memref<8xi64>
  memref.dealloc %r : memref<8xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
