// memref.extract_strided_metadata of an identity layout, a subview, a transposed
// reinterpret_cast and a dynamic 3-D buffer; the base buffer it returns is used to read
// through a rebuilt view; memref.rank and memref.dim of each.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @pi(%x: index) {
  %i = arith.index_cast %x : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printComma() : () -> ()
  return
}

func.func @meta2(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  func.call @pi(%off) : (index) -> ()
  func.call @pi(%sizes#0) : (index) -> ()
  func.call @pi(%sizes#1) : (index) -> ()
  func.call @pi(%strides#0) : (index) -> ()
  func.call @pi(%strides#1) : (index) -> ()
  %r = memref.rank %m : memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @pi(%r) : (index) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %m = memref.alloc() : memref<5x7xf32>
  %md = memref.cast %m : memref<5x7xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @meta2(%md) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
  %s = memref.subview %m[0, 2] [3, 2] [2, 3] : memref<5x7xf32> to memref<3x2xf32, strided<[14, 3], offset: 2>>
  %sd = memref.cast %s : memref<3x2xf32, strided<[14, 3], offset: 2>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @meta2(%sd) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
  %t = memref.reinterpret_cast %m to offset: [0], sizes: [7, 5], strides: [1, 7] : memref<5x7xf32> to memref<7x5xf32, strided<[1, 7]>>
  %td = memref.cast %t : memref<7x5xf32, strided<[1, 7]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  func.call @meta2(%td) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
  %d = memref.alloc(%c2, %c5) : memref<?x3x?xi16>
  %base, %off, %sizes:3, %strides:3 = memref.extract_strided_metadata %d : memref<?x3x?xi16> -> memref<i16>, index, index, index, index, index, index, index
  func.call @pi(%off) : (index) -> ()
  func.call @pi(%sizes#0) : (index) -> ()
  func.call @pi(%sizes#1) : (index) -> ()
  func.call @pi(%sizes#2) : (index) -> ()
  func.call @pi(%strides#0) : (index) -> ()
  func.call @pi(%strides#1) : (index) -> ()
  func.call @pi(%strides#2) : (index) -> ()
  %dim2 = memref.dim %d, %c2 : memref<?x3x?xi16>
  func.call @pi(%dim2) : (index) -> ()
  func.call @printNewline() : () -> ()
  // Write through the original, read back through a view rebuilt from the metadata.
  %v = arith.constant 1234 : i16
  memref.store %v, %d[%c1, %c2, %c3] : memref<?x3x?xi16>
  %flat = memref.reinterpret_cast %base to offset: [%off], sizes: [30], strides: [1] : memref<i16> to memref<30xi16, strided<[1], offset: ?>>
  %idx = arith.constant 28 : index
  %r = memref.load %flat[%idx] : memref<30xi16, strided<[1], offset: ?>>
  %re = arith.extsi %r : i16 to i64
  func.call @printI64(%re) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<5x7xf32>
  memref.dealloc %d : memref<?x3x?xi16>
  return
}
