// Buffers: heap and stack allocations (static and dynamic sizes), 2-D loads and stores,
// memref.dim/rank/cast, copies, constant and mutable globals, and memref.alloca_scope.
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @printComma()

memref.global "private" constant @table : memref<4xi64> = dense<[10, 20, 30, 40]>
memref.global "private" @counter : memref<1xi64> = dense<0>
memref.global "private" @splat : memref<2x2xf32> = dense<2.5>

func.func @p(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @bump() {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @counter : memref<1xi64>
  %v = memref.load %g[%c0] : memref<1xi64>
  %one = arith.constant 1 : i64
  %n = arith.addi %v, %one : i64
  memref.store %n, %g[%c0] : memref<1xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc(%c3) : memref<?x4xi64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %ten = arith.constant 10 : i64
      %t = arith.muli %ii, %ten : i64
      %v = arith.addi %t, %jj : i64
      memref.store %v, %m[%i, %j] : memref<?x4xi64>
    }
    %c3i = arith.constant 3 : index
    %neg = arith.constant -1 : i64
    memref.store %neg, %m[%i, %c3i] : memref<?x4xi64>
  }
  %d0 = memref.dim %m, %c0 : memref<?x4xi64>
  %d1 = memref.dim %m, %c1 : memref<?x4xi64>
  %d0i = arith.index_cast %d0 : index to i64
  %d1i = arith.index_cast %d1 : index to i64
  func.call @p(%d0i) : (i64) -> ()
  func.call @p(%d1i) : (i64) -> ()
  %u = memref.cast %m : memref<?x4xi64> to memref<*xi64>
  %r = memref.rank %u : memref<*xi64>
  %ri = arith.index_cast %r : index to i64
  func.call @p(%ri) : (i64) -> ()
  %s = memref.cast %m : memref<?x4xi64> to memref<3x4xi64>
  %copy = memref.alloca() : memref<3x4xi64>
  memref.copy %s, %copy : memref<3x4xi64> to memref<3x4xi64>
  %x = memref.load %copy[%c2, %c1] : memref<3x4xi64>
  func.call @p(%x) : (i64) -> ()
  %y = memref.load %copy[%c1, %c3] : memref<3x4xi64>
  func.call @p(%y) : (i64) -> ()
  memref.dealloc %m : memref<?x4xi64>
  %tab = memref.get_global @table : memref<4xi64>
  %t2 = memref.load %tab[%c2] : memref<4xi64>
  func.call @p(%t2) : (i64) -> ()
  func.call @bump() : () -> ()
  func.call @bump() : () -> ()
  %g = memref.get_global @counter : memref<1xi64>
  %gv = memref.load %g[%c0] : memref<1xi64>
  func.call @p(%gv) : (i64) -> ()
  %sp = memref.get_global @splat : memref<2x2xf32>
  %f = memref.load %sp[%c1, %c1] : memref<2x2xf32>
  func.call @printF32(%f) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %sum = memref.alloca_scope -> i64 {
    %tmp = memref.alloca() : memref<2xi64>
    %a = arith.constant 5 : i64
    %b = arith.constant 6 : i64
    memref.store %a, %tmp[%c0] : memref<2xi64>
    memref.store %b, %tmp[%c1] : memref<2xi64>
    %l0 = memref.load %tmp[%c0] : memref<2xi64>
    %l1 = memref.load %tmp[%c1] : memref<2xi64>
    %ab = arith.addi %l0, %l1 : i64
    memref.alloca_scope.return %ab : i64
  }
  func.call @p(%sum) : (i64) -> ()
  return
}
