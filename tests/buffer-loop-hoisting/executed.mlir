// RUN: dealloc-opt %s --buffer-hoisting --buffer-loop-hoisting --promote-buffers-to-stack --buffer-deallocation-pipeline --optimize-allocation-liveness --split-input-file

// Hoisting and promotion before the ownership-based pipeline, and the free-moving pass after
// it, judged by execution: each program prints the same before and after, and frees every
// buffer once.

// A temporary allocated on every trip of a loop: hoisted out, then freed once after the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @sum_of_squares(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %t = memref.alloc() : memref<512xi64>
    %v = arith.index_cast %i : index to i64
    %sq = arith.muli %v, %v : i64
    memref.store %sq, %t[%c0] : memref<512xi64>
    %back = memref.load %t[%c0] : memref<512xi64>
    %next = arith.addi %acc, %back : i64
    scf.yield %next : i64
  }
  return %r : i64
}

func.func @main() {
  %n = arith.constant 10 : index
  %r = func.call @sum_of_squares(%n) : (index) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A diamond whose branches allocate: both allocations move to the entry block, the join's
// buffer is freed after its last use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @pick(%c: i1, %v: i64) -> i64 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^left, ^right
^left:
  %a = memref.alloc() : memref<4096xi64>
  memref.store %v, %a[%c0] : memref<4096xi64>
  cf.br ^join(%a : memref<4096xi64>)
^right:
  %b = memref.alloc() : memref<4096xi64>
  %w = arith.addi %v, %v : i64
  memref.store %w, %b[%c0] : memref<4096xi64>
  cf.br ^join(%b : memref<4096xi64>)
^join(%j: memref<4096xi64>):
  %r = memref.load %j[%c0] : memref<4096xi64>
  return %r : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %v = arith.constant 21 : i64
  %a = func.call @pick(%t, %v) : (i1, i64) -> i64
  %b = func.call @pick(%f, %v) : (i1, i64) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The buffer of each `scf.while` trip leaves the loop through its exit only: it is hoisted
// (one allocation for all trips), and the result, an alias of it, is freed after its use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @last_square(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0) : (index) -> (index, memref<2048xi64>) {
    %b = memref.alloc() : memref<2048xi64>
    %v = arith.index_cast %i : index to i64
    %sq = arith.muli %v, %v : i64
    memref.store %sq, %b[%c0] : memref<2048xi64>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %b : index, memref<2048xi64>
  } do {
  ^bb0(%i: index, %m: memref<2048xi64>):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  %last = memref.load %r#1[%c0] : memref<2048xi64>
  return %last : i64
}

func.func @main() {
  %n = arith.constant 6 : index
  %r = func.call @last_square(%n) : (index) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Small temporaries become stack buffers; the large one stays on the heap and is freed
// right after its last use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %small = memref.alloc() : memref<8xi64>
  %large = memref.alloc() : memref<1024xi64>
  %seven = arith.constant 7 : i64
  memref.store %seven, %small[%c1] : memref<8xi64>
  %s = memref.load %small[%c1] : memref<8xi64>
  memref.store %s, %large[%c0] : memref<1024xi64>
  %l = memref.load %large[%c0] : memref<1024xi64>
  %sum = arith.addi %s, %l : i64
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
