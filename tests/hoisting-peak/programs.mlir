// RUN: dealloc-opt %s --buffer-deallocation-pipeline=hoist=true --split-input-file

// Programs where hoisting can raise the heap peak, and one where it only helps. The
// `hoisting_peak` test of `pipeline` runs each through the ownership-based pipeline alone,
// with upstream's hoisting before it, and with the peak-safe hoisting of this RUN line, and
// compares the interpreter's heap peak and allocation counts.

// A loop that grows a buffer with `memref.realloc` and uses an 8 KiB temporary on each trip:
// hoisting the temporary keeps it alive while each realloc holds the old and the new buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc(%c1024) : memref<?xi64>
  memref.store %one, %init[%c0] : memref<?xi64>
  %grown = scf.for %i = %c0 to %c4 step %c1 iter_args(%buf = %init) -> (memref<?xi64>) {
    %t = memref.alloc() : memref<1024xi64>
    %v = memref.load %buf[%c0] : memref<?xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %t[%c0] : memref<1024xi64>
    %x = memref.load %t[%c0] : memref<1024xi64>
    %n = memref.dim %buf, %c0 : memref<?xi64>
    %m = arith.addi %n, %c1024 : index
    %new = memref.realloc %buf(%m) : memref<?xi64> to memref<?xi64>
    memref.store %x, %new[%c0] : memref<?xi64>
    scf.yield %new : memref<?xi64>
  }
  %r = memref.load %grown[%c0] : memref<?xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A recursive function with a temporary in a loop, calling itself after using it: hoisted out
// of the loop, every level of the recursion holds its temporary at once.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @depth_sum(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %zero : i64
  %r = scf.if %done -> (i64) {
    scf.yield %zero : i64
  } else {
    %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i64) {
      %t = memref.alloc() : memref<128xi64>
      memref.store %n, %t[%c0] : memref<128xi64>
      %v = memref.load %t[%c0] : memref<128xi64>
      %m = arith.subi %n, %one : i64
      %below = func.call @depth_sum(%m) : (i64) -> i64
      %a = arith.addi %acc, %v : i64
      %b = arith.addi %a, %below : i64
      scf.yield %b : i64
    }
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() {
  %n = arith.constant 4 : i64
  %r = func.call @depth_sum(%n) : (i64) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Both branches of a diamond allocate: hoisted to the entry block, both buffers are
// allocated before the branch.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @pick(%c: i1, %v: i64) -> i64 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^left, ^right
^left:
  %a = memref.alloc() : memref<512xi64>
  memref.store %v, %a[%c0] : memref<512xi64>
  cf.br ^join(%a : memref<512xi64>)
^right:
  %b = memref.alloc() : memref<512xi64>
  %w = arith.addi %v, %v : i64
  memref.store %w, %b[%c0] : memref<512xi64>
  cf.br ^join(%b : memref<512xi64>)
^join(%j: memref<512xi64>):
  %r = memref.load %j[%c0] : memref<512xi64>
  return %r : i64
}

func.func @main() {
  %t = arith.constant true
  %v = arith.constant 21 : i64
  %a = func.call @pick(%t, %v) : (i1, i64) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A loop whose only allocation is its temporary: hoisting it is safe, and the loop then
// allocates once instead of on every trip.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<2048xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %t[%i] : memref<2048xi64>
    %x = memref.load %t[%i] : memref<2048xi64>
    %a = arith.addi %acc, %x : i64
    scf.yield %a : i64
  }
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Two temporaries on every trip of an `scf.for`; the second is small. Hoisting it out of the
// loop would keep it alive across the first one's allocation on the next trip, so peak-safe
// hoisting leaves it. MLIR counts the loop as an automatic allocation scope and promotes it to
// the stack, but the lowering releases no stack buffer per trip: the stack grows by one buffer
// per trip (16 trips of 64 bytes here). Peak-safe promotion leaves it on the heap.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
    %big = memref.alloc() : memref<256xf32>
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %big[%i] : memref<256xf32>
    %v = memref.load %big[%i] : memref<256xf32>
    %t = memref.alloc() : memref<16xf32>
    memref.store %v, %t[%i] : memref<16xf32>
    %w = memref.load %t[%i] : memref<16xf32>
    %s = arith.addf %acc, %w : f32
    scf.yield %s : f32
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
