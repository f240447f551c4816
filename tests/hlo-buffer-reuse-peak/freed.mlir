// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// Programs whose frees are written out (as MLIR-HLO's `hlo-deallocate` and simplification
// leave them), for measuring `hlo-buffer-reuse` alone. The `reuse_peak` test of `pipeline`
// runs each with and without the pass; the comment before each program says what it must
// show.

// chain: eight same-size temporaries, each freed after its last use. With reuse, the peak is
// within one buffer of the ideal.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a0 = memref.alloc() : memref<64xi64>
  memref.store %one, %a0[%c0] : memref<64xi64>
  %v0 = memref.load %a0[%c0] : memref<64xi64>
  %a1 = memref.alloc() : memref<64xi64>
  memref.dealloc %a0 : memref<64xi64>
  %w1 = arith.addi %v0, %one : i64
  memref.store %w1, %a1[%c0] : memref<64xi64>
  %v1 = memref.load %a1[%c0] : memref<64xi64>
  %a2 = memref.alloc() : memref<64xi64>
  memref.dealloc %a1 : memref<64xi64>
  %w2 = arith.addi %v1, %v0 : i64
  memref.store %w2, %a2[%c0] : memref<64xi64>
  %v2 = memref.load %a2[%c0] : memref<64xi64>
  memref.dealloc %a2 : memref<64xi64>
  %a3 = memref.alloc() : memref<64xi64>
  %w3 = arith.addi %v2, %v1 : i64
  memref.store %w3, %a3[%c0] : memref<64xi64>
  %v3 = memref.load %a3[%c0] : memref<64xi64>
  memref.dealloc %a3 : memref<64xi64>
  %a4 = memref.alloc() : memref<64xi64>
  %w4 = arith.addi %v3, %v2 : i64
  memref.store %w4, %a4[%c0] : memref<64xi64>
  %v4 = memref.load %a4[%c0] : memref<64xi64>
  memref.dealloc %a4 : memref<64xi64>
  func.call @printI64(%v4) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// temp-loop-4: a loop of 4 trips with a temporary allocated and freed on each trip. With
// reuse, it allocates as often as temp-loop-64 does.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<32xi64>
    %x = arith.index_cast %i : index to i64
    memref.store %x, %t[%c0] : memref<32xi64>
    %v = memref.load %t[%c0] : memref<32xi64>
    memref.dealloc %t : memref<32xi64>
    %s = arith.addi %acc, %v : i64
    scf.yield %s : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// temp-loop-64: the same loop with 64 trips.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<32xi64>
    %x = arith.index_cast %i : index to i64
    memref.store %x, %t[%c0] : memref<32xi64>
    %v = memref.load %t[%c0] : memref<32xi64>
    memref.dealloc %t : memref<32xi64>
    %s = arith.addi %acc, %v : i64
    scf.yield %s : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// double-buffer-for: each trip computes a new buffer from the previous one and frees that.
// With reuse, two buffers.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<32xi64>
  memref.store %one, %init[%c0] : memref<32xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<32xi64>) {
    %next = memref.alloc() : memref<32xi64>
    %v = memref.load %buf[%c0] : memref<32xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %next[%c0] : memref<32xi64>
    memref.dealloc %buf : memref<32xi64>
    scf.yield %next : memref<32xi64>
  }
  %x = memref.load %r[%c0] : memref<32xi64>
  memref.dealloc %r : memref<32xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// double-buffer-while: the same in the condition region of a while loop. With reuse, two
// buffers.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %limit = arith.constant 16 : i64
  %init = memref.alloc() : memref<32xi64>
  memref.store %one, %init[%c0] : memref<32xi64>
  %r = scf.while (%buf = %init) : (memref<32xi64>) -> memref<32xi64> {
    %next = memref.alloc() : memref<32xi64>
    %v = memref.load %buf[%c0] : memref<32xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %next[%c0] : memref<32xi64>
    memref.dealloc %buf : memref<32xi64>
    %go = arith.cmpi slt, %w, %limit : i64
    scf.condition(%go) %next : memref<32xi64>
  } do {
  ^bb0(%b: memref<32xi64>):
    scf.yield %b : memref<32xi64>
  }
  %x = memref.load %r[%c0] : memref<32xi64>
  memref.dealloc %r : memref<32xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
