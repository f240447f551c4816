// memref.copy between layouts: contiguous to contiguous, strided subview to contiguous,
// contiguous into a strided subview, between two overlapping-free strided views, and of a
// rank-0 memref.
func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()

func.func @show(%m: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %m[%i, %j] : memref<4x4xf32>
      func.call @printF32(%v) : (f32) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<4x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %k = arith.constant 4 : i32
      %t = arith.muli %ii, %k : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %a[%i, %j] : memref<4x4xf32>
      memref.store %zero, %b[%i, %j] : memref<4x4xf32>
    }
  }
  // Strided (every other column) to contiguous.
  %cols = memref.subview %a[0, 0] [4, 2] [1, 2] : memref<4x4xf32> to memref<4x2xf32, strided<[4, 2]>>
  %dense = memref.alloc() : memref<4x2xf32>
  memref.copy %cols, %dense : memref<4x2xf32, strided<[4, 2]>> to memref<4x2xf32>
  // Contiguous into the lower-right 2x2 block of %b... and the first two rows of %dense
  // into its top-left 2x2 corner, a strided view.
  %top = memref.subview %dense[0, 0] [2, 2] [1, 1] : memref<4x2xf32> to memref<2x2xf32, strided<[2, 1]>>
  %corner = memref.subview %b[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  memref.copy %top, %corner : memref<2x2xf32, strided<[2, 1]>> to memref<2x2xf32, strided<[4, 1]>>
  // Strided to strided: the column 3 of %a into row 3 of %b.
  %col3 = memref.subview %a[0, 3] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 3>>
  %row3 = memref.subview %b[3, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1], offset: 12>>
  memref.copy %col3, %row3 : memref<4xf32, strided<[4], offset: 3>> to memref<4xf32, strided<[1], offset: 12>>
  func.call @show(%b) : (memref<4x4xf32>) -> ()
  // Rank 0.
  %s0 = memref.alloc() : memref<f32>
  %s1 = memref.alloc() : memref<f32>
  %pi = arith.constant 3.25 : f32
  memref.store %pi, %s0[] : memref<f32>
  memref.copy %s0, %s1 : memref<f32> to memref<f32>
  %r = memref.load %s1[] : memref<f32>
  func.call @printF32(%r) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // Whole buffer copy, then print.
  memref.copy %a, %b : memref<4x4xf32> to memref<4x4xf32>
  func.call @show(%b) : (memref<4x4xf32>) -> ()
  memref.dealloc %a : memref<4x4xf32>
  memref.dealloc %b : memref<4x4xf32>
  memref.dealloc %dense : memref<4x2xf32>
  memref.dealloc %s0 : memref<f32>
  memref.dealloc %s1 : memref<f32>
  return
}
