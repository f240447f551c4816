// Views: a matrix is filled through row subviews taken in a helper, read back through a
// collapsed view and a reinterpret_cast. Every view aliases its base; a strategy must free the
// base only after the last use of any view. (The helper writes through the view itself: had it
// returned the view, the ownership-based strategy would return a clone, since the helper does
// not own its argument, and the caller's writes would miss the matrix.)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @fill_row(%m: memref<4x8xf32>, %r: index, %v: f32) {
  %row = memref.subview %m[%r, 0] [1, 8] [1, 1]
      : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
  linalg.fill ins(%v : f32) outs(%row : memref<8xf32, strided<[1], offset: ?>>)
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c17 = arith.constant 17 : index
  %m = memref.alloc() : memref<4x8xf32>
  scf.for %r = %c0 to %c4 step %c1 {
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    func.call @fill_row(%m, %r, %rf) : (memref<4x8xf32>, index, f32) -> ()
  }
  %flat = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %v = memref.load %flat[%c17] : memref<32xf32>
  %tail = memref.reinterpret_cast %m to offset: [24], sizes: [8], strides: [1]
      : memref<4x8xf32> to memref<8xf32, strided<[1], offset: 24>>
  %w = memref.load %tail[%c3] : memref<8xf32, strided<[1], offset: 24>>
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%w) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
