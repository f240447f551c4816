// Reshapes: expand_shape with static and dynamic output shapes, collapse_shape of contiguous
// and of strided (non-identity) layouts, and reinterpret_cast to a transposed and to an
// overlapping (sliding window) view.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %m = memref.alloc() : memref<12xi32>
  scf.for %i = %c0 to %c12 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %m[%i] : memref<12xi32>
  }
  %e = memref.expand_shape %m [[0, 1]] output_shape [3, 4] : memref<12xi32> into memref<3x4xi32>
  %v12 = memref.load %e[%c1, %c2] : memref<3x4xi32>
  %w12 = arith.extsi %v12 : i32 to i64
  func.call @printI64(%w12) : (i64) -> ()
  func.call @printComma() : () -> ()
  %dyn = memref.cast %m : memref<12xi32> to memref<?xi32>
  %ed = memref.expand_shape %dyn [[0, 1, 2]] output_shape [%c2, 3, 2] : memref<?xi32> into memref<?x3x2xi32>
  %v121 = memref.load %ed[%c1, %c2, %c1] : memref<?x3x2xi32>
  %w121 = arith.extsi %v121 : i32 to i64
  func.call @printI64(%w121) : (i64) -> ()
  func.call @printComma() : () -> ()
  %cl = memref.collapse_shape %ed [[0, 1], [2]] : memref<?x3x2xi32> into memref<?x2xi32>
  %v51 = memref.load %cl[%c4, %c1] : memref<?x2xi32>
  %w51 = arith.extsi %v51 : i32 to i64
  func.call @printI64(%w51) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // A strided view whose inner dimensions are still contiguous collapses.
  %rows = memref.subview %e[1, 0] [2, 4] [1, 1] : memref<3x4xi32> to memref<2x4xi32, strided<[4, 1], offset: 4>>
  %flat = memref.collapse_shape %rows [[0, 1]] : memref<2x4xi32, strided<[4, 1], offset: 4>> into memref<8xi32, strided<[1], offset: 4>>
  scf.for %i = %c0 to %c4 step %c1 {
    %i2 = arith.muli %i, %c2 : index
    %v = memref.load %flat[%i2] : memref<8xi32, strided<[1], offset: 4>>
    %w = arith.extsi %v : i32 to i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  // The 3x4 matrix seen transposed as 4x3.
  %t = memref.reinterpret_cast %m to offset: [0], sizes: [4, 3], strides: [1, 4] : memref<12xi32> to memref<4x3xi32, strided<[1, 4]>>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %t[%i, %j] : memref<4x3xi32, strided<[1, 4]>>
      %w = arith.extsi %v : i32 to i64
      func.call @printI64(%w) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  // Overlapping windows of 3 consecutive elements, starting at a dynamic offset.
  %win = memref.reinterpret_cast %m to offset: [%c2], sizes: [4, 3], strides: [1, 1] : memref<12xi32> to memref<4x3xi32, strided<[1, 1], offset: ?>>
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
    %inner = scf.for %j = %c0 to %c3 step %c1 iter_args(%a = %acc) -> (i64) {
      %v = memref.load %win[%i, %j] : memref<4x3xi32, strided<[1, 1], offset: ?>>
      %w = arith.extsi %v : i32 to i64
      %n = arith.addi %a, %w : i64
      scf.yield %n : i64
    }
    scf.yield %inner : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<12xi32>
  return
}
