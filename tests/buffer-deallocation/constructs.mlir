// RUN: dealloc-opt %s --buffer-deallocation --split-input-file

// Issue 14, item 2 (the function ABI): a function returning its argument returns a clone (the
// caller owns what it gets back), and the caller frees what its calls return. MLIR 16 returns
// the argument itself, so the caller's free would release the caller's own buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @identity(%m: memref<2xi64>) -> memref<2xi64> {
  return %m : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %six = arith.constant 6 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %six, %a[%c0] : memref<2xi64>
  %b = func.call @identity(%a) : (memref<2xi64>) -> memref<2xi64>
  %v = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Item 6: several returns of different buffers (MLIR 16 crashes here). Each return hands back
// a clone; the buffer not returned on a path is freed on it (frees at the ends of the live
// range, as no block post-dominates both returns).
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @pick(%c: i1) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  memref.store %two, %b[%c0] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<2xi64>
^bb2:
  return %b : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %x = func.call @pick(%t) : (i1) -> memref<2xi64>
  %y = func.call @pick(%f) : (i1) -> memref<2xi64>
  %vx = memref.load %x[%c0] : memref<2xi64>
  %vy = memref.load %y[%c0] : memref<2xi64>
  func.call @printI64(%vx) : (i64) -> ()
  func.call @printI64(%vy) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A diamond whose join reads both buffers (MLIR 16 frees one before the join reads it): both
// are allocated before the branch, so the join's argument is an alias of each and needs no
// clone; both are freed after the join's last use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  memref.store %two, %b[%c0] : memref<2xi64>
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : memref<2xi64>)
^bb2:
  cf.br ^bb3(%b : memref<2xi64>)
^bb3(%j: memref<2xi64>):
  %x = memref.load %j[%c0] : memref<2xi64>
  %y = memref.load %a[%c0] : memref<2xi64>
  %z = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// An arith.select of two buffers is an alias of both: no clone, both freed after its last use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %f = arith.constant false
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  memref.store %two, %b[%c0] : memref<2xi64>
  %s = arith.select %f, %a, %b : memref<2xi64>
  memref.store %one, %s[%c0] : memref<2xi64>
  %x = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Item 5: an unstructured loop (MLIR rejects it) rotating two buffers through its header: the
// header's arguments receive fresh buffers on the back edge, so they are critical; each trip's
// buffers are freed after their last use, the last ones on the exit edge.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %a0 = memref.alloc() : memref<2xi64>
  %b0 = memref.alloc() : memref<2xi64>
  memref.store %one, %a0[%c0] : memref<2xi64>
  memref.store %one, %b0[%c0] : memref<2xi64>
  cf.br ^header(%c0, %a0, %b0 : index, memref<2xi64>, memref<2xi64>)
^header(%i: index, %a: memref<2xi64>, %b: memref<2xi64>):
  %more = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %n = memref.alloc() : memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  %y = memref.load %b[%c0] : memref<2xi64>
  %s = arith.addi %x, %y : i64
  memref.store %s, %n[%c0] : memref<2xi64>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %b, %n : index, memref<2xi64>, memref<2xi64>)
^exit:
  %r = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Item 6: an unreachable block (nothing placed in it) and a multi-block function with nested
// regions (an scf.if whose branch allocates, inside a branch of the CFG).
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @nested(%c: i1, %d: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %r = scf.if %d -> (memref<2xi64>) {
    %b = memref.alloc() : memref<2xi64>
    memref.store %two, %b[%c0] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  } else {
    scf.yield %a : memref<2xi64>
  }
  %v = memref.load %r[%c0] : memref<2xi64>
  cf.br ^bb3(%v : i64)
^bb2:
  cf.br ^bb3(%one : i64)
^dead:
  %z = memref.alloc() : memref<2xi64>
  cf.br ^bb3(%two : i64)
^bb3(%out: i64):
  return %out : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = func.call @nested(%t, %t) : (i1, i1) -> i64
  %y = func.call @nested(%t, %f) : (i1, i1) -> i64
  %z = func.call @nested(%f, %f) : (i1, i1) -> i64
  func.call @printI64(%x) : (i64) -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Existing frees are moved: the program frees %a in both branches of an scf.if; the pass
// erases them and frees %a once, after its last use. Stack buffers stay as they are.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %t = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %s = memref.alloca() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  memref.store %one, %s[%c0] : memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  scf.if %t {
    memref.dealloc %a : memref<2xi64>
  } else {
    memref.dealloc %a : memref<2xi64>
  }
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A loop rotating two buffers allocated before it (scf.for): the iteration arguments are
// aliases of both, so no trip copies anything; both are freed after the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  memref.store %one, %b[%c0] : memref<2xi64>
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xi64>, memref<2xi64>) {
    %u = memref.load %x[%c0] : memref<2xi64>
    %w = memref.load %y[%c0] : memref<2xi64>
    %s = arith.addi %u, %w : i64
    memref.store %s, %x[%c0] : memref<2xi64>
    scf.yield %y, %x : memref<2xi64>, memref<2xi64>
  }
  %v = memref.load %r#0[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
