// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Issue 13 item 4: a buffer the pipeline frees unconditionally is freed right after its last
// use (here: %a before %b is allocated), not at the end of the block.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %i3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i3, %a[%c0] : memref<8xi64>
  %x = memref.load %a[%c0] : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %x, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A view keeps its buffer alive: %a is freed after the last load through %v, not after the
// last direct use of %a.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c1] : memref<8xi64>
  %v = memref.subview %a[1][4][1] : memref<8xi64> to memref<4xi64, strided<[1], offset: 1>>
  %b = memref.alloc() : memref<8xi64>
  %x = memref.load %v[%c0] : memref<4xi64, strided<[1], offset: 1>>
  memref.store %x, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Across blocks: %a dies in the entry block and neither successor takes it, so it is freed
// once, unconditionally, right after its last use (not once per edge under the branch
// condition), before either successor allocates its own buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %i2 = arith.constant 2 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i2, %a[%c0] : memref<8xi64>
  %x = memref.load %a[%c0] : memref<8xi64>
  %cond = arith.cmpi sgt, %x, %i2 : i64
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<8xi64>
  memref.store %x, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  cf.br ^bb3
^bb2:
  %c = memref.alloc() : memref<8xi64>
  memref.store %x, %c[%c0] : memref<8xi64>
  %z = memref.load %c[%c0] : memref<8xi64>
  func.call @printI64(%z) : (i64) -> ()
  cf.br ^bb3
^bb3:
  func.call @printNewline() : () -> ()
  return
}

// -----

// Issue 13 item 4b: the loop takes over its initial buffer (nothing uses it after the loop),
// so it frees it on the first trip and holds two buffers at a time, not three.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<16xi64>) {
    %next = memref.alloc() : memref<16xi64>
    %v = memref.load %buf[%c0] : memref<16xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next : memref<16xi64>
  }
  %x = memref.load %r[%c0] : memref<16xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The same with scf.while.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %limit = arith.constant 100 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %r = scf.while (%buf = %init) : (memref<16xi64>) -> memref<16xi64> {
    %v = memref.load %buf[%c0] : memref<16xi64>
    %more = arith.cmpi slt, %v, %limit : i64
    scf.condition(%more) %buf : memref<16xi64>
  } do {
  ^bb0(%buf: memref<16xi64>):
    %next = memref.alloc() : memref<16xi64>
    %v = memref.load %buf[%c0] : memref<16xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next : memref<16xi64>
  }
  %x = memref.load %r[%c0] : memref<16xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: the initial buffer is read after the loop, so the block keeps owning it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<16xi64>) {
    %next = memref.alloc() : memref<16xi64>
    %v = memref.load %buf[%c0] : memref<16xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next : memref<16xi64>
  }
  %x = memref.load %r[%c0] : memref<16xi64>
  %y = memref.load %init[%c0] : memref<16xi64>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: a view of the initial buffer is read after the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %view = memref.subview %init[0][8][1] : memref<16xi64> to memref<8xi64, strided<[1]>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<16xi64>) {
    %next = memref.alloc() : memref<16xi64>
    %v = memref.load %buf[%c0] : memref<16xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next : memref<16xi64>
  }
  %x = memref.load %r[%c0] : memref<16xi64>
  %y = memref.load %view[%c0] : memref<8xi64, strided<[1]>>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: the loop body reads the initial buffer directly, on every trip.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<16xi64>) {
    %next = memref.alloc() : memref<16xi64>
    %v = memref.load %buf[%c0] : memref<16xi64>
    %u = memref.load %init[%c0] : memref<16xi64>
    %w = arith.addi %v, %u : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next : memref<16xi64>
  }
  %x = memref.load %r[%c0] : memref<16xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: the same buffer enters the loop twice.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<16xi64>
  memref.store %one, %init[%c0] : memref<16xi64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %init, %q = %init) -> (memref<16xi64>, memref<16xi64>) {
    %next = memref.alloc() : memref<16xi64>
    %v = memref.load %p[%c0] : memref<16xi64>
    %u = memref.load %q[%c0] : memref<16xi64>
    %w = arith.addi %v, %u : i64
    memref.store %w, %next[%c0] : memref<16xi64>
    scf.yield %next, %p : memref<16xi64>, memref<16xi64>
  }
  %x = memref.load %r#0[%c0] : memref<16xi64>
  %y = memref.load %r#1[%c0] : memref<16xi64>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Issue 13 item 5: the copy of a returned view with a static offset is an allocation,
// reinterpret_cast and memref.copy, which mlir-opt-22 --convert-bufferization-to-memref lowers
// (it cannot lower a bufferization.clone of that type).
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @tail(%m: memref<4xi64>) -> memref<2xi64, strided<[1], offset: 2>> {
  %v = memref.subview %m[2][2][1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  return %v : memref<2xi64, strided<[1], offset: 2>>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i7 = arith.constant 7 : i64
  %i9 = arith.constant 9 : i64
  %m = memref.alloc() : memref<4xi64>
  memref.store %i7, %m[%c2] : memref<4xi64>
  memref.store %i9, %m[%c3] : memref<4xi64>
  %t = func.call @tail(%m) : (memref<4xi64>) -> memref<2xi64, strided<[1], offset: 2>>
  %x = memref.load %t[%c1] : memref<2xi64, strided<[1], offset: 2>>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A buffer passed to a function whose result is always a buffer it allocates is freed right
// after the call (the callee's summary, `analysis::returns`), not after the result's last
// use: %a before %b is allocated. @pick returns its argument only as a clone (the ownership
// pass clones what a function does not own, and the summary reads through that guard), so %c
// goes right after its call too.
func.func private @printI64(i64)

func.func private @doubled(%m: memref<4xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %m[%i] : memref<4xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %r[%i] : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func private @pick(%m: memref<4xi64>, %fresh: i1) -> memref<4xi64> {
  %r = scf.if %fresh -> memref<4xi64> {
    %n = func.call @doubled(%m) : (memref<4xi64>) -> memref<4xi64>
    scf.yield %n : memref<4xi64>
  } else {
    scf.yield %m : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %false = arith.constant false
  %a = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%i] : memref<4xi64>
  }
  %d = func.call @doubled(%a) : (memref<4xi64>) -> memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.copy %d, %b : memref<4xi64> to memref<4xi64>
  %x = memref.load %b[%c1] : memref<4xi64>
  func.call @printI64(%x) : (i64) -> ()
  %c = memref.alloc() : memref<4xi64>
  memref.copy %d, %c : memref<4xi64> to memref<4xi64>
  %p = func.call @pick(%c, %false) : (memref<4xi64>, i1) -> memref<4xi64>
  %y = memref.load %p[%c1] : memref<4xi64>
  func.call @printI64(%y) : (i64) -> ()
  return
}

// -----

// The view flow joins a loop's new buffer with the one it frees, and its stack init with the
// heap buffers of later trips. Neither stops a free: the previous trip's buffer is freed right
// after its last read, before the loop's new buffer is written, and the last one right after
// the loop, before the stack buffer's last use. A guarded free only frees an owned, hence heap,
// buffer, and a buffer allocated in the block after the freed one was already there differs
// from it.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i7 = arith.constant 7 : i64
  %s = memref.alloca() : memref<2xi64>
  memref.store %i7, %s[%c0] : memref<2xi64>
  memref.store %i7, %s[%c1] : memref<2xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%b = %s) -> (memref<2xi64>) {
    %x = memref.load %b[%c1] : memref<2xi64>
    func.call @printI64(%x) : (i64) -> ()
    %n = memref.alloc() : memref<2xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %n[%c0] : memref<2xi64>
    memref.store %y, %n[%c1] : memref<2xi64>
    scf.yield %n : memref<2xi64>
  }
  %big = memref.alloc() : memref<16xi64>
  memref.store %i7, %big[%c0] : memref<16xi64>
  %z = memref.load %big[%c0] : memref<16xi64>
  func.call @printI64(%z) : (i64) -> ()
  %w = memref.load %s[%c0] : memref<2xi64>
  func.call @printI64(%w) : (i64) -> ()
  return
}

// -----

// Frees pushed into branches (issue 13): %a is last used in the then region and dead after the
// scf.if; it is freed there right after its last load (before the then region allocates) and
// at the start of the else region (before the else region allocates), not after the scf.if.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i2, %a[%c0] : memref<8xi64>
  %n = memref.load %a[%c0] : memref<8xi64>
  %cond = arith.cmpi slt, %n, %i7 : i64
  scf.if %cond {
    %x = memref.load %a[%c0] : memref<8xi64>
    %c = memref.alloc() : memref<16xi64>
    memref.store %x, %c[%c0] : memref<16xi64>
    %z = memref.load %c[%c0] : memref<16xi64>
    func.call @printI64(%z) : (i64) -> ()
    memref.dealloc %c : memref<16xi64>
  } else {
    %d = memref.alloc() : memref<32xi64>
    memref.store %i7, %d[%c0] : memref<32xi64>
    %z = memref.load %d[%c0] : memref<32xi64>
    func.call @printI64(%z) : (i64) -> ()
    memref.dealloc %d : memref<32xi64>
  }
  %b = memref.alloc() : memref<8xi64>
  memref.store %i7, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The same with no else region: one is created to free %a on the path that skips the then
// region. The buffer comes from a callee (a copy of an argument), so it is freed through its
// base buffer, whose `memref.extract_strided_metadata` moves to right before the scf.if.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @pick(%p: memref<8xi64>, %q: memref<8xi64>, %k: i1) -> memref<8xi64> {
  %r = arith.select %k, %p, %q : memref<8xi64>
  return %r : memref<8xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %true = arith.constant true
  %a = memref.alloc() : memref<8xi64>
  %a2 = memref.alloc() : memref<8xi64>
  memref.store %i2, %a[%c0] : memref<8xi64>
  memref.store %i7, %a2[%c0] : memref<8xi64>
  %p = func.call @pick(%a, %a2, %true) : (memref<8xi64>, memref<8xi64>, i1) -> memref<8xi64>
  %n = memref.load %p[%c0] : memref<8xi64>
  %cond = arith.cmpi slt, %n, %i7 : i64
  scf.if %cond {
    %x = memref.load %p[%c0] : memref<8xi64>
    %c = memref.alloc() : memref<16xi64>
    memref.store %x, %c[%c0] : memref<16xi64>
    %z = memref.load %c[%c0] : memref<16xi64>
    func.call @printI64(%z) : (i64) -> ()
    memref.dealloc %c : memref<16xi64>
  }
  %b = memref.alloc() : memref<8xi64>
  memref.store %i7, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A free is not pushed into branches that allocate nothing after their last use of the buffer:
// %a is last read in both regions of the scf.if, which then only print (calls to functions
// without a body that take no buffer cannot give the program one), so one free right after
// the scf.if frees it as early, for the peak, as a copy in each region would.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i2, %a[%c0] : memref<8xi64>
  memref.store %i7, %a[%c1] : memref<8xi64>
  %n = memref.load %a[%c0] : memref<8xi64>
  %cond = arith.cmpi slt, %n, %i7 : i64
  scf.if %cond {
    %x = memref.load %a[%c0] : memref<8xi64>
    func.call @printI64(%x) : (i64) -> ()
    func.call @printNewline() : () -> ()
  } else {
    %y = memref.load %a[%c1] : memref<8xi64>
    func.call @printI64(%y) : (i64) -> ()
  }
  %b = memref.alloc() : memref<8xi64>
  memref.store %i7, %b[%c0] : memref<8xi64>
  %z = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The same, but the then region calls a function with a body after its last read of %a: it
// may allocate, so the free goes into both regions (right after the read in the then region,
// after the last read in the else region).
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @scratch(%k: i64) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<64xi64>
  memref.store %k, %t[%c0] : memref<64xi64>
  %v = memref.load %t[%c0] : memref<64xi64>
  func.call @printI64(%v) : (i64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i2, %a[%c0] : memref<8xi64>
  memref.store %i7, %a[%c1] : memref<8xi64>
  %n = memref.load %a[%c0] : memref<8xi64>
  %cond = arith.cmpi slt, %n, %i7 : i64
  scf.if %cond {
    %x = memref.load %a[%c0] : memref<8xi64>
    func.call @scratch(%x) : (i64) -> ()
  } else {
    %y = memref.load %a[%c1] : memref<8xi64>
    func.call @printI64(%y) : (i64) -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer into an scf.while whose after region passes back only %outer, defined before the
// loop, while its condition forwards only a buffer the loop allocates: the after region owns
// just that new buffer, so the argument would be owned on the first trip only, under a runtime
// guard in the before region. The block frees %init right after the loop instead, as
// mlir-opt-22 does, with no guard.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %seven = arith.constant 7 : i64
  %outer = memref.alloc() : memref<4xi64>
  memref.store %seven, %outer[%c0] : memref<4xi64>
  %init = memref.alloc() : memref<4xi64>
  memref.store %one, %init[%c0] : memref<4xi64>
  %r:2 = scf.while (%buf = %init, %k = %zero) : (memref<4xi64>, i64) -> (memref<4xi64>, i64) {
    %v = memref.load %buf[%c0] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    %fresh = memref.alloc() : memref<4xi64>
    memref.store %k, %fresh[%c0] : memref<4xi64>
    %more = arith.cmpi slt, %k, %three : i64
    scf.condition(%more) %fresh, %k : memref<4xi64>, i64
  } do {
  ^bb0(%f: memref<4xi64>, %k2: i64):
    %x = memref.load %f[%c0] : memref<4xi64>
    func.call @printI64(%x) : (i64) -> ()
    %k3 = arith.addi %k2, %one : i64
    scf.yield %outer, %k3 : memref<4xi64>, i64
  }
  func.call @printNewline() : () -> ()
  %w = memref.load %outer[%c0] : memref<4xi64>
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// An scf.for passing back %outer, defined before it, still takes over %init: on later trips
// its argument is %outer itself, so whether the body owns what it holds is decided at runtime
// whatever the loop receives first, and the transfer frees %init on the first trip at no cost
// (mlir-opt-22 frees it after the loop, through its generic helper).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %seven = arith.constant 7 : i64
  %outer = memref.alloc() : memref<4xi64>
  memref.store %seven, %outer[%c0] : memref<4xi64>
  %init = memref.alloc() : memref<4xi64>
  memref.store %one, %init[%c0] : memref<4xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%buf = %init) -> (memref<4xi64>) {
    %v = memref.load %buf[%c0] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    scf.yield %outer : memref<4xi64>
  }
  func.call @printNewline() : () -> ()
  %w = memref.load %outer[%c0] : memref<4xi64>
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A free on a runtime condition (%a is owned only when the first scf.if allocated it, not when
// it is the global) is not pushed into the branches of the scf.if where %a is last used: each
// copy would check the condition again. It stays right after that scf.if, one check, before
// %b is allocated.
func.func private @printI64(i64)
func.func private @printNewline()
memref.global "private" constant @seven : memref<8xi64> = dense<7>

func.func @main() {
  %c0 = arith.constant 0 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %g = memref.get_global @seven : memref<8xi64>
  %k = memref.load %g[%c0] : memref<8xi64>
  %pick = arith.cmpi sgt, %k, %i2 : i64
  %a = scf.if %pick -> (memref<8xi64>) {
    %fresh = memref.alloc() : memref<8xi64>
    memref.store %i2, %fresh[%c0] : memref<8xi64>
    scf.yield %fresh : memref<8xi64>
  } else {
    scf.yield %g : memref<8xi64>
  }
  %n = memref.load %a[%c0] : memref<8xi64>
  %cond = arith.cmpi slt, %n, %i7 : i64
  scf.if %cond {
    %x = memref.load %a[%c0] : memref<8xi64>
    %c = memref.alloc() : memref<16xi64>
    memref.store %x, %c[%c0] : memref<16xi64>
    %z = memref.load %c[%c0] : memref<16xi64>
    func.call @printI64(%z) : (i64) -> ()
  } else {
    %d = memref.alloc() : memref<32xi64>
    memref.store %i7, %d[%c0] : memref<32xi64>
    %z = memref.load %d[%c0] : memref<32xi64>
    func.call @printI64(%z) : (i64) -> ()
  }
  %b = memref.alloc() : memref<8xi64>
  memref.store %i7, %b[%c0] : memref<8xi64>
  %y = memref.load %b[%c0] : memref<8xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Both branches of the first scf.if allocate %a, so the flag saying whether %a is owned is
// `true` on every path: the free is unconditional although, when the frees are placed, the flag
// is still a result of the scf.if (canonicalize folds it later). It goes into both regions of
// the second scf.if, before each allocates.
func.func private @printI64(i64)
func.func private @printNewline()
memref.global "private" constant @seven : memref<8xi64> = dense<7>

func.func @main() {
  %c0 = arith.constant 0 : index
  %i2 = arith.constant 2 : i64
  %i7 = arith.constant 7 : i64
  %g = memref.get_global @seven : memref<8xi64>
  %k = memref.load %g[%c0] : memref<8xi64>
  %pick = arith.cmpi sgt, %k, %i2 : i64
  %a = scf.if %pick -> (memref<8xi64>) {
    %x = memref.alloc() : memref<8xi64>
    memref.store %i2, %x[%c0] : memref<8xi64>
    scf.yield %x : memref<8xi64>
  } else {
    %y = memref.alloc() : memref<8xi64>
    memref.store %i7, %y[%c0] : memref<8xi64>
    scf.yield %y : memref<8xi64>
  }
  %n = memref.load %a[%c0] : memref<8xi64>
  %cond = arith.cmpi slt, %n, %i7 : i64
  scf.if %cond {
    %x = memref.load %a[%c0] : memref<8xi64>
    %c = memref.alloc() : memref<16xi64>
    memref.store %x, %c[%c0] : memref<16xi64>
    %z = memref.load %c[%c0] : memref<16xi64>
    func.call @printI64(%z) : (i64) -> ()
  } else {
    %d = memref.alloc() : memref<32xi64>
    memref.store %i7, %d[%c0] : memref<32xi64>
    %z = memref.load %d[%c0] : memref<32xi64>
    func.call @printI64(%z) : (i64) -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer either when the after region passes back a stack buffer its condition forwarded:
// the loop never owns %scratch, so %init would be owned on the first trip only. %init is freed
// right after the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %init = memref.alloc() : memref<4xi64>
  memref.store %one, %init[%c0] : memref<4xi64>
  %r:2 = scf.while (%buf = %init, %k = %zero) : (memref<4xi64>, i64) -> (memref<4xi64>, i64) {
    %v = memref.load %buf[%c0] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    %scratch = memref.alloca() : memref<4xi64>
    memref.store %k, %scratch[%c0] : memref<4xi64>
    %more = arith.cmpi slt, %k, %three : i64
    scf.condition(%more) %scratch, %k : memref<4xi64>, i64
  } do {
  ^bb0(%s: memref<4xi64>, %k2: i64):
    %k3 = arith.addi %k2, %one : i64
    scf.yield %s, %k3 : memref<4xi64>, i64
  }
  func.call @printNewline() : () -> ()
  return
}

// -----

// Two buffers a switch returns, owned on the same cases (allocated in cases 0 and default, on
// the stack in case 1): canonicalize gives them one ownership flag, and their frees share one
// scf.if, as in mlir-opt-22 (seed 1007989 of the differential fuzz had two).
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %i7 = arith.constant 7 : i64
  %m = memref.alloca() : memref<1xindex>
  memref.store %c2, %m[%c0] : memref<1xindex>
  %k = memref.load %m[%c0] : memref<1xindex>
  %r:2 = scf.index_switch %k -> memref<2xi64>, memref<2xi64>
  case 0 {
    %s = memref.alloc() : memref<2xi64>
    %t = memref.alloc() : memref<2xi64>
    memref.store %i7, %s[%c0] : memref<2xi64>
    memref.store %i7, %t[%c0] : memref<2xi64>
    scf.yield %s, %t : memref<2xi64>, memref<2xi64>
  }
  case 1 {
    %s = memref.alloca() : memref<2xi64>
    %t = memref.alloca() : memref<2xi64>
    memref.store %i7, %s[%c0] : memref<2xi64>
    memref.store %i7, %t[%c0] : memref<2xi64>
    scf.yield %s, %t : memref<2xi64>, memref<2xi64>
  }
  default {
    %s = memref.alloc() : memref<2xi64>
    %t = memref.alloc() : memref<2xi64>
    memref.store %i7, %s[%c0] : memref<2xi64>
    memref.store %i7, %t[%c0] : memref<2xi64>
    scf.yield %s, %t : memref<2xi64>, memref<2xi64>
  }
  %x = memref.load %r#0[%c0] : memref<2xi64>
  %y = memref.load %r#1[%c0] : memref<2xi64>
  %z = arith.addi %x, %y : i64
  func.call @printI64(%z) : (i64) -> ()
  return
}

// -----

// Both memref results of a loop enter the next loop, and nothing uses them after it: the next
// loop takes over both ownerships (it frees them on its first trip), so the function's end
// frees only the last loop's results. The first loop passes back one buffer as both results,
// owned twice; @chain called with zero trips for the second loop hands its initial values on
// unchanged.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @chain(%n: index, %m: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c0] : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %one, %b[%c0] : memref<4xi64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (memref<4xi64>, memref<4xi64>) {
    %next = memref.alloc() : memref<4xi64>
    %v = memref.load %p[%c0] : memref<4xi64>
    %u = memref.load %q[%c0] : memref<4xi64>
    %w = arith.addi %v, %u : i64
    memref.store %w, %next[%c0] : memref<4xi64>
    scf.yield %next, %next : memref<4xi64>, memref<4xi64>
  }
  %s:3 = scf.while (%p = %r#0, %q = %r#1, %i = %c0) : (memref<4xi64>, memref<4xi64>, index) -> (memref<4xi64>, memref<4xi64>, index) {
    %more = arith.cmpi slt, %i, %m : index
    scf.condition(%more) %p, %q, %i : memref<4xi64>, memref<4xi64>, index
  } do {
  ^bb0(%p: memref<4xi64>, %q: memref<4xi64>, %i: index):
    %next = memref.alloc() : memref<4xi64>
    %v = memref.load %p[%c0] : memref<4xi64>
    %u = memref.load %q[%c0] : memref<4xi64>
    %w = arith.addi %v, %u : i64
    memref.store %w, %next[%c0] : memref<4xi64>
    %j = arith.addi %i, %c1 : index
    scf.yield %next, %p, %j : memref<4xi64>, memref<4xi64>, index
  }
  %x = memref.load %s#0[%c0] : memref<4xi64>
  %y = memref.load %s#1[%c0] : memref<4xi64>
  %sum = arith.addi %x, %y : i64
  return %sum : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %trips = func.call @chain(%c2, %c3) : (index, index) -> i64
  func.call @printI64(%trips) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %none = func.call @chain(%c2, %c0) : (index, index) -> i64
  func.call @printI64(%none) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %first = func.call @chain(%c0, %c2) : (index, index) -> i64
  func.call @printI64(%first) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// No transfer: one result of the first loop is read after the second, so neither enters it
// with its ownership (the block frees both, after the second loop).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c0] : memref<4xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %a, %q = %a) -> (memref<4xi64>, memref<4xi64>) {
    %next = memref.alloc() : memref<4xi64>
    %v = memref.load %p[%c0] : memref<4xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<4xi64>
    scf.yield %next, %p : memref<4xi64>, memref<4xi64>
  }
  %s:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %r#0, %q = %r#1) -> (memref<4xi64>, memref<4xi64>) {
    %next = memref.alloc() : memref<4xi64>
    %v = memref.load %p[%c0] : memref<4xi64>
    %u = memref.load %q[%c0] : memref<4xi64>
    %w = arith.addi %v, %u : i64
    memref.store %w, %next[%c0] : memref<4xi64>
    scf.yield %next, %p : memref<4xi64>, memref<4xi64>
  }
  %x = memref.load %s#0[%c0] : memref<4xi64>
  %y = memref.load %r#1[%c0] : memref<4xi64>
  %sum = arith.addi %x, %y : i64
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
