// Subviews of a 2-D buffer: static and dynamic offsets, sizes and strides, a subview of a
// subview, a rank-reducing subview (a column), and writes through views seen by the base.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @show(%m: memref<?x?xi64, strided<[?, ?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi64, strided<[?, ?], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x?xi64, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %m[%i, %j] : memref<?x?xi64, strided<[?, ?], offset: ?>>
      func.call @printI64(%v) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloc() : memref<6x8xi64>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %ten = arith.constant 10 : i64
      %t = arith.muli %ii, %ten : i64
      %v = arith.addi %t, %jj : i64
      memref.store %v, %m[%i, %j] : memref<6x8xi64>
    }
  }
  // Rows 1..4, every second column from 1: a 3x4 view with strides [8, 2].
  %s = memref.subview %m[1, 1] [3, 4] [1, 2] : memref<6x8xi64> to memref<3x4xi64, strided<[8, 2], offset: 9>>
  %sd = memref.cast %s : memref<3x4xi64, strided<[8, 2], offset: 9>> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  func.call @show(%sd) : (memref<?x?xi64, strided<[?, ?], offset: ?>>) -> ()
  func.call @printNewline() : () -> ()
  // A dynamic subview of the subview: 2x2 from (1, 1), with a dynamic unit stride.
  %ss = memref.subview %s[%c1, %c1] [%c2, %c2] [1, %c1] : memref<3x4xi64, strided<[8, 2], offset: 9>> to memref<?x?xi64, strided<[8, ?], offset: ?>>
  %ssd = memref.cast %ss : memref<?x?xi64, strided<[8, ?], offset: ?>> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  func.call @show(%ssd) : (memref<?x?xi64, strided<[?, ?], offset: ?>>) -> ()
  func.call @printNewline() : () -> ()
  // Column 5 as a rank-1 view; writes go to the base buffer.
  %col = memref.subview %m[0, 5] [6, 1] [1, 1] : memref<6x8xi64> to memref<6xi64, strided<[8], offset: 5>>
  %minus = arith.constant -1 : i64
  scf.for %i = %c0 to %c6 step %c2 {
    memref.store %minus, %col[%i] : memref<6xi64, strided<[8], offset: 5>>
  }
  %md = memref.cast %m : memref<6x8xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  func.call @show(%md) : (memref<?x?xi64, strided<[?, ?], offset: ?>>) -> ()
  memref.dealloc %m : memref<6x8xi64>
  return
}
