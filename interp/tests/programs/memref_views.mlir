// Views: subview with offsets and strides (and rank reduction), reinterpret_cast,
// expand_shape/collapse_shape, view of a byte buffer, copy between layouts,
// extract_strided_metadata, extract_aligned_pointer_as_index, and realloc.
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @p(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @pi(%x: index) {
  %i = arith.index_cast %x : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printComma() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %m = memref.alloc() : memref<4x4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.muli %i, %c4 : index
      %l = arith.addi %k, %j : index
      %v = arith.index_cast %l : index to i64
      memref.store %v, %m[%i, %j] : memref<4x4xi64>
    }
  }
  %sv = memref.subview %m[1, 1] [2, 2] [2, 1] : memref<4x4xi64> to memref<2x2xi64, strided<[8, 1], offset: 5>>
  %a = memref.load %sv[%c1, %c1] : memref<2x2xi64, strided<[8, 1], offset: 5>>
  func.call @p(%a) : (i64) -> ()
  %row = memref.subview %m[2, 0] [1, 4] [1, 1] : memref<4x4xi64> to memref<4xi64, strided<[1], offset: 8>>
  %b = memref.load %row[%c2] : memref<4xi64, strided<[1], offset: 8>>
  func.call @p(%b) : (i64) -> ()
  %col = memref.subview %m[0, %c2] [4, 1] [1, 1] : memref<4x4xi64> to memref<4xi64, strided<[4], offset: ?>>
  %c = memref.load %col[%c2] : memref<4xi64, strided<[4], offset: ?>>
  func.call @p(%c) : (i64) -> ()
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %sv : memref<2x2xi64, strided<[8, 1], offset: 5>> -> memref<i64>, index, index, index, index, index
  func.call @pi(%off) : (index) -> ()
  func.call @pi(%sizes#0) : (index) -> ()
  func.call @pi(%sizes#1) : (index) -> ()
  func.call @pi(%strides#0) : (index) -> ()
  func.call @pi(%strides#1) : (index) -> ()
  func.call @printNewline() : () -> ()
  %rc = memref.reinterpret_cast %base to offset: [%c1], sizes: [3, 5], strides: [5, 1] : memref<i64> to memref<3x5xi64, strided<[5, 1], offset: ?>>
  %d = memref.load %rc[%c2, %c2] : memref<3x5xi64, strided<[5, 1], offset: ?>>
  func.call @p(%d) : (i64) -> ()
  %flat = memref.collapse_shape %m [[0, 1]] : memref<4x4xi64> into memref<16xi64>
  %e = memref.load %flat[%c4] : memref<16xi64>
  func.call @p(%e) : (i64) -> ()
  %cube = memref.expand_shape %flat [[0, 1, 2]] output_shape [2, 2, 4] : memref<16xi64> into memref<2x2x4xi64>
  %f = memref.load %cube[%c1, %c0, %c2] : memref<2x2x4xi64>
  func.call @p(%f) : (i64) -> ()
  %dense = memref.alloc() : memref<2x2xi64>
  memref.copy %sv, %dense : memref<2x2xi64, strided<[8, 1], offset: 5>> to memref<2x2xi64>
  %h = memref.load %dense[%c1, %c0] : memref<2x2xi64>
  func.call @p(%h) : (i64) -> ()
  %p1 = memref.extract_aligned_pointer_as_index %m : memref<4x4xi64> -> index
  %p2 = memref.extract_aligned_pointer_as_index %sv : memref<2x2xi64, strided<[8, 1], offset: 5>> -> index
  %p3 = memref.extract_aligned_pointer_as_index %dense : memref<2x2xi64> -> index
  %same = arith.cmpi eq, %p1, %p2 : index
  %diff = arith.cmpi eq, %p1, %p3 : index
  %samei = arith.extui %same : i1 to i64
  %diffi = arith.extui %diff : i1 to i64
  func.call @p(%samei) : (i64) -> ()
  func.call @p(%diffi) : (i64) -> ()
  %bytes = memref.alloc() : memref<64xi8>
  %c8 = arith.constant 8 : index
  %vw = memref.view %bytes[%c8][] : memref<64xi8> to memref<7xi64>
  %k = arith.constant 1234 : i64
  memref.store %k, %vw[%c2] : memref<7xi64>
  %kk = memref.load %vw[%c2] : memref<7xi64>
  func.call @p(%kk) : (i64) -> ()
  %small = memref.alloc() : memref<2xi64>
  %nine = arith.constant 9 : i64
  memref.store %nine, %small[%c1] : memref<2xi64>
  %grown = memref.realloc %small : memref<2xi64> to memref<8xi64>
  %gg = memref.load %grown[%c1] : memref<8xi64>
  func.call @p(%gg) : (i64) -> ()
  memref.dealloc %grown : memref<8xi64>
  memref.dealloc %bytes : memref<64xi8>
  memref.dealloc %dense : memref<2x2xi64>
  memref.dealloc %m : memref<4x4xi64>
  return
}
