// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

// Beyond upstream (which rejects explicit CFG loops): a loop header whose memref block argument
// is replaced by a fresh allocation every iteration; the ownership of the loop-carried buffer
// travels as an extra i1 block argument.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<4xi64>
  scf.for %k = %c0 to %c4 step %c1 {
    memref.store %one, %init[%k] : memref<4xi64>
  }
  cf.br ^header(%c0, %init : index, memref<4xi64>)
^header(%i: index, %m: memref<4xi64>):
  %more = arith.cmpi slt, %i, %c5 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %n = memref.alloc() : memref<4xi64>
  %ii = arith.index_cast %i : index to i64
  scf.for %k = %c0 to %c4 step %c1 {
    %x = memref.load %m[%k] : memref<4xi64>
    %y = arith.addi %x, %ii : i64
    memref.store %y, %n[%k] : memref<4xi64>
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %n : index, memref<4xi64>)
^exit:
  %v = memref.load %m[%c0] : memref<4xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Nested CFG loops, both allocating every iteration; the inner loop carries a buffer derived
// from the outer loop's buffer.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<1xi64>
  memref.store %zero, %init[%c0] : memref<1xi64>
  cf.br ^outer(%c0, %init : index, memref<1xi64>)
^outer(%i: index, %acc: memref<1xi64>):
  %more_i = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %more_i, ^outer_body, ^done
^outer_body:
  %tmp = memref.alloc() : memref<1xi64>
  %a = memref.load %acc[%c0] : memref<1xi64>
  memref.store %a, %tmp[%c0] : memref<1xi64>
  cf.br ^inner(%c0, %tmp : index, memref<1xi64>)
^inner(%j: index, %cur: memref<1xi64>):
  %more_j = arith.cmpi slt, %j, %i : index
  cf.cond_br %more_j, ^inner_body, ^inner_done
^inner_body:
  %fresh = memref.alloc() : memref<1xi64>
  %x = memref.load %cur[%c0] : memref<1xi64>
  %y = arith.addi %x, %one : i64
  memref.store %y, %fresh[%c0] : memref<1xi64>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^inner(%j1, %fresh : index, memref<1xi64>)
^inner_done:
  %i1 = arith.addi %i, %c1 : index
  %v = memref.load %cur[%c0] : memref<1xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  cf.br ^outer(%i1, %cur : index, memref<1xi64>)
^done:
  %r = memref.load %acc[%c0] : memref<1xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A CFG loop inside `scf.execute_region` inside `scf.if`; the loop's final buffer is yielded
// out of both regions.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @grow(%flag: i1, %n: index) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i64
  %r = scf.if %flag -> memref<2xi64> {
    %e = scf.execute_region -> memref<2xi64> {
      %first = memref.alloc() : memref<2xi64>
      memref.store %seven, %first[%c0] : memref<2xi64>
      cf.br ^loop(%c0, %first : index, memref<2xi64>)
    ^loop(%i: index, %m: memref<2xi64>):
      %more = arith.cmpi slt, %i, %n : index
      cf.cond_br %more, ^body, ^out
    ^body:
      %next = memref.alloc() : memref<2xi64>
      %x = memref.load %m[%c0] : memref<2xi64>
      %y = arith.muli %x, %seven : i64
      memref.store %y, %next[%c0] : memref<2xi64>
      %i1 = arith.addi %i, %c1 : index
      cf.br ^loop(%i1, %next : index, memref<2xi64>)
    ^out:
      scf.yield %m : memref<2xi64>
    }
    scf.yield %e : memref<2xi64>
  } else {
    %z = memref.alloc() : memref<2xi64>
    memref.store %seven, %z[%c0] : memref<2xi64>
    scf.yield %z : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @grow(%true, %c3) : (i1, index) -> memref<2xi64>
  %b = func.call @grow(%false, %c3) : (i1, index) -> memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  %y = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Ping-pong buffers swapped around a CFG loop (no allocation inside the loop).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<1xi64>
  %b = memref.alloc() : memref<1xi64>
  memref.store %one, %a[%c0] : memref<1xi64>
  memref.store %one, %b[%c0] : memref<1xi64>
  cf.br ^loop(%c0, %a, %b : index, memref<1xi64>, memref<1xi64>)
^loop(%i: index, %src: memref<1xi64>, %dst: memref<1xi64>):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %x = memref.load %src[%c0] : memref<1xi64>
  %y = memref.load %dst[%c0] : memref<1xi64>
  %z = arith.addi %x, %y : i64
  memref.store %z, %dst[%c0] : memref<1xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %dst, %src : index, memref<1xi64>, memref<1xi64>)
^exit:
  %r = memref.load %src[%c0] : memref<1xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Do-while shape: the header allocates, the latch decides; the header's last buffer is used
// after the loop. A buffer allocated before the loop stays live through it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %outside = memref.alloc() : memref<1xi64>
  %ten = arith.constant 10 : i64
  memref.store %ten, %outside[%c0] : memref<1xi64>
  cf.br ^header(%c0 : index)
^header(%i: index):
  %h = memref.alloc() : memref<1xi64>
  %ii = arith.index_cast %i : index to i64
  %o = memref.load %outside[%c0] : memref<1xi64>
  %s = arith.addi %o, %ii : i64
  memref.store %s, %h[%c0] : memref<1xi64>
  cf.br ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %i1, %c3 : index
  cf.cond_br %more, ^header(%i1 : index), ^exit
^exit:
  %r = memref.load %h[%c0] : memref<1xi64>
  %q = memref.load %outside[%c0] : memref<1xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%q) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A diamond inside the loop body: one arm replaces the carried buffer, the other keeps it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<1xi64>
  memref.store %one, %init[%c0] : memref<1xi64>
  cf.br ^loop(%c0, %init : index, memref<1xi64>)
^loop(%i: index, %m: memref<1xi64>):
  %more = arith.cmpi slt, %i, %c6 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %rem = arith.remui %i, %c2 : index
  %even = arith.cmpi eq, %rem, %c0 : index
  cf.cond_br %even, ^replace, ^latch(%m : memref<1xi64>)
^replace:
  %n = memref.alloc() : memref<1xi64>
  %x = memref.load %m[%c0] : memref<1xi64>
  %y = arith.addi %x, %x : i64
  memref.store %y, %n[%c0] : memref<1xi64>
  cf.br ^latch(%n : memref<1xi64>)
^latch(%carried: memref<1xi64>):
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %carried : index, memref<1xi64>)
^exit:
  %r = memref.load %m[%c0] : memref<1xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A self loop (header == latch) returning its carried buffer from the function; a subview of
// the carried buffer is what flows around the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @iterate(%n: index) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %five = arith.constant 5 : i64
  %first = memref.alloc() : memref<4xi64>
  memref.store %five, %first[%c0] : memref<4xi64>
  cf.br ^loop(%c0, %first : index, memref<4xi64>)
^loop(%i: index, %m: memref<4xi64>):
  %fresh = memref.alloc() : memref<8xi64>
  %view = memref.subview %fresh[0] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1]>>
  %x = memref.load %m[%c0] : memref<4xi64>
  %y = arith.addi %x, %five : i64
  memref.store %y, %view[%c0] : memref<4xi64, strided<[1]>>
  %cast = memref.reinterpret_cast %fresh to offset: [0], sizes: [4], strides: [1] : memref<8xi64> to memref<4xi64>
  %i1 = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %i1, %n : index
  cf.cond_br %more, ^loop(%i1, %cast : index, memref<4xi64>), ^exit
^exit:
  return %cast : memref<4xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = func.call @iterate(%c4) : (index) -> memref<4xi64>
  %x = memref.load %r[%c0] : memref<4xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
