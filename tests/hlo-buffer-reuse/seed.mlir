// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// The examples of seed 004's buffer-reuse part, each made into a program whose @main prints
// what it computed, so the interpreter and the JIT check the rewrite.

// Loop simplification: a while loop that swaps its two buffers on every trip; the frees of
// its results become frees of the buffers given to it. (The loop may run zero times, so
// nothing is hoisted.)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : i64
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i64
  %alloc1 = memref.alloc() : memref<4xi64>
  %alloc2 = memref.alloc() : memref<4xi64>
  memref.store %one, %alloc1[%c0] : memref<4xi64>
  memref.store %c3, %alloc2[%c0] : memref<4xi64>
  %w:3 = scf.while (%a = %alloc1, %b = %alloc2, %n = %zero) : (memref<4xi64>, memref<4xi64>, i64) -> (memref<4xi64>, memref<4xi64>, i64) {
    %go = arith.cmpi slt, %n, %c3 : i64
    scf.condition(%go) %b, %a, %n : memref<4xi64>, memref<4xi64>, i64
  } do {
  ^bb0(%x: memref<4xi64>, %y: memref<4xi64>, %m: i64):
    %v = memref.load %x[%c0] : memref<4xi64>
    %s = arith.addi %v, %m : i64
    memref.store %s, %x[%c0] : memref<4xi64>
    %m1 = arith.addi %m, %one : i64
    scf.yield %x, %y, %m1 : memref<4xi64>, memref<4xi64>, i64
  }
  %r0 = memref.load %w#0[%c0] : memref<4xi64>
  %r1 = memref.load %w#1[%c0] : memref<4xi64>
  func.call @printI64(%r0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%r1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %w#0 : memref<4xi64>
  memref.dealloc %w#1 : memref<4xi64>
  return
}

// -----

// Buffer reuse: a free followed by an allocation of the same type; the second buffer is the
// first one.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i64
  %alloc = memref.alloc() : memref<100xi64>
  memref.store %c7, %alloc[%c0] : memref<100xi64>
  %v = memref.load %alloc[%c0] : memref<100xi64>
  memref.dealloc %alloc : memref<100xi64>
  %w = arith.addi %v, %v : i64
  %alloc_1 = memref.alloc() : memref<100xi64>
  memref.store %w, %alloc_1[%c0] : memref<100xi64>
  %r = memref.load %alloc_1[%c0] : memref<100xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %alloc_1 : memref<100xi64>
  return
}

// -----

// Copy elision: %a is overwritten whole with %b, which is freed right after: %b's writes go
// to %a directly and neither the copy nor %b's allocation remain.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<100xi64>
  %b = memref.alloc() : memref<100xi64>
  memref.store %c5, %b[%c0] : memref<100xi64>
  memref.copy %b, %a : memref<100xi64> to memref<100xi64>
  memref.dealloc %b : memref<100xi64>
  %r = memref.load %a[%c0] : memref<100xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<100xi64>
  return
}

// -----

// Hoisting: a temporary allocated and freed on every trip of a loop that runs 1000 times is
// allocated once.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %sum = scf.for %i = %c0 to %c1000 step %c1 iter_args(%acc = %zero) -> (i64) {
    %foo = memref.alloc() : memref<100xi64>
    memref.store %acc, %foo[%c0] : memref<100xi64>
    %v = memref.load %foo[%c0] : memref<100xi64>
    %n = arith.addi %v, %one : i64
    memref.dealloc %foo : memref<100xi64>
    scf.yield %n : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Double buffering: each trip writes a fresh buffer from the one it received and frees that
// one; two buffers, swapped on each trip, suffice.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %one = arith.constant 1 : i64
  %alloc = memref.alloc() : memref<100xi64>
  memref.store %one, %alloc[%c0] : memref<100xi64>
  %0 = scf.for %i = %c0 to %c1000 step %c1 iter_args(%arg = %alloc) -> (memref<100xi64>) {
    %tmp = memref.alloc() : memref<100xi64>
    %v = memref.load %arg[%c0] : memref<100xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %tmp[%c0] : memref<100xi64>
    memref.dealloc %arg : memref<100xi64>
    scf.yield %tmp : memref<100xi64>
  }
  %r = memref.load %0[%c0] : memref<100xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %0 : memref<100xi64>
  return
}
