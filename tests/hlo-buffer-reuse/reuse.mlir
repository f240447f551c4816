// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// Dealloc/alloc reuse, positive and negative cases. Each @main prints what it computed.

// A chain of same-size temporaries, each freed right after its last use: every allocation
// after the first takes the buffer freed just before it, so one buffer does it all.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  %b = memref.alloc() : memref<16xi64>
  %wa = arith.addi %va, %va : i64
  memref.store %wa, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  %c = memref.alloc() : memref<16xi64>
  %wb = arith.addi %vb, %vb : i64
  memref.store %wb, %c[%c0] : memref<16xi64>
  %vc = memref.load %c[%c0] : memref<16xi64>
  memref.dealloc %c : memref<16xi64>
  func.call @printI64(%vc) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Sizes differ: no reuse.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %va, %b[%c0] : memref<8xi64>
  %vb = memref.load %b[%c0] : memref<8xi64>
  memref.dealloc %b : memref<8xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// An allocation in between that is still live at the second allocation: the freed buffer
// may stay alive over it (the live buffers only grow until the reusing allocation), so it
// is reused.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  %t = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<16xi64>
  memref.store %va, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %t : memref<4xf32>
  memref.dealloc %b : memref<16xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// An allocation and a free in between: keeping %a alive over the temporary's life would
// hold three buffers where two sufficed. No reuse.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  %t = memref.alloc() : memref<32xi64>
  memref.store %va, %t[%c0] : memref<32xi64>
  %vt = memref.load %t[%c0] : memref<32xi64>
  memref.dealloc %t : memref<32xi64>
  %b = memref.alloc() : memref<16xi64>
  memref.store %vt, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Frees in between (and no allocation) are harmless: reused.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %t = memref.alloc() : memref<4xf32>
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  memref.dealloc %t : memref<4xf32>
  %b = memref.alloc() : memref<16xi64>
  memref.store %va, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A call in between may allocate and free: no reuse.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  func.call @printI64(%va) : (i64) -> ()
  %b = memref.alloc() : memref<16xi64>
  memref.store %va, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Dynamic sizes: the same size value is the same size (reused); another value is not.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %n = arith.constant 8 : index
  %m = arith.constant 9 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc(%n) : memref<?xi64>
  memref.store %one, %a[%c0] : memref<?xi64>
  %va = memref.load %a[%c0] : memref<?xi64>
  memref.dealloc %a : memref<?xi64>
  %b = memref.alloc(%n) : memref<?xi64>
  memref.store %va, %b[%c0] : memref<?xi64>
  %vb = memref.load %b[%c0] : memref<?xi64>
  memref.dealloc %b : memref<?xi64>
  %c = memref.alloc(%m) : memref<?xi64>
  memref.store %vb, %c[%c0] : memref<?xi64>
  %vc = memref.load %c[%c0] : memref<?xi64>
  memref.dealloc %c : memref<?xi64>
  func.call @printI64(%vc) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A buffer used through a view up to its free: the view is dead with it, and the next
// allocation takes the buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  %view = memref.subview %a[4] [4] [1] : memref<16xi64> to memref<4xi64, strided<[1], offset: 4>>
  memref.store %one, %view[%c0] : memref<4xi64, strided<[1], offset: 4>>
  %va = memref.load %view[%c0] : memref<4xi64, strided<[1], offset: 4>>
  memref.dealloc %a : memref<16xi64>
  %b = memref.alloc() : memref<16xi64>
  memref.store %va, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Alignment requests must agree: an aligned allocation does not take an unaligned buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xi64>
  memref.store %va, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  func.call @printI64(%vb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A loop's trip frees the buffer it received and allocates the next: the received buffer is
// handed on instead (reuse inside a region).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 5 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<16xi64>) {
    %v = memref.load %buf[%c0] : memref<16xi64>
    memref.dealloc %buf : memref<16xi64>
    %next = memref.alloc() : memref<16xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next : memref<16xi64>
  }
  %x = memref.load %r[%c0] : memref<16xi64>
  memref.dealloc %r : memref<16xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A free of a buffer through its base (as the ownership-based pipeline writes it): the type
// says `memref<i64>`, the buffer holds 1024 elements. Taking it for a later `memref<i64>`
// would keep the large buffer alive in the small one's place. No reuse.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %big = memref.alloc() : memref<1024xi64>
  memref.store %one, %big[%c0] : memref<1024xi64>
  %v = memref.load %big[%c0] : memref<1024xi64>
  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %big : memref<1024xi64> -> memref<i64>, index, index, index
  memref.dealloc %base : memref<i64>
  %small = memref.alloc() : memref<i64>
  memref.store %v, %small[] : memref<i64>
  %w = memref.load %small[] : memref<i64>
  memref.dealloc %small : memref<i64>
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
