// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// A copy of a buffer onto itself, or from or to a buffer of size 0, does nothing and goes;
// `memref.rank` of a ranked buffer is a constant.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<4xi64>
  %e = memref.alloc() : memref<0x4xi64>
  %f = memref.alloc() : memref<2x0xi64>
  memref.store %i3, %a[%c0] : memref<4xi64>
  memref.copy %a, %a : memref<4xi64> to memref<4xi64>
  memref.copy %e, %e : memref<0x4xi64> to memref<0x4xi64>
  memref.copy %f, %f : memref<2x0xi64> to memref<2x0xi64>
  %r = memref.rank %e : memref<0x4xi64>
  %keep = memref.alloca() : memref<index>
  memref.store %r, %keep[] : memref<index>
  %rl = memref.load %keep[] : memref<index>
  %ri = arith.index_cast %rl : index to i64
  func.call @printI64(%ri) : (i64) -> ()
  %v = memref.load %a[%c0] : memref<4xi64>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %a : memref<4xi64>
  memref.dealloc %e : memref<0x4xi64>
  memref.dealloc %f : memref<2x0xi64>
  return
}

// -----

// Copies between distinct buffers of size 0 go too; a copy between distinct non-empty
// buffers and the rank of an unranked buffer stay.
func.func @kept(%a: memref<?xf32>, %b: memref<?xf32>, %z: memref<0xf32>, %u: memref<*xf32>) -> (index, index) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  memref.copy %z, %a : memref<0xf32> to memref<?xf32>
  memref.copy %b, %z : memref<?xf32> to memref<0xf32>
  %r = memref.rank %u : memref<*xf32>
  %s = memref.rank %a : memref<?xf32>
  return %r, %s : index, index
}

// -----

// A memref.reinterpret_cast restating its source's own static type is the source: the
// allocation is then only stored to and freed, and goes. A cast to another layout stays.
func.func private @printI64(i64)
func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i4 = arith.constant 4 : i64
  %i7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %i4, %a[%c3] : memref<4xi64>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<4xi64> to memref<4xi64>
  memref.store %i4, %r[%c3] : memref<4xi64>
  memref.dealloc %a : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i7, %b[%c3] : memref<4xi64>
  %s = memref.reinterpret_cast %b to offset: [1], sizes: [3], strides: [1] : memref<4xi64> to memref<3xi64, strided<[1], offset: 1>>
  %v = memref.load %s[%c2] : memref<3xi64, strided<[1], offset: 1>>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %b : memref<4xi64>
  return
}
