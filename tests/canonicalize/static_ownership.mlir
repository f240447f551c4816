// RUN: dealloc-opt %s --canonicalize --split-input-file

// A block argument that every predecessor passes the same value (here the ownership flag
// `true`) is replaced by that value; the `scf.if` on it folds.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %x = arith.constant 7 : i64
  %c = arith.cmpi sgt, %x, %x : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %x, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a, %t : memref<2xi64>, i1)
^bb2:
  cf.br ^bb3(%a, %t : memref<2xi64>, i1)
^bb3(%m: memref<2xi64>, %own: i1):
  %v = memref.load %m[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  scf.if %own {
    memref.dealloc %m : memref<2xi64>
  }
  return
}

// -----

// Iteration arguments that never change (yielded back, or yielded as their init) are removed;
// `c ? c : !c` is `true`.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = arith.constant true
  %s0 = arith.constant 0 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %s0, %a[%c0] : memref<2xi64>
  %r:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %a, %own = %t, %sum = %s0) -> (memref<2xi64>, i1, i64) {
    %v = memref.load %m[%c0] : memref<2xi64>
    %i64 = arith.index_cast %i : index to i64
    %next = arith.addi %sum, %i64 : i64
    %nv = arith.addi %v, %next : i64
    memref.store %nv, %m[%c0] : memref<2xi64>
    scf.yield %m, %t, %next : memref<2xi64>, i1, i64
  }
  %v = memref.load %r#0[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printI64(%r#2) : (i64) -> ()
  %flags = memref.alloca() : memref<1xi1>
  %gt = arith.cmpi sgt, %v, %r#2 : i64
  memref.store %gt, %flags[%c0] : memref<1xi1>
  %cmp = memref.load %flags[%c0] : memref<1xi1>
  %not = arith.xori %cmp, %t : i1
  %always = arith.select %cmp, %cmp, %not : i1
  scf.if %always {
    memref.dealloc %r#0 : memref<2xi64>
  }
  return
}

// -----

// A single-block `scf.execute_region` is inlined; a loop running once runs in place; a switch
// on a constant keeps only its case; `memref.dim` of an allocation is its size.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 5 : i64
  %a = memref.alloc(%c3) : memref<?xi64>
  %r = scf.execute_region -> memref<?xi64> {
    memref.store %x, %a[%c0] : memref<?xi64>
    scf.yield %a : memref<?xi64>
  }
  %s = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %x) -> (i64) {
    %v = memref.load %r[%c0] : memref<?xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  func.call @printI64(%s) : (i64) -> ()
  %d = memref.dim %r, %c0 : memref<?xi64>
  %w = scf.index_switch %d -> i64
  case 2 {
    scf.yield %x : i64
  }
  case 3 {
    %v = memref.load %r[%c0] : memref<?xi64>
    scf.yield %v : i64
  }
  default {
    %z = arith.constant 0 : i64
    scf.yield %z : i64
  }
  func.call @printI64(%w) : (i64) -> ()
  memref.dealloc %a : memref<?xi64>
  return
}
