// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// UPSTREAM-DIFFERS: mlir-opt-22 combines only adjacent scf.if; two guards freeing on one
// condition with no allocation between them (a load and a call of a function without a body
// that takes no buffer) share one scf.if here: the first guard's free moves into the second.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i1 = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i1, %a[%c0] : memref<4xi64>
  memref.store %i1, %b[%c0] : memref<4xi64>
  %x = memref.load %a[%c0] : memref<4xi64>
  %own = arith.cmpi eq, %x, %i1 : i64
  scf.if %own {
    memref.dealloc %a : memref<4xi64>
  }
  %y = memref.load %b[%c0] : memref<4xi64>
  func.call @printI64(%y) : (i64) -> ()
  scf.if %own {
    memref.dealloc %b : memref<4xi64>
  }
  return
}

// -----

// An allocation between the two guards keeps them apart: freeing %a first leaves room for %c.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i1 = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i1, %a[%c0] : memref<4xi64>
  memref.store %i1, %b[%c0] : memref<4xi64>
  %x = memref.load %a[%c0] : memref<4xi64>
  %own = arith.cmpi eq, %x, %i1 : i64
  scf.if %own {
    memref.dealloc %a : memref<4xi64>
  }
  %c = memref.alloc() : memref<4xi64>
  memref.store %i1, %c[%c0] : memref<4xi64>
  %y = memref.load %c[%c0] : memref<4xi64>
  func.call @printI64(%y) : (i64) -> ()
  memref.dealloc %c : memref<4xi64>
  scf.if %own {
    memref.dealloc %b : memref<4xi64>
  }
  return
}

// -----

// So does a call of a function with a body, which may allocate.
func.func private @printI64(i64)
func.func private @show(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %i1 = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i1, %a[%c0] : memref<4xi64>
  memref.store %i1, %b[%c0] : memref<4xi64>
  %x = memref.load %a[%c0] : memref<4xi64>
  %own = arith.cmpi eq, %x, %i1 : i64
  scf.if %own {
    memref.dealloc %a : memref<4xi64>
  }
  %y = memref.load %b[%c0] : memref<4xi64>
  func.call @show(%y) : (i64) -> ()
  scf.if %own {
    memref.dealloc %b : memref<4xi64>
  }
  return
}

// -----

// Guards on different conditions stay apart.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i1 = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i1, %a[%c0] : memref<4xi64>
  memref.store %i1, %b[%c0] : memref<4xi64>
  %x = memref.load %a[%c0] : memref<4xi64>
  %y = memref.load %b[%c0] : memref<4xi64>
  %own_a = arith.cmpi eq, %x, %i1 : i64
  %own_b = arith.cmpi sge, %y, %i1 : i64
  scf.if %own_a {
    memref.dealloc %a : memref<4xi64>
  }
  func.call @printI64(%y) : (i64) -> ()
  scf.if %own_b {
    memref.dealloc %b : memref<4xi64>
  }
  return
}
