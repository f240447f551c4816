// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

// §2.4 rows: `memref.alloca` is never freed; an unreturned
// `bufferization.clone` is freed, a returned one is owned by the caller.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @stack(%v: i64) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloca() : memref<2xi64>
  memref.store %v, %s[%c0] : memref<2xi64>
  memref.store %v, %s[%c1] : memref<2xi64>
  %h = memref.alloc() : memref<2xi64>
  memref.copy %s, %h : memref<2xi64> to memref<2xi64>
  return %h : memref<2xi64>
}

func.func @clones(%m: memref<2xi64>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %unused = bufferization.clone %m : memref<2xi64> to memref<2xi64>
  %kept = bufferization.clone %m : memref<2xi64> to memref<2xi64>
  %x = memref.load %unused[%c0] : memref<2xi64>
  memref.store %x, %kept[%c0] : memref<2xi64>
  // Written, so a copy (a clone only read would read %m in place).
  memref.store %x, %unused[%c0] : memref<2xi64>
  return %kept : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 11 : i64
  %a = func.call @stack(%v) : (i64) -> memref<2xi64>
  %b = func.call @clones(%a) : (memref<2xi64>) -> memref<2xi64>
  %x = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Dynamic shapes and a captured outer buffer used (not owned) inside nested regions.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 5 : index
  %true = arith.constant true
  %v = arith.constant 2 : i64
  %a = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xi64>
  }
  %s = scf.if %true -> i64 {
    %t = memref.alloc(%n) : memref<?xi64>
    memref.copy %a, %t : memref<?xi64> to memref<?xi64>
    %x = memref.load %t[%c1] : memref<?xi64>
    %y = memref.load %a[%c0] : memref<?xi64>
    %z = arith.addi %x, %y : i64
    scf.yield %z : i64
  } else {
    %w = arith.constant 0 : i64
    scf.yield %w : i64
  }
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// `func.call_indirect` (an SSA callee): results are owned by the caller.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @produce(%v: i64) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  return %a : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 13 : i64
  %f = func.constant @produce : (i64) -> memref<2xi64>
  %m = func.call_indirect %f(%v) : (i64) -> memref<2xi64>
  %x = memref.load %m[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// `bufferization.manual_deallocation`: the alloc is not owned, the manual dealloc stays and
// is guarded by a runtime assertion.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 17 : i64
  %a = memref.alloc() {bufferization.manual_deallocation} : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  memref.dealloc %a {bufferization.manual_deallocation} : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Nested `cf.cond_br`, a critical edge (both successors the same block with different
// operands) and blocks written out of dominance order.
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

// -----

// `memref.alloca_scope` with an allocation inside, and views (expand/collapse/reinterpret)
// inheriting the ownership of their source.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 21 : i64
  %r = memref.alloca_scope -> i64 {
    %a = memref.alloc() : memref<4xi64>
    %e = memref.expand_shape %a [[0, 1]] output_shape [2, 2] : memref<4xi64> into memref<2x2xi64>
    memref.store %v, %e[%c1, %c1] : memref<2x2xi64>
    %f = memref.collapse_shape %e [[0, 1]] : memref<2x2xi64> into memref<4xi64>
    %c3 = arith.constant 3 : index
    %x = memref.load %f[%c3] : memref<4xi64>
    memref.alloca_scope.return %x : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The example of the OBBD documentation (`OwnershipBasedBufferDeallocation.md`), with
// `memref.copy` for `test.copy`: a select of an alloc and an alloca used in a successor, and
// a `cf.cond_br` forwarding the alloc or the argument.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @example(%memref: memref<2xi64>, %select_cond: i1, %br_cond: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 6 : i64
  %alloc = memref.alloc() : memref<2xi64>
  %alloca = memref.alloca() : memref<2xi64>
  memref.store %v, %alloc[%c0] : memref<2xi64>
  memref.store %v, %alloca[%c0] : memref<2xi64>
  %select = arith.select %select_cond, %alloc, %alloca : memref<2xi64>
  cf.cond_br %br_cond, ^bb1(%alloc : memref<2xi64>), ^bb1(%memref : memref<2xi64>)
^bb1(%bbarg: memref<2xi64>):
  memref.copy %bbarg, %select : memref<2xi64> to memref<2xi64>
  %x = memref.load %select[%c0] : memref<2xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = arith.constant 9 : i64
  %true = arith.constant true
  %false = arith.constant false
  %m = memref.alloc() : memref<2xi64>
  memref.store %w, %m[%c0] : memref<2xi64>
  memref.store %w, %m[%c1] : memref<2xi64>
  %a = func.call @example(%m, %true, %true) : (memref<2xi64>, i1, i1) -> i64
  %b = func.call @example(%m, %false, %false) : (memref<2xi64>, i1, i1) -> i64
  %c = func.call @example(%m, %true, %false) : (memref<2xi64>, i1, i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%c) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
