// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Issue 13: ownership handed into a private callee. Every call of @consume passes a buffer the
// caller allocates and never uses again, so @consume owns its argument and frees it after its
// last load, before allocating its own buffer; @main does not free %a.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @consume(%m: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  %t = memref.alloc() : memref<64xi64>
  memref.store %x, %t[%c0] : memref<64xi64>
  %y = memref.load %t[%c0] : memref<64xi64>
  memref.dealloc %t : memref<64xi64>
  return %y : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  %r = func.call @consume(%a) : (memref<8xi64>) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Calls in a loop, through a cast, each trip allocating the buffer it passes: the callee owns
// it. The callee returns a fresh buffer, which the caller owns as before.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @grow(%m: memref<?xi64>) -> memref<16xi64> {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<?xi64>
  %t = memref.alloc() : memref<16xi64>
  memref.store %x, %t[%c0] : memref<16xi64>
  return %t : memref<16xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i4 = arith.constant 4 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.alloc() : memref<4xi64>
    memref.store %i4, %a[%c0] : memref<4xi64>
    %v = memref.cast %a : memref<4xi64> to memref<?xi64>
    %g = func.call @grow(%v) : (memref<?xi64>) -> memref<16xi64>
    %y = memref.load %g[%c0] : memref<16xi64>
    func.call @printI64(%y) : (i64) -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

// -----

// Not handed over: one call uses the buffer after the call, so no call hands it over (the
// callee cannot know which caller it serves); the caller frees both buffers.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @peek(%m: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  memref.store %i5, %b[%c0] : memref<8xi64>
  %r = func.call @peek(%a) : (memref<8xi64>) -> i64
  %s = func.call @peek(%b) : (memref<8xi64>) -> i64
  memref.store %s, %b[%c0] : memref<8xi64>
  %t = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printI64(%t) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Not handed over: the callee returns its argument, and a callee that is public (a caller
// outside the module may pass a buffer it keeps) owns nothing either.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @same(%m: memref<8xi64>) -> memref<8xi64> {
  return %m : memref<8xi64>
}

func.func @public_peek(%m: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  memref.store %i5, %b[%c0] : memref<8xi64>
  %s = func.call @same(%a) : (memref<8xi64>) -> memref<8xi64>
  %x = memref.load %s[%c0] : memref<8xi64>
  %y = func.call @public_peek(%b) : (memref<8xi64>) -> i64
  func.call @printI64(%x) : (i64) -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A callee with another memref argument beside the handed-over one, forwarded through blocks:
// the handed-over %m is a different buffer from %keep (the simplification knows it from the
// same analysis), so %m is freed after its last load, before the branch (under each
// successor's condition), with no pointer comparison, while %keep, used by @main after the
// call, stays the caller's.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @mix(%keep: memref<8xi64>, %m: memref<8xi64>, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  cf.cond_br %c, ^bb1(%keep : memref<8xi64>), ^bb2(%keep : memref<8xi64>)
^bb1(%k1: memref<8xi64>):
  %t = memref.alloc() : memref<64xi64>
  memref.store %x, %t[%c0] : memref<64xi64>
  %y = memref.load %t[%c0] : memref<64xi64>
  memref.dealloc %t : memref<64xi64>
  %z = memref.load %k1[%c0] : memref<8xi64>
  %s = arith.addi %y, %z : i64
  cf.br ^bb3(%s : i64)
^bb2(%k2: memref<8xi64>):
  %w = memref.load %k2[%c0] : memref<8xi64>
  cf.br ^bb3(%w : i64)
^bb3(%r: i64):
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %true = arith.constant true
  %keep = memref.alloc() : memref<8xi64>
  %a = memref.alloc() : memref<8xi64>
  memref.store %i3, %keep[%c0] : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  %r = func.call @mix(%keep, %a, %true) : (memref<8xi64>, memref<8xi64>, i1) -> i64
  %k = memref.load %keep[%c0] : memref<8xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printI64(%k) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
