// RUN: dealloc-opt %s --copy-removal --split-input-file

// Seed 001, "Reusing the Source Buffer": the target's allocation, the copy and the source's
// free go; the source is returned in the target's place.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xi64> {
  %7 = memref.alloc(%arg0, %arg1) : memref<?x?xi64>
  %c0 = arith.constant 0 : index
  %x = arith.constant 42 : i64
  memref.store %x, %7[%c0, %c0] : memref<?x?xi64>
  %c0_0 = arith.constant 0 : index
  %8 = memref.dim %7, %c0_0 : memref<?x?xi64>
  %c1_1 = arith.constant 1 : index
  %9 = memref.dim %7, %c1_1 : memref<?x?xi64>
  %10 = memref.alloc(%8, %9) : memref<?x?xi64>
  memref.copy %7, %10 : memref<?x?xi64> to memref<?x?xi64>
  memref.dealloc %7 : memref<?x?xi64>
  return %10 : memref<?x?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = func.call @dynamic_allocation(%c2, %c2) : (index, index) -> memref<?x?xi64>
  %v = memref.load %m[%c0, %c0] : memref<?x?xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<?x?xi64>
  return
}

// -----

// Seed 001, "Reusing the Target Buffer": the computation writes straight into %result.
#map = affine_map<(d0) -> (d0)>
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @reuseTarget(%arg0: memref<2xi64>, %result: memref<2xi64>) {
  %temp = memref.alloc() : memref<2xi64>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<2xi64>) outs(%temp : memref<2xi64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.addi %in, %in : i64
    linalg.yield %s : i64
  }
  memref.copy %temp, %result : memref<2xi64> to memref<2xi64>
  memref.dealloc %temp : memref<2xi64>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %x = arith.constant 21 : i64
  %a = memref.alloc() : memref<2xi64>
  %r = memref.alloc() : memref<2xi64>
  linalg.fill ins(%x : i64) outs(%a : memref<2xi64>)
  func.call @reuseTarget(%a, %r) : (memref<2xi64>, memref<2xi64>) -> ()
  %v = memref.load %r[%c1] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<2xi64>
  memref.dealloc %r : memref<2xi64>
  return
}

// -----

// Constraints: the source is read after the copy (before its free), so neither case applies
// and everything stays.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 5 : i64
  %y = arith.constant 6 : i64
  %s = memref.alloc() : memref<2xi64>
  memref.store %x, %s[%c0] : memref<2xi64>
  %t = memref.alloc() : memref<2xi64>
  memref.copy %s, %t : memref<2xi64> to memref<2xi64>
  memref.store %y, %s[%c0] : memref<2xi64>
  %a = memref.load %s[%c0] : memref<2xi64>
  memref.dealloc %s : memref<2xi64>
  %b = memref.load %t[%c0] : memref<2xi64>
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %t : memref<2xi64>
  return
}

// -----

// Constraints: a view of the source made before the copy is written after it; the aliases
// of the source (view flow) block the rewrite.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 5 : i64
  %y = arith.constant 6 : i64
  %s = memref.alloc() : memref<2xi64>
  %v = memref.cast %s : memref<2xi64> to memref<?xi64>
  memref.store %x, %s[%c0] : memref<2xi64>
  %t = memref.alloc() : memref<2xi64>
  memref.copy %s, %t : memref<2xi64> to memref<2xi64>
  memref.store %y, %v[%c0] : memref<?xi64>
  memref.dealloc %s : memref<2xi64>
  %b = memref.load %t[%c0] : memref<2xi64>
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %t : memref<2xi64>
  return
}
