// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Beyond upstream: the dealloc simplification reads what each function returns
// (`analysis::returns`). A call result that can only be a buffer the callee allocated is a new
// buffer, like a local allocation: the caller frees it with a plain `memref.dealloc`, without
// comparing its address with every other buffer's, and the free moves up to its last use.

func.func private @printI64(i64)
func.func private @printNewline()

func.func @filled(%v: i64) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  memref.store %v, %a[%c1] : memref<2xi64>
  return %a : memref<2xi64>
}

// Its argument, or a new buffer? The ownership pass returns `if owned then r else clone r`,
// and `r` is owned only when it comes from the then region's call (the argument arrives with
// ownership `false`), so the caller always gets a new buffer and frees it without a check.
func.func @same_or_new(%x: memref<2xi64>, %new: i1) -> memref<2xi64> {
  %r = scf.if %new -> memref<2xi64> {
    %c5 = arith.constant 5 : i64
    %b = func.call @filled(%c5) : (i64) -> memref<2xi64>
    scf.yield %b : memref<2xi64>
  } else {
    scf.yield %x : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @sum(%m: memref<2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %m[%c0] : memref<2xi64>
  %b = memref.load %m[%c1] : memref<2xi64>
  %s = arith.addi %a, %b : i64
  return %s : i64
}

func.func @main() {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %true = arith.constant true
  %false = arith.constant false
  %own = memref.alloc() : memref<2xi64>
  %x = call @filled(%c1) : (i64) -> memref<2xi64>
  %y = call @filled(%c2) : (i64) -> memref<2xi64>
  %sx = call @sum(%x) : (memref<2xi64>) -> i64
  %sy = call @sum(%y) : (memref<2xi64>) -> i64
  call @printI64(%sx) : (i64) -> ()
  call @printI64(%sy) : (i64) -> ()
  call @printNewline() : () -> ()
  %p = call @same_or_new(%x, %true) : (memref<2xi64>, i1) -> memref<2xi64>
  %q = call @same_or_new(%y, %false) : (memref<2xi64>, i1) -> memref<2xi64>
  %sp = call @sum(%p) : (memref<2xi64>) -> i64
  %sq = call @sum(%q) : (memref<2xi64>) -> i64
  call @printI64(%sp) : (i64) -> ()
  call @printI64(%sq) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// One buffer returned at two positions: the two results are one buffer, so neither counts as
// new, and the caller frees it once.

func.func private @printI64(i64)
func.func private @printNewline()

func.func @pair() -> (memref<1xi64>, memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<1xi64>
  memref.store %c7, %a[%c0] : memref<1xi64>
  return %a, %a : memref<1xi64>, memref<1xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : i64
  %r:2 = call @pair() : () -> (memref<1xi64>, memref<1xi64>)
  memref.store %c9, %r#1[%c0] : memref<1xi64>
  %v = memref.load %r#0[%c0] : memref<1xi64>
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// Recursion: the recursive call's result is not summarized while its own function is, so the
// callers keep the runtime check between what it returns and their own buffers.

func.func private @printI64(i64)
func.func private @printNewline()

func.func @countdown(%n: i64, %acc: memref<1xi64>) -> memref<1xi64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %zero : i64
  %r = scf.if %done -> memref<1xi64> {
    scf.yield %acc : memref<1xi64>
  } else {
    %b = memref.alloc() : memref<1xi64>
    %old = memref.load %acc[%c0] : memref<1xi64>
    %new = arith.addi %old, %n : i64
    memref.store %new, %b[%c0] : memref<1xi64>
    %m = arith.subi %n, %one : i64
    %s = func.call @countdown(%m, %b) : (i64, memref<1xi64>) -> memref<1xi64>
    scf.yield %s : memref<1xi64>
  }
  return %r : memref<1xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %four = arith.constant 4 : i64
  %start = memref.alloc() : memref<1xi64>
  memref.store %zero, %start[%c0] : memref<1xi64>
  %r = call @countdown(%four, %start) : (i64, memref<1xi64>) -> memref<1xi64>
  %v = memref.load %r[%c0] : memref<1xi64>
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
