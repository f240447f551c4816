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
