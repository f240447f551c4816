// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline --split-input-file

// A buffer forwarded into a critical merge on one edge of a cf.cond_br only: its clone is made
// on that edge, so taking the other edge (which allocates and forwards its own buffer) leaves
// no clone behind to leak (found by running basic.mlir's diamond through the pipeline).
func.func private @printI64(i64)
func.func private @printNewline()

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

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %r1 = func.call @diamond(%t) : (i1) -> memref<2xi64>
  %r2 = func.call @diamond(%f) : (i1) -> memref<2xi64>
  %x1 = memref.load %r1[%c0] : memref<2xi64>
  %x2 = memref.load %r2[%c0] : memref<2xi64>
  memref.dealloc %r1 : memref<2xi64>
  memref.dealloc %r2 : memref<2xi64>
  func.call @printI64(%x1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%x2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Nested cf.cond_br whose inner branch sends different buffers to the same merge block on both
// edges (constructs.mlir chunk 4): each edge gets its own block and clone, and the outer edge
// that forwards nothing leaves no clone behind.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @nested(%c: i1, %d: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^second, ^first
^join(%m: memref<2xi64>):
  %x = memref.load %m[%c0] : memref<2xi64>
  %y = memref.load %a[%c0] : memref<2xi64>
  %s = arith.addi %x, %y : i64
  return %s : i64
^first:
  %b = memref.alloc() : memref<2xi64>
  memref.store %two, %b[%c0] : memref<2xi64>
  cf.cond_br %d, ^join(%b : memref<2xi64>), ^join(%a : memref<2xi64>)
^second:
  cf.br ^join(%a : memref<2xi64>)
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %r0 = func.call @nested(%true, %true) : (i1, i1) -> i64
  %r1 = func.call @nested(%false, %true) : (i1, i1) -> i64
  %r2 = func.call @nested(%false, %false) : (i1, i1) -> i64
  func.call @printI64(%r0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%r1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%r2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
