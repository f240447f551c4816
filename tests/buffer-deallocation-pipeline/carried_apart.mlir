// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Buffers a loop or an `scf.if` receives that are apart on every path (`CarriedApart` in
// `simplify/src/carried_apart.rs`): the simplification proves it, so the lowering compares no
// addresses for them. Each chunk runs before and after the pipeline, in the interpreter and
// the JIT: a wrong proof frees a buffer still in use, or twice.

// Ping-pong: two fresh buffers swapped every trip. The loop passes their ownership flags
// along swapped; no address comparison is left in the loop.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %one, %b[%c0] : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%src = %a, %dst = %b) -> (memref<2xf32>, memref<2xf32>) {
    %x = memref.load %src[%c0] : memref<2xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %dst[%c0] : memref<2xf32>
    scf.yield %dst, %src : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Rotation: each trip allocates the next buffer and keeps the previous one, so the two
// buffers carried are apart (the new one is made while the other is live).
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %one, %b[%c0] : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%cur = %a, %prev = %b) -> (memref<2xf32>, memref<2xf32>) {
    %x = memref.load %cur[%c0] : memref<2xf32>
    %p = memref.load %prev[%c0] : memref<2xf32>
    %s = arith.addf %x, %p : f32
    %next = memref.alloc() : memref<2xf32>
    memref.store %s, %next[%c0] : memref<2xf32>
    scf.yield %next, %cur : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  %w = memref.load %r#1[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%w) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Rotation through nested `scf.while` loops: the inner loop starts from a buffer made in the
// outer body and the outer body's argument, and its results go back to the outer loop.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %half, %a[%c0] : memref<2xf32>
  memref.store %half, %b[%c0] : memref<2xf32>
  %w:3 = scf.while (%x = %a, %y = %b, %i = %c0) : (memref<2xf32>, memref<2xf32>, index) -> (memref<2xf32>, memref<2xf32>, index) {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %x, %y, %i : memref<2xf32>, memref<2xf32>, index
  } do {
  ^bb0(%x: memref<2xf32>, %y: memref<2xf32>, %i: index):
    %l = memref.load %x[%c0] : memref<2xf32>
    %f = arith.addf %l, %half : f32
    %n = memref.alloc() : memref<2xf32>
    memref.store %f, %n[%c0] : memref<2xf32>
    %in:3 = scf.while (%p = %n, %q = %y, %j = %c0) : (memref<2xf32>, memref<2xf32>, index) -> (memref<2xf32>, memref<2xf32>, index) {
      %more = arith.cmpi slt, %j, %c3 : index
      scf.condition(%more) %p, %q, %j : memref<2xf32>, memref<2xf32>, index
    } do {
    ^bb0(%p: memref<2xf32>, %q: memref<2xf32>, %j: index):
      %lp = memref.load %p[%c0] : memref<2xf32>
      %fp = arith.addf %lp, %half : f32
      %m = memref.alloc() : memref<2xf32>
      memref.store %fp, %m[%c0] : memref<2xf32>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %m, %p, %j1 : memref<2xf32>, memref<2xf32>, index
    }
    %i1 = arith.addi %i, %c1 : index
    scf.yield %in#0, %in#1, %i1 : memref<2xf32>, memref<2xf32>, index
  }
  %v = memref.load %w#0[%c0] : memref<2xf32>
  %u = memref.load %w#1[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%u) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Not apart: both buffers start as the same one, so the first trip must not free the one the
// loop keeps. The address comparisons stay.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %a, %prev = %a) -> (memref<2xf32>, memref<2xf32>) {
    %x = memref.load %cur[%c0] : memref<2xf32>
    %s = arith.addf %x, %x : f32
    %next = memref.alloc() : memref<2xf32>
    memref.store %s, %next[%c0] : memref<2xf32>
    scf.yield %next, %cur : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %r#1[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Not apart: a trip that takes the odd branch yields one buffer twice.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %one, %b[%c0] : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %prev = %b) -> (memref<2xf32>, memref<2xf32>) {
    %x = memref.load %cur[%c0] : memref<2xf32>
    %next = memref.alloc() : memref<2xf32>
    %s = arith.addf %x, %one : f32
    memref.store %s, %next[%c0] : memref<2xf32>
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi ne, %rem, %c0 : index
    %second = arith.select %odd, %next, %cur : memref<2xf32>
    scf.yield %next, %second : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  %w = memref.load %r#1[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%w) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// `scf.if` results: both branches yield two different fresh buffers (in either order), so the
// results are apart; freeing one never needs to look at the other.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %two, %b[%c0] : memref<2xf32>
  %x = memref.load %a[%c0] : memref<2xf32>
  %t = arith.cmpf olt, %x, %two : f32
  %r:2 = scf.if %t -> (memref<2xf32>, memref<2xf32>) {
    scf.yield %b, %a : memref<2xf32>, memref<2xf32>
  } else {
    scf.yield %a, %b : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  %w = memref.load %r#1[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%w) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Not apart: the `scf.if` taken yields one fresh buffer twice, owned in both positions, and
// the loop starts from those results. On the first trip `%y` is `%x`, which the loop keeps:
// freeing `%y` then would free a buffer still in use.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %probe = memref.alloc() : memref<2xf32>
  memref.store %one, %probe[%c0] : memref<2xf32>
  %pv = memref.load %probe[%c0] : memref<2xf32>
  %cond = arith.cmpf olt, %pv, %two : f32
  %r:2 = scf.if %cond -> (memref<2xf32>, memref<2xf32>) {
    %p = memref.alloc() : memref<2xf32>
    memref.store %one, %p[%c0] : memref<2xf32>
    scf.yield %p, %p : memref<2xf32>, memref<2xf32>
  } else {
    %q = memref.alloc() : memref<2xf32>
    %s = memref.alloc() : memref<2xf32>
    memref.store %one, %q[%c0] : memref<2xf32>
    memref.store %two, %s[%c0] : memref<2xf32>
    scf.yield %q, %s : memref<2xf32>, memref<2xf32>
  }
  %l:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %r#0, %y = %r#1) -> (memref<2xf32>, memref<2xf32>) {
    %lx = memref.load %x[%c0] : memref<2xf32>
    %ly = memref.load %y[%c0] : memref<2xf32>
    %sum = arith.addf %lx, %ly : f32
    %new = memref.alloc() : memref<2xf32>
    memref.store %sum, %new[%c0] : memref<2xf32>
    scf.yield %new, %x : memref<2xf32>, memref<2xf32>
  }
  %v = memref.load %l#0[%c0] : memref<2xf32>
  %w = memref.load %l#1[%c0] : memref<2xf32>
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%w) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}
