// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// One run reaches the fixed point `mlir-opt-22 --canonicalize` reaches. The branch to ^bb2
// folds while the scf.execute_region around it is rebuilt without its unused result, which
// moves the blocks into a new op: the block the fold left unreachable must still be erased
// (it survived the run, and the next pass met a block no branch reaches; fuzz seed 97616965
// of buffer-deallocation-pipeline{reuse=true}). Then nothing in the loop body is needed.
func.func @late_unreachable_block(%out: memref<2xi64>, %other: memref<4xi64>, %k: i64) {
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %n = scf.while (%i = %i0) : (i64) -> (i64) {
    %more = arith.cmpi slt, %i, %i3 : i64
    scf.condition(%more) %i : i64
  } do {
  ^bb0(%j: i64):
    %unused = scf.execute_region -> (memref<2xi64>) {
      %pick = arith.cmpi ne, %k, %i2 : i64
      %chosen = scf.if %pick -> (memref<4xi64>) {
        scf.yield %other : memref<4xi64>
      } else {
        %fresh = memref.alloc() : memref<4xi64>
        scf.yield %fresh : memref<4xi64>
      }
      %always = arith.cmpi ne, %i2, %i0 : i64
      cf.cond_br %always, ^bb1, ^bb2
    ^bb1:
      %buf = memref.alloc() : memref<4xi64>
      memref.store %i4, %buf[%c3] : memref<4xi64>
      cf.br ^bb3(%out, %buf : memref<2xi64>, memref<4xi64>)
    ^bb2:
      cf.br ^bb3(%out, %chosen : memref<2xi64>, memref<4xi64>)
    ^bb3(%a: memref<2xi64>, %b: memref<4xi64>):
      scf.yield %out : memref<2xi64>
    }
    %next = arith.addi %j, %i1 : i64
    scf.yield %next : i64
  }
  return
}

// -----

// The same in a function that runs (it prints 3): the loop keeps the store the program
// prints, and the block the fold left unreachable goes, with the scf.if only it used.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %acc = memref.alloc() : memref<1xi64>
  memref.store %i0, %acc[%c0] : memref<1xi64>
  %n = scf.while (%i = %i0) : (i64) -> (i64) {
    %more = arith.cmpi slt, %i, %i3 : i64
    scf.condition(%more) %i : i64
  } do {
  ^bb0(%j: i64):
    %unused = scf.execute_region -> (i64) {
      %never = arith.cmpi eq, %j, %i3 : i64
      %chosen = scf.if %never -> (memref<1xi64>) {
        %fresh = memref.alloc() : memref<1xi64>
        scf.yield %fresh : memref<1xi64>
      } else {
        scf.yield %acc : memref<1xi64>
      }
      %always = arith.cmpi ne, %i2, %i0 : i64
      cf.cond_br %always, ^bb1, ^bb2
    ^bb1:
      %old = memref.load %acc[%c0] : memref<1xi64>
      %new = arith.addi %old, %j : i64
      memref.store %new, %acc[%c0] : memref<1xi64>
      cf.br ^bb3(%acc : memref<1xi64>)
    ^bb2:
      cf.br ^bb3(%chosen : memref<1xi64>)
    ^bb3(%v: memref<1xi64>):
      scf.yield %j : i64
    }
    %next = arith.addi %j, %i1 : i64
    scf.yield %next : i64
  }
  %sum = memref.load %acc[%c0] : memref<1xi64>
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %acc : memref<1xi64>
  return
}
