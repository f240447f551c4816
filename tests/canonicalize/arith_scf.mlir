// RUN: dealloc-opt %s --canonicalize --split-input-file

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c = func.call @id(%t) : (i1) -> i1
  %0 = arith.andi %c, %t : i1
  %1 = arith.ori %0, %f : i1
  %2 = arith.xori %1, %1 : i1
  %3 = arith.select %c, %t, %f : i1
  %4 = arith.select %f, %c, %2 : i1
  %5 = scf.if %t -> (i1) {
    scf.yield %3 : i1
  } else {
    scf.yield %f : i1
  }
  %6 = scf.if %c -> (i1) {
    scf.yield %t : i1
  } else {
    scf.yield %f : i1
  }
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %7 = arith.cmpi ult, %c1, %c2 : index
  %8 = arith.cmpi ne, %c1, %c1 : index
  %m = memref.alloc() : memref<4xf32>
  %p1 = arith.extui %0 : i1 to i64
  func.call @printI64(%p1) : (i64) -> ()
  %p2 = arith.extui %1 : i1 to i64
  func.call @printI64(%p2) : (i64) -> ()
  %p3 = arith.extui %2 : i1 to i64
  func.call @printI64(%p3) : (i64) -> ()
  %p4 = arith.extui %3 : i1 to i64
  func.call @printI64(%p4) : (i64) -> ()
  %p5 = arith.extui %4 : i1 to i64
  func.call @printI64(%p5) : (i64) -> ()
  %p6 = arith.extui %5 : i1 to i64
  func.call @printI64(%p6) : (i64) -> ()
  %p7 = arith.extui %6 : i1 to i64
  func.call @printI64(%p7) : (i64) -> ()
  %p8 = arith.extui %7 : i1 to i64
  func.call @printI64(%p8) : (i64) -> ()
  %p9 = arith.extui %8 : i1 to i64
  func.call @printI64(%p9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
func.func @id(%x: i1) -> i1 {
  return %x : i1
}

// -----

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %t = arith.constant true
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  cf.cond_br %t, ^bb1(%k1 : i64), ^bb2(%k2 : i64)
^bb1(%x: i64):
  cf.br ^bb3(%x : i64)
^bb2(%y: i64):
  cf.br ^bb3(%y : i64)
^bb3(%z: i64):
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Dealloc canonicalizations and clones.
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %unused = memref.alloc() : memref<8xf32>
  %cl = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %dead = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %b : memref<2xf32> -> memref<f32>, index, index, index
  %0:2 = bufferization.dealloc (%a, %a, %base, %unused : memref<2xf32>, memref<2xf32>, memref<f32>, memref<8xf32>) if (%t, %f, %t, %t) retain (%b, %b : memref<2xf32>, memref<2xf32>)
  bufferization.dealloc (%b : memref<2xf32>) if (%t)
  memref.dealloc %cl : memref<2xf32>
  return
}

// -----

// A clone written before its free must stay a copy (MLIR 22's SimplifyClones would replace it
// by its source, and the store would reach the source, printed afterwards).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  %cl = bufferization.clone %a : memref<2xi64> to memref<2xi64>
  memref.store %two, %cl[%c0] : memref<2xi64>
  %x = memref.load %cl[%c0] : memref<2xi64>
  memref.dealloc %cl : memref<2xi64>
  %y = memref.load %a[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<2xi64>
  return
}

// -----

// A clone only read before its free is replaced by its source.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %one, %a[%c0] : memref<2xi64>
  %cl = bufferization.clone %a : memref<2xi64> to memref<2xi64>
  %x = memref.load %cl[%c0] : memref<2xi64>
  memref.dealloc %cl : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<2xi64>
  return
}

// -----

// Fuzz seed 75005165, shrunk: the clone's source is a block argument that is %s on the
// second trip, and %s is written between the clone and its free. %s is an allocation, but
// not one made after the clone, so it may be the source: the clone stays a copy (replacing
// it by %b would print 5 instead of 4 on the second trip).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %s = memref.alloca() : memref<1xi64>
  %t = memref.alloca() : memref<1xi64>
  memref.store %i4, %s[%c0] : memref<1xi64>
  memref.store %i4, %t[%c0] : memref<1xi64>
  cf.br ^loop(%t, %i0 : memref<1xi64>, i64)
^loop(%b: memref<1xi64>, %k: i64):
  %more = arith.cmpi slt, %k, %i2 : i64
  cf.cond_br %more, ^body, ^exit
^body:
  %cl = bufferization.clone %b : memref<1xi64> to memref<1xi64>
  memref.store %i5, %s[%c0] : memref<1xi64>
  %x = memref.load %cl[%c0] : memref<1xi64>
  memref.dealloc %cl : memref<1xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.store %i4, %s[%c0] : memref<1xi64>
  %next = arith.addi %k, %i1 : i64
  cf.br ^loop(%s, %next : memref<1xi64>, i64)
^exit:
  return
}

// -----

// scf.while: %f is %true on entry and every trip passes it on, %k is yielded as its
// init: both leave the loop, and the values the condition forwards from outside are read
// directly by the body and after the loop.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %seven = arith.constant 7 : i64
  %r:3 = scf.while (%i = %c0, %f = %true, %k = %seven) : (index, i1, i64) -> (index, i1, i64) {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %i, %f, %k : index, i1, i64
  } do {
  ^bb0(%i2: index, %f2: i1, %k2: i64):
    %n = arith.addi %i2, %c1 : index
    %x = arith.extui %f2 : i1 to i64
    %y = arith.addi %x, %k2 : i64
    func.call @printI64(%y) : (i64) -> ()
    scf.yield %n, %f2, %seven : index, i1, i64
  }
  %z = arith.extui %r#1 : i1 to i64
  func.call @printI64(%z) : (i64) -> ()
  func.call @printI64(%r#2) : (i64) -> ()
  return
}
