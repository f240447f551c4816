// RUN: dealloc-opt %s --expand-realloc --split-input-file

// The four shapes of upstream's test (dynamic/static source and result), executed: growing
// copies into a fresh buffer and frees the old one; shrinking reinterprets the old buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @dyn_to_dyn(%m: memref<?xi64>, %n: index) -> memref<?xi64> {
  %r = memref.realloc %m(%n) : memref<?xi64> to memref<?xi64>
  return %r : memref<?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %v = arith.constant 4 : i64
  %w = arith.constant 8 : i64
  %a = memref.alloc(%c3) : memref<?xi64>
  memref.store %v, %a[%c0] : memref<?xi64>
  memref.store %w, %a[%c2] : memref<?xi64>
  // Grow: 3 -> 5, contents kept.
  %b = func.call @dyn_to_dyn(%a, %c5) : (memref<?xi64>, index) -> memref<?xi64>
  memref.store %w, %b[%c3] : memref<?xi64>
  %x = memref.load %b[%c2] : memref<?xi64>
  %y = memref.load %b[%c3] : memref<?xi64>
  // Shrink: 5 -> 1, same buffer.
  %c = func.call @dyn_to_dyn(%b, %c1) : (memref<?xi64>, index) -> memref<?xi64>
  %z = memref.load %c[%c0] : memref<?xi64>
  %d = memref.dim %c, %c0 : memref<?xi64>
  %di = arith.index_cast %d : index to i64
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%di) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %c : memref<?xi64>
  return
}

// -----

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %v = arith.constant 31 : i64
  // Static to static, with alignment.
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c1] : memref<2xi64>
  %b = memref.realloc %a {alignment = 16} : memref<2xi64> to memref<4xi64>
  memref.store %v, %b[%c3] : memref<4xi64>
  // Static to dynamic (grow), then dynamic to static (shrink).
  %c = memref.realloc %b(%c6) : memref<4xi64> to memref<?xi64>
  %d = memref.realloc %c : memref<?xi64> to memref<4xi64>
  %x = memref.load %d[%c1] : memref<4xi64>
  %y = memref.load %d[%c3] : memref<4xi64>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %d : memref<4xi64>
  return
}

// -----

// A realloc in a loop: the buffer grows by one element per iteration.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %init = memref.alloc(%c1) : memref<?xi64>
  %zero = arith.constant 0 : i64
  memref.store %zero, %init[%c0] : memref<?xi64>
  %r = scf.for %i = %c1 to %c5 step %c1 iter_args(%m = %init) -> memref<?xi64> {
    %n = arith.addi %i, %c1 : index
    %g = memref.realloc %m(%n) : memref<?xi64> to memref<?xi64>
    %iv = arith.index_cast %i : index to i64
    memref.store %iv, %g[%i] : memref<?xi64>
    scf.yield %g : memref<?xi64>
  }
  %sum = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> i64 {
    %x = memref.load %r[%i] : memref<?xi64>
    %a = arith.addi %acc, %x : i64
    scf.yield %a : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %r : memref<?xi64>
  return
}

// -----

// Static sizes, shrinking: only the reinterpretation is emitted. (mlir-opt-22 also emits the
// growing branch, whose subview `[0] [4] [1]` of a `memref<1xi64>` fails verification.)
// NO-JIT: the JIT's lowering of the input runs mlir-opt-22's expand-realloc, which fails here.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %v, %a[%c0] : memref<4xi64>
  %b = memref.realloc %a : memref<4xi64> to memref<1xi64>
  %x = memref.load %b[%c0] : memref<1xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %b : memref<1xi64>
  return
}
