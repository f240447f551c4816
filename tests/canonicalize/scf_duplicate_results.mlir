// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// Both branches yield one value twice: the scf.if keeps one result, read at both places.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %m = memref.alloca() : memref<1xi64>
  memref.store %i3, %m[%c0] : memref<1xi64>
  %x = memref.load %m[%c0] : memref<1xi64>
  %c = arith.cmpi eq, %x, %i3 : i64
  %r:2 = scf.if %c -> (i64, i64) {
    %s = arith.addi %x, %i5 : i64
    scf.yield %s, %s : i64, i64
  } else {
    scf.yield %x, %x : i64, i64
  }
  %sum = arith.addi %r#0, %r#1 : i64
  func.call @printI64(%sum) : (i64) -> ()
  return
}

// -----

// A switch yields positions 0 and 2 alike in every case; position 1 differs in case 1, so
// it stays.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %m = memref.alloca() : memref<1xindex>
  %c1 = arith.constant 1 : index
  memref.store %c1, %m[%c0] : memref<1xindex>
  %k = memref.load %m[%c0] : memref<1xindex>
  %r:3 = scf.index_switch %k -> i64, i64, i64
  case 0 {
    scf.yield %i1, %i2, %i1 : i64, i64, i64
  }
  case 1 {
    %s = arith.addi %i1, %i2 : i64
    scf.yield %s, %i2, %s : i64, i64, i64
  }
  default {
    scf.yield %i2, %i2, %i2 : i64, i64, i64
  }
  %a = arith.addi %r#0, %r#1 : i64
  %b = arith.addi %a, %r#2 : i64
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// UPSTREAM-DIFFERS: mlir-opt-22 merges the switch's two flags too, but it combines only
// adjacent scf.if, so its two guards stay apart across the load between them (free_guards).
// Two buffers that one ownership flag could guard: a switch returns the flag twice, and after
// the merge the two guarded frees on it share one scf.if.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %i7 = arith.constant 7 : i64
  %m = memref.alloca() : memref<1xindex>
  memref.store %c1, %m[%c0] : memref<1xindex>
  %k = memref.load %m[%c0] : memref<1xindex>
  %r:4 = scf.index_switch %k -> memref<2xi64>, memref<2xi64>, i1, i1
  case 0 {
    %s = memref.alloca() : memref<2xi64>
    %t = memref.alloca() : memref<2xi64>
    memref.store %i7, %s[%c0] : memref<2xi64>
    memref.store %i7, %t[%c0] : memref<2xi64>
    scf.yield %s, %t, %false, %false : memref<2xi64>, memref<2xi64>, i1, i1
  }
  default {
    %s = memref.alloc() : memref<2xi64>
    %t = memref.alloc() : memref<2xi64>
    memref.store %i7, %s[%c0] : memref<2xi64>
    memref.store %i7, %t[%c0] : memref<2xi64>
    scf.yield %s, %t, %true, %true : memref<2xi64>, memref<2xi64>, i1, i1
  }
  %x = memref.load %r#0[%c0] : memref<2xi64>
  scf.if %r#2 {
    memref.dealloc %r#0 : memref<2xi64>
  }
  %y = memref.load %r#1[%c0] : memref<2xi64>
  scf.if %r#3 {
    memref.dealloc %r#1 : memref<2xi64>
  }
  %z = arith.addi %x, %y : i64
  func.call @printI64(%z) : (i64) -> ()
  return
}
