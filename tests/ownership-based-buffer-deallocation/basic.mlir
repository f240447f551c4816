// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

func.func private @printI64(i64)
func.func private @printNewline()

func.func @fill(%m: memref<4xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %m[%i] : memref<4xi64>
  }
  return
}

func.func @sum(%m: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> i64 {
    %x = memref.load %m[%i] : memref<4xi64>
    %n = arith.addi %acc, %x : i64
    scf.yield %n : i64
  }
  return %s : i64
}

// Straight-line code, a returned alloc and a returned argument (cloned).
func.func @make(%v: i64) -> memref<4xi64> {
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  func.call @fill(%a, %v) : (memref<4xi64>, i64) -> ()
  func.call @fill(%b, %v) : (memref<4xi64>, i64) -> ()
  return %a : memref<4xi64>
}

func.func @identity(%m: memref<4xi64>) -> memref<4xi64> {
  return %m : memref<4xi64>
}

func.func @main() {
  %c3 = arith.constant 3 : i64
  %m = func.call @make(%c3) : (i64) -> memref<4xi64>
  %s = func.call @sum(%m) : (memref<4xi64>) -> i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %i = func.call @identity(%m) : (memref<4xi64>) -> memref<4xi64>
  %s2 = func.call @sum(%i) : (memref<4xi64>) -> i64
  func.call @printI64(%s2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %st = memref.alloca() : memref<4xi64>
  func.call @fill(%st, %c3) : (memref<4xi64>, i64) -> ()
  %v = memref.subview %m[1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0] : memref<2xi64, strided<[1], offset: 1>>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

func.func private @printI64(i64)
func.func private @printNewline()

// cf.cond_br and cf.br forwarding allocations (the seed's diamond).
func.func @diamond(%c: i1) -> memref<2xi64> {
  %a = memref.alloc() : memref<2xi64>
  %k = arith.constant 7 : i64
  %c0 = arith.constant 0 : index
  memref.store %k, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2(%a : memref<2xi64>)
^bb1:
  %b = memref.alloc() : memref<2xi64>
  %k2 = arith.constant 9 : i64
  memref.store %k2, %b[%c0] : memref<2xi64>
  cf.br ^bb2(%b : memref<2xi64>)
^bb2(%r: memref<2xi64>):
  return %r : memref<2xi64>
}

// A value live across blocks without being forwarded.
func.func @live_across(%c: i1) -> i64 {
  %a = memref.alloc() : memref<2xi64>
  %c0 = arith.constant 0 : index
  %k = arith.constant 5 : i64
  memref.store %k, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = memref.load %a[%c0] : memref<2xi64>
  cf.br ^bb3(%x : i64)
^bb2:
  %t = memref.alloc() : memref<2xi64>
  memref.store %k, %t[%c0] : memref<2xi64>
  %y = memref.load %t[%c0] : memref<2xi64>
  %z = memref.load %a[%c0] : memref<2xi64>
  %w = arith.addi %y, %z : i64
  cf.br ^bb3(%w : i64)
^bb3(%r: i64):
  return %r : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %r1 = func.call @diamond(%t) : (i1) -> memref<2xi64>
  %r2 = func.call @diamond(%f) : (i1) -> memref<2xi64>
  %x1 = memref.load %r1[%c0] : memref<2xi64>
  %x2 = memref.load %r2[%c0] : memref<2xi64>
  func.call @printI64(%x1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%x2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %l1 = func.call @live_across(%t) : (i1) -> i64
  %l2 = func.call @live_across(%f) : (i1) -> i64
  func.call @printI64(%l1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%l2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A conditional branch whose successors take neither %a (it dies here) nor anything that may
// be %a: %a is freed once before the branch under its own indicator, not once per edge under
// the branch condition. %b goes to one successor only, so its frees stay split per edge.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @rung(%c: i1) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %k = arith.constant 3 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %x, %b[%c0] : memref<2xi64>
  cf.cond_br %c, ^next(%b : memref<2xi64>), ^exit
^next(%m: memref<2xi64>):
  return %m : memref<2xi64>
^exit:
  %e = memref.alloc() : memref<2xi64>
  memref.store %k, %e[%c0] : memref<2xi64>
  return %e : memref<2xi64>
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %r1 = func.call @rung(%t) : (i1) -> memref<2xi64>
  %r2 = func.call @rung(%f) : (i1) -> memref<2xi64>
  %x1 = memref.load %r1[%c0] : memref<2xi64>
  %x2 = memref.load %r2[%c0] : memref<2xi64>
  func.call @printI64(%x1) : (i64) -> ()
  func.call @printI64(%x2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %r1 : memref<2xi64>
  memref.dealloc %r2 : memref<2xi64>
  return
}
