// RUN: dealloc-opt %s --buffer-deallocation-pipeline=reuse=true --split-input-file

// Programs without frees, as bufferization hands them over, for measuring what reuse saves.
// The `reuse_peak` test of `pipeline` runs each through every deallocation strategy with and
// without its `reuse` option and compares the interpreter's peak and allocation counts; the
// comment before each program says what it must show.

// chain: a chain of eight same-size temporaries, each computed from the one before. With
// reuse, the peak is within one buffer of the ideal (every buffer freed right after its last
// use).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a0 = memref.alloc() : memref<64xi64>
  memref.store %one, %a0[%c0] : memref<64xi64>
  %v0 = memref.load %a0[%c0] : memref<64xi64>
  %a1 = memref.alloc() : memref<64xi64>
  %w1 = arith.addi %v0, %one : i64
  memref.store %w1, %a1[%c0] : memref<64xi64>
  %v1 = memref.load %a1[%c0] : memref<64xi64>
  %a2 = memref.alloc() : memref<64xi64>
  %w2 = arith.addi %v1, %v0 : i64
  memref.store %w2, %a2[%c0] : memref<64xi64>
  %v2 = memref.load %a2[%c0] : memref<64xi64>
  %a3 = memref.alloc() : memref<64xi64>
  %w3 = arith.addi %v2, %v1 : i64
  memref.store %w3, %a3[%c0] : memref<64xi64>
  %v3 = memref.load %a3[%c0] : memref<64xi64>
  %a4 = memref.alloc() : memref<64xi64>
  %w4 = arith.addi %v3, %v2 : i64
  memref.store %w4, %a4[%c0] : memref<64xi64>
  %v4 = memref.load %a4[%c0] : memref<64xi64>
  %a5 = memref.alloc() : memref<64xi64>
  %w5 = arith.addi %v4, %v3 : i64
  memref.store %w5, %a5[%c0] : memref<64xi64>
  %v5 = memref.load %a5[%c0] : memref<64xi64>
  %a6 = memref.alloc() : memref<64xi64>
  %w6 = arith.addi %v5, %v4 : i64
  memref.store %w6, %a6[%c0] : memref<64xi64>
  %v6 = memref.load %a6[%c0] : memref<64xi64>
  %a7 = memref.alloc() : memref<64xi64>
  %w7 = arith.addi %v6, %v5 : i64
  memref.store %w7, %a7[%c0] : memref<64xi64>
  %v7 = memref.load %a7[%c0] : memref<64xi64>
  func.call @printI64(%v7) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// chain-copies: a chain of temporaries that copy whole buffers into each other, the way
// bufferized element-wise ops hand results on.
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %x = memref.alloc() : memref<4xi64>
  linalg.fill ins(%one : i64) outs(%x : memref<4xi64>)
  %a = memref.alloc() : memref<4xi64>
  linalg.add ins(%x, %x : memref<4xi64>, memref<4xi64>) outs(%a : memref<4xi64>)
  %b = memref.alloc() : memref<4xi64>
  linalg.add ins(%a, %a : memref<4xi64>, memref<4xi64>) outs(%b : memref<4xi64>)
  %c = memref.alloc() : memref<4xi64>
  linalg.add ins(%b, %b : memref<4xi64>, memref<4xi64>) outs(%c : memref<4xi64>)
  %d = memref.alloc() : memref<4xi64>
  memref.copy %c, %d : memref<4xi64> to memref<4xi64>
  %cast = memref.cast %d : memref<4xi64> to memref<*xi64>
  func.call @printMemrefI64(%cast) : (memref<*xi64>) -> ()
  return
}

// -----

// temp-loop-4: a loop of 4 trips with a fixed-size temporary per trip. With reuse, it
// allocates as often as temp-loop-64 does.
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
    %s = arith.addi %acc, %v : i64
    scf.yield %s : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// double-buffer: each trip computes a new buffer from the previous one.
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
    scf.yield %next : memref<32xi64>
  }
  %x = memref.load %r[%c0] : memref<32xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
