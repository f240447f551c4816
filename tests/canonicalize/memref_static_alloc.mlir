// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// An allocation whose dynamic size is a constant becomes a static allocation and a cast back
// to the old type. Loads, stores, `memref.dim` and the free then read the static buffer; the
// call keeps the cast (its callee takes the dynamic type). (The sizes are printed by a callee:
// upstream's constant folding orders new constants in ways our canonicalize does not copy.)
func.func private @printI64(i64)
func.func @print_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  func.call @printI64(%v) : (i64) -> ()
  return
}
func.func @show(%m: memref<?xi64>) {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  return
}
func.func @main() {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i64
  %a = memref.alloc(%c3) : memref<?xi64>
  memref.store %x, %a[%c0] : memref<?xi64>
  memref.store %x, %a[%c1] : memref<?xi64>
  %v = memref.load %a[%c0] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  %d = memref.dim %a, %c0 : memref<?xi64>
  func.call @print_index(%d) : (index) -> ()
  func.call @show(%a) : (memref<?xi64>) -> ()
  memref.dealloc %a : memref<?xi64>
  return
}

// -----

// Only the constant sizes become static: the runtime size stays an operand. A negative
// constant is not a size and stays dynamic. The stack allocation folds the same way, and a
// copy between two such buffers copies between the static ones.
func.func private @printI64(i64)
func.func @print_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  func.call @printI64(%v) : (i64) -> ()
  return
}
func.func private @size(%n: i64) -> index {
  %i = arith.index_cast %n : i64 to index
  return %i : index
}
func.func @main() {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 5 : i64
  %n = func.call @size(%x) : (i64) -> index
  %a = memref.alloc(%c2, %n) : memref<?x?xi64>
  %b = memref.alloca(%c2, %n) : memref<?x?xi64>
  memref.store %x, %a[%c1, %c0] : memref<?x?xi64>
  memref.copy %a, %b : memref<?x?xi64> to memref<?x?xi64>
  %v = memref.load %b[%c1, %c0] : memref<?x?xi64>
  func.call @printI64(%v) : (i64) -> ()
  %d0 = memref.dim %b, %c0 : memref<?x?xi64>
  %d1 = memref.dim %b, %c1 : memref<?x?xi64>
  func.call @print_index(%d0) : (index) -> ()
  func.call @print_index(%d1) : (index) -> ()
  memref.dealloc %a : memref<?x?xi64>
  return
}

// -----

// The metadata of a cast is the metadata of its source: `extract_strided_metadata` reads the
// static buffer, and the offset, sizes and strides that its type fixes become constants.
// Returned buffers keep the cast; an allocation with a layout keeps it, and its alignment.
func.func private @printI64(i64)
func.func @print_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  func.call @printI64(%v) : (i64) -> ()
  return
}
func.func @make() -> memref<?xi64> {
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %x = arith.constant 9 : i64
  %a = memref.alloc(%c4) {alignment = 64 : i64} : memref<?xi64>
  memref.store %x, %a[%c0] : memref<?xi64>
  memref.store %x, %a[%c1] : memref<?xi64>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %a : memref<?xi64> -> memref<i64>, index, index, index
  func.call @print_index(%offset) : (index) -> ()
  func.call @print_index(%size) : (index) -> ()
  func.call @print_index(%stride) : (index) -> ()
  return %a : memref<?xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %m = func.call @make() : () -> memref<?xi64>
  %v = memref.load %m[%c0] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %m : memref<?xi64>
  return
}

// -----

// A cast to its own type is its source; a cast of a cast that only forgot static sizes casts
// the static buffer directly.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %x = arith.constant 3 : i64
  %a = memref.alloc(%c8) : memref<?xi64>
  %b = memref.cast %a : memref<?xi64> to memref<?xi64>
  %c = memref.cast %b : memref<?xi64> to memref<8xi64>
  memref.store %x, %c[%c0] : memref<8xi64>
  %v = memref.load %b[%c0] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %b : memref<?xi64>
  return
}
