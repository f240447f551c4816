// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

// Beyond upstream (which rejects them): an existing `memref.dealloc` releases the block's
// ownership of the buffer; the op stays and the pass frees nothing twice.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 42 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  memref.store %v, %b[%c0] : memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  memref.dealloc %a : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Freed through a cast (same buffer): both the cast and the allocation lose ownership.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i64
  %a = memref.alloc() : memref<3xi64>
  memref.store %v, %a[%c0] : memref<3xi64>
  %cast = memref.cast %a : memref<3xi64> to memref<?xi64>
  %x = memref.load %cast[%c0] : memref<?xi64>
  memref.dealloc %cast : memref<?xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Freed on one branch only: the other branch's block still owns it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @run(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^free, ^keep
^free:
  %x = memref.load %a[%c0] : memref<2xi64>
  memref.dealloc %a : memref<2xi64>
  cf.br ^join(%x : i64)
^keep:
  %y = memref.load %a[%c0] : memref<2xi64>
  %z = arith.addi %y, %y : i64
  cf.br ^join(%z : i64)
^join(%r: i64):
  return %r : i64
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @run(%true) : (i1) -> i64
  %b = func.call @run(%false) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A block argument that may be the freed buffer keeps its ownership only when its pointer
// differs at runtime.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @run(%c: i1) -> i64 {
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
  %a = func.call @run(%true) : (i1) -> i64
  %b = func.call @run(%false) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// `memref.realloc` without `expand-realloc`: the source is released, the result owned.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 9 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  %r = memref.realloc %a : memref<2xi64> to memref<4xi64>
  memref.store %v, %r[%c3] : memref<4xi64>
  %x = memref.load %r[%c0] : memref<4xi64>
  %y = memref.load %r[%c3] : memref<4xi64>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A loop whose body frees the previous buffer itself after building the next one.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<1xi64>
  memref.store %one, %init[%c0] : memref<1xi64>
  cf.br ^loop(%c0, %init : index, memref<1xi64>)
^loop(%i: index, %m: memref<1xi64>):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %n = memref.alloc() : memref<1xi64>
  %x = memref.load %m[%c0] : memref<1xi64>
  %y = arith.addi %x, %x : i64
  memref.store %y, %n[%c0] : memref<1xi64>
  memref.dealloc %m : memref<1xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %n : index, memref<1xi64>)
^exit:
  %r = memref.load %m[%c0] : memref<1xi64>
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A free inside a nested region of a buffer the enclosing block owns (upstream rejects it):
// the enclosing block frees the buffer under its own indicator, so the nested free is erased
// and the buffer is freed once, when its owner frees it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @run(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %v = arith.constant 9 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  %r = scf.if %c -> i64 {
    %x = memref.load %a[%c0] : memref<2xi64>
    memref.dealloc %a : memref<2xi64>
    scf.yield %x : i64
  } else {
    %y = memref.load %a[%c0] : memref<2xi64>
    %z = arith.addi %y, %y : i64
    scf.yield %z : i64
  }
  return %r : i64
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @run(%true) : (i1) -> i64
  %b = func.call @run(%false) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The legacy pass's loop pattern: the body frees the incoming iteration buffer (a view of it
// here) after building the next one. The loop's ownership indicators already free it, so the
// nested free is erased.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<2xi64>
  memref.store %one, %init[%c0] : memref<2xi64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%it = %init) -> memref<2xi64> {
    %n = memref.alloc() : memref<2xi64>
    %x = memref.load %it[%c0] : memref<2xi64>
    %y = arith.addi %x, %x : i64
    memref.store %y, %n[%c0] : memref<2xi64>
    %view = memref.cast %it : memref<2xi64> to memref<?xi64>
    memref.dealloc %view : memref<?xi64>
    scf.yield %n : memref<2xi64>
  }
  %z = memref.load %r[%c0] : memref<2xi64>
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Frees two levels down, in a multi-block `scf.execute_region` inside a `scf.while` body, of
// a buffer allocated before the loop and of one allocated per iteration.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %outer = memref.alloc() : memref<1xi64>
  memref.store %zero, %outer[%c0] : memref<1xi64>
  %last = scf.while (%k = %zero) : (i64) -> i64 {
    %go = arith.cmpi slt, %k, %c3 : i64
    scf.condition(%go) %k : i64
  } do {
  ^bb0(%k: i64):
    %tmp = memref.alloc() : memref<1xi64>
    memref.store %k, %tmp[%c0] : memref<1xi64>
    %is_last = arith.cmpi eq, %k, %one : i64
    %s = scf.execute_region -> i64 {
      %t = memref.load %tmp[%c0] : memref<1xi64>
      %o = memref.load %outer[%c0] : memref<1xi64>
      %sum = arith.addi %t, %o : i64
      memref.store %sum, %outer[%c0] : memref<1xi64>
      cf.cond_br %is_last, ^free, ^done(%sum : i64)
    ^free:
      memref.dealloc %tmp : memref<1xi64>
      cf.br ^done(%sum : i64)
    ^done(%d: i64):
      scf.yield %d : i64
    }
    func.call @printI64(%s) : (i64) -> ()
    %k1 = arith.addi %k, %one : i64
    scf.yield %k1 : i64
  }
  %final = memref.load %outer[%c0] : memref<1xi64>
  memref.dealloc %outer : memref<1xi64>
  func.call @printI64(%final) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
