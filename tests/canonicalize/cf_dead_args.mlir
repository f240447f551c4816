// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// Block arguments nothing reads go, with the operands every branch passes for them (MLIR's
// region DCE): the buffer allocated only to be passed along is then dead too. Found by
// `fuzz --against-mlir-opt` (seed 1000084: two allocations more than mlir-opt-22).
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %t = arith.cmpi slt, %i3, %i4 : i64
  %u = func.call @pick(%t) : (i1) -> i64
  func.call @printI64(%u) : (i64) -> ()
  return
}
func.func private @pick(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %i6 = arith.constant 6 : i64
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xi64>
  memref.store %i5, %a[%c0] : memref<4xi64>
  func.call @printI64(%i5) : (i64) -> ()
  cf.br ^bb3(%a, %i5 : memref<4xi64>, i64)
^bb2:
  %b = memref.alloc() : memref<4xi64>
  memref.store %i6, %b[%c0] : memref<4xi64>
  func.call @printI64(%i6) : (i64) -> ()
  cf.br ^bb3(%b, %i6 : memref<4xi64>, i64)
^bb3(%m: memref<4xi64>, %v: i64):
  return %v : i64
}

// -----

// A chain: ^bb2's argument is only passed on to ^bb3's, which nothing reads.
func.func private @printI64(i64)
func.func @main() {
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %r = func.call @chain(%i1, %i2) : (i64, i64) -> i64
  func.call @printI64(%r) : (i64) -> ()
  return
}
func.func private @chain(%x: i64, %y: i64) -> i64 {
  %c = arith.cmpi slt, %x, %y : i64
  cf.cond_br %c, ^bb1, ^bb2(%y : i64)
^bb1:
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  cf.br ^bb2(%s : i64)
^bb2(%q: i64):
  %w = arith.muli %q, %q : i64
  func.call @printI64(%y) : (i64) -> ()
  cf.br ^bb3(%q : i64)
^bb3(%z: i64):
  func.call @printI64(%x) : (i64) -> ()
  return %x : i64
}
