// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// Hoisting out of loops and other region ops, positive and negative cases.

// Nested loops with constant bounds: the temporary bubbles out of both.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %inner = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (i64) {
      %t = memref.alloc() : memref<8xi64>
      memref.store %a, %t[%c0] : memref<8xi64>
      %v = memref.load %t[%c0] : memref<8xi64>
      %w = arith.addi %v, %one : i64
      memref.dealloc %t : memref<8xi64>
      scf.yield %w : i64
    }
    scf.yield %inner : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The trip count is not known: the loop may run zero times, and a hoisted buffer would then
// be allocated for nothing. The loop goes under an scf.if on its bounds and the buffer leaves
// the loop only (both ways are run).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @count(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<8xi64>
    memref.store %acc, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    %w = arith.addi %v, %one : i64
    memref.dealloc %t : memref<8xi64>
    scf.yield %w : i64
  }
  return %sum : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = func.call @count(%c3) : (index) -> i64
  %z = func.call @count(%c0) : (index) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Two temporaries of different types one after the other: hoisting both would hold both at
// once where the loop held one at a time. Not hoisted.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<8xi64>
    memref.store %acc, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
    %u = memref.alloc() : memref<16xi64>
    memref.store %v, %u[%c0] : memref<16xi64>
    %x = memref.load %u[%c0] : memref<16xi64>
    memref.dealloc %u : memref<16xi64>
    %w = arith.addi %x, %x : i64
    scf.yield %w : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Two temporaries live at the same time: both move out, one inside the other's life.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<8xi64>
    %u = memref.alloc() : memref<16xi64>
    memref.store %acc, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.store %v, %u[%c0] : memref<16xi64>
    %x = memref.load %u[%c0] : memref<16xi64>
    memref.dealloc %u : memref<16xi64>
    memref.dealloc %t : memref<8xi64>
    %w = arith.addi %x, %x : i64
    scf.yield %w : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A call in the loop, outside the temporary's life, may allocate: not hoisted.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<8xi64>
    memref.store %acc, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
    func.call @printI64(%v) : (i64) -> ()
    %w = arith.addi %v, %v : i64
    scf.yield %w : i64
  }
  func.call @printNewline() : () -> ()
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A while loop: its condition region runs at least once, so its temporary moves out; the
// body's temporary of the same type takes the same buffer. A body temporary of another type
// would stay (the body may run zero times).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %five = arith.constant 5 : i64
  %r = scf.while (%n = %zero) : (i64) -> i64 {
    %t = memref.alloc() : memref<8xi64>
    memref.store %n, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
    %go = arith.cmpi slt, %v, %five : i64
    scf.condition(%go) %v : i64
  } do {
  ^bb0(%m: i64):
    %u = memref.alloc() : memref<8xi64>
    memref.store %m, %u[%c0] : memref<8xi64>
    %x = memref.load %u[%c0] : memref<8xi64>
    memref.dealloc %u : memref<8xi64>
    %y = arith.addi %x, %one : i64
    scf.yield %y : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A while loop whose temporary is in the body only: the body may run zero times. Not hoisted.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %five = arith.constant 5 : i64
  %r = scf.while (%n = %zero) : (i64) -> i64 {
    %go = arith.cmpi slt, %n, %five : i64
    scf.condition(%go) %n : i64
  } do {
  ^bb0(%m: i64):
    %u = memref.alloc() : memref<8xi64>
    memref.store %m, %u[%c0] : memref<8xi64>
    %x = memref.load %u[%c0] : memref<8xi64>
    memref.dealloc %u : memref<8xi64>
    %y = arith.addi %x, %one : i64
    scf.yield %y : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Both branches of an scf.if use a temporary of the same type: whichever runs allocates it,
// so it moves out and both share it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @pick(%c: i1, %x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (i64) {
    %t = memref.alloc() : memref<8xi64>
    memref.store %x, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
    scf.yield %v : i64
  } else {
    %u = memref.alloc() : memref<8xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %u[%c0] : memref<8xi64>
    %v = memref.load %u[%c0] : memref<8xi64>
    memref.dealloc %u : memref<8xi64>
    scf.yield %v : i64
  }
  return %r : i64
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %x = arith.constant 21 : i64
  %a = func.call @pick(%true, %x) : (i1, i64) -> i64
  %b = func.call @pick(%false, %x) : (i1, i64) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Only one branch allocates: when the other runs, a hoisted buffer would be extra. Not
// hoisted.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @pick(%c: i1, %x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (i64) {
    %t = memref.alloc() : memref<8xi64>
    memref.store %x, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
    scf.yield %v : i64
  } else {
    scf.yield %x : i64
  }
  return %r : i64
}

func.func @main() {
  %true = arith.constant true
  %x = arith.constant 21 : i64
  %a = func.call @pick(%true, %x) : (i1, i64) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Reuse across scopes: a loop whose body has an scf.if with a temporary in each branch and a
// temporary of its own, all of one type. The branches' buffer leaves the scf.if, the body's
// temporary reuses it, and the one buffer leaves the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> (i64) {
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %r = scf.if %even -> (i64) {
      %t = memref.alloc() : memref<f32>
      %f = arith.uitofp %acc : i64 to f32
      memref.store %f, %t[] : memref<f32>
      %g = memref.load %t[] : memref<f32>
      %v = arith.fptoui %g : f32 to i64
      memref.dealloc %t : memref<f32>
      scf.yield %v : i64
    } else {
      %u = memref.alloc() : memref<f32>
      %f = arith.uitofp %acc : i64 to f32
      %f2 = arith.addf %f, %f : f32
      memref.store %f2, %u[] : memref<f32>
      %g = memref.load %u[] : memref<f32>
      %v = arith.fptoui %g : f32 to i64
      memref.dealloc %u : memref<f32>
      scf.yield %v : i64
    }
    %s = memref.alloc() : memref<f32>
    %h = arith.uitofp %r : i64 to f32
    %one = arith.constant 1.0 : f32
    %h1 = arith.addf %h, %one : f32
    memref.store %h1, %s[] : memref<f32>
    %k = memref.load %s[] : memref<f32>
    %w = arith.fptoui %k : f32 to i64
    memref.dealloc %s : memref<f32>
    scf.yield %w : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A parallel loop: every instance needs its own buffer. Not hoisted.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = memref.alloc() : memref<4xi64>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloc() : memref<8xi64>
    %x = arith.index_cast %i : index to i64
    memref.store %x, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.store %v, %out[%i] : memref<4xi64>
    memref.dealloc %t : memref<8xi64>
    scf.reduce
  }
  %r = memref.load %out[%c1] : memref<4xi64>
  memref.dealloc %out : memref<4xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
