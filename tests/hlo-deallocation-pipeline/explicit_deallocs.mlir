// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file

// Explicit `memref.dealloc`s of buffers whose indicator arrived through a block argument: a
// buffer passed twice along one edge gets one owned indicator and one null, so such a free
// must only happen where its own indicator is owned (it used to be freed twice).

// The true edge passes %a both as %m and as the carried %a; the explicit free of %a in ^join
// sees the null indicator there, and %m's frees the buffer.
func.func private @printI64(i64)

func.func @pick(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 3 : i64
  %w = arith.constant 4 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  memref.store %w, %b[%c0] : memref<2xi64>
  cf.cond_br %c, ^join(%a : memref<2xi64>), ^join(%b : memref<2xi64>)
^join(%m: memref<2xi64>):
  %x = memref.load %m[%c0] : memref<2xi64>
  %y = memref.load %a[%c0] : memref<2xi64>
  %s = arith.addi %x, %y : i64
  memref.dealloc %a : memref<2xi64>
  return %s : i64
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @pick(%true) : (i1) -> i64
  %b = func.call @pick(%false) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// A join value freed by hand through the block argument that first received it while a
// forwarded copy of it is still used.
func.func private @printI64(i64)

func.func @forward(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i64
  cf.cond_br %c, ^left, ^right
^left:
  %l = memref.alloc() : memref<2xi64>
  memref.store %v, %l[%c0] : memref<2xi64>
  cf.br ^mid(%l : memref<2xi64>)
^right:
  %r = memref.alloc() : memref<2xi64>
  %l2 = memref.alloc() : memref<2xi64>
  memref.store %v, %l2[%c0] : memref<2xi64>
  memref.copy %l2, %r : memref<2xi64> to memref<2xi64>
  memref.dealloc %l2 : memref<2xi64>
  cf.br ^mid(%r : memref<2xi64>)
^mid(%p: memref<2xi64>):
  cf.br ^last(%p : memref<2xi64>)
^last(%q: memref<2xi64>):
  %x = memref.load %q[%c0] : memref<2xi64>
  memref.dealloc %p : memref<2xi64>
  return %x : i64
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @forward(%true) : (i1) -> i64
  %b = func.call @forward(%false) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  return
}
