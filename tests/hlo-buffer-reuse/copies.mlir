// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file

// Copy elision, positive and negative cases.

// The source is written, copied whole into the target and freed: it becomes the target.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i64
  %dst = memref.alloc() : memref<4xi64>
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  memref.store %seven, %src[%c1] : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64>
  memref.dealloc %src : memref<4xi64>
  %x = memref.load %dst[%c1] : memref<4xi64>
  memref.dealloc %dst : memref<4xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The source's free does not follow the copy directly: kept.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %dst = memref.alloc() : memref<4xi64>
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64>
  %y = memref.load %src[%c0] : memref<4xi64>
  memref.dealloc %src : memref<4xi64>
  %x = memref.load %dst[%c0] : memref<4xi64>
  memref.dealloc %dst : memref<4xi64>
  %s = arith.addi %x, %y : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The target is used between its allocation and the copy (through a view): kept.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %dst = memref.alloc() : memref<4xi64>
  %view = memref.subview %dst[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  memref.store %seven, %view[%c0] : memref<2xi64, strided<[1], offset: 2>>
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64>
  memref.dealloc %src : memref<4xi64>
  %x = memref.load %dst[%c0] : memref<4xi64>
  memref.dealloc %dst : memref<4xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The source is allocated and used before the target: it still takes the target's place
// after the copy.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  %dst = memref.alloc() : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64>
  memref.dealloc %src : memref<4xi64>
  %x = memref.load %dst[%c0] : memref<4xi64>
  memref.dealloc %dst : memref<4xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The source is a parameter the function frees: its buffer could be larger than its type
// says, so keeping it in the target's place could raise the peak. Kept.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @take(%src: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %dst = memref.alloc() : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64>
  memref.dealloc %src : memref<4xi64>
  %x = memref.load %dst[%c0] : memref<4xi64>
  memref.dealloc %dst : memref<4xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  %x = func.call @take(%src) : (memref<4xi64>) -> i64
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The types differ (the target has a layout): kept.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %dst = memref.alloc() : memref<4xi64, strided<[1]>>
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64, strided<[1]>>
  memref.dealloc %src : memref<4xi64>
  %x = memref.load %dst[%c0] : memref<4xi64, strided<[1]>>
  memref.dealloc %dst : memref<4xi64, strided<[1]>>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The target is a parameter (an out-parameter without MLIR-HLO's `restrict` promise): the
// caller sees it, so it stays and so does the copy.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @fill(%out: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %src = memref.alloc() : memref<4xi64>
  memref.store %seven, %src[%c0] : memref<4xi64>
  memref.copy %src, %out : memref<4xi64> to memref<4xi64>
  memref.dealloc %src : memref<4xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<4xi64>
  func.call @fill(%out) : (memref<4xi64>) -> ()
  %x = memref.load %out[%c0] : memref<4xi64>
  memref.dealloc %out : memref<4xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
