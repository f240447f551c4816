// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// Two scf.if in a row on one condition become one: inside the second, the results of the
// first read what the branch that ran yielded (%a is the select of %i1 and %i2 then).
func.func private @printI64(i64)
func.func @main() {
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %n = func.call @flag(%i1) : (i64) -> i1
  %a = scf.if %n -> (i64) {
    func.call @printI64(%i1) : (i64) -> ()
    scf.yield %i1 : i64
  } else {
    func.call @printI64(%i2) : (i64) -> ()
    scf.yield %i2 : i64
  }
  %b = scf.if %n -> (i64) {
    %s = arith.addi %a, %a : i64
    scf.yield %s : i64
  } else {
    %s = arith.muli %a, %i2 : i64
    func.call @printI64(%s) : (i64) -> ()
    scf.yield %a : i64
  }
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  scf.if %n {
    func.call @printI64(%i2) : (i64) -> ()
  }
  scf.if %n {
    func.call @printI64(%i1) : (i64) -> ()
  } else {
    func.call @printI64(%b) : (i64) -> ()
  }
  return
}
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi eq, %x, %i1 : i64
  return %c : i1
}

// -----

// UPSTREAM-DIFFERS: mlir-opt-22 combines only adjacent scf.if; we also move up to 8 pure ops
// that stand between them and do not read the first one's results (here the negated condition
// and an addition of constants) above the first, then combine; the combined scf.if yields the
// buffer freed after it.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %true = arith.constant true
  %n = func.call @flag(%i1) : (i64) -> i1
  %buf = scf.if %n -> (memref<2xi64>) {
    %m = memref.alloc() : memref<2xi64>
    memref.store %i1, %m[%c0] : memref<2xi64>
    scf.yield %m : memref<2xi64>
  } else {
    %m = memref.alloc() : memref<2xi64>
    memref.store %i2, %m[%c0] : memref<2xi64>
    scf.yield %m : memref<2xi64>
  }
  %not = arith.xori %n, %true : i1
  %sum = arith.addi %i1, %i2 : i64
  scf.if %n {
    %v = memref.load %buf[%c0] : memref<2xi64>
    func.call @printI64(%v) : (i64) -> ()
  } else {
    func.call @printI64(%sum) : (i64) -> ()
  }
  memref.dealloc %buf : memref<2xi64>
  %w = arith.extui %not : i1 to i64
  func.call @printI64(%w) : (i64) -> ()
  return
}
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi eq, %x, %i1 : i64
  return %c : i1
}

// -----

// An op between the two scf.if reads the first one's result: it cannot move above it, and
// the two stay apart (as in mlir-opt-22; the first, yielding only values, becomes a select).
func.func private @printI64(i64)
func.func @main() {
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %n = func.call @flag(%i1) : (i64) -> i1
  %a = scf.if %n -> (i64) {
    scf.yield %i1 : i64
  } else {
    scf.yield %i2 : i64
  }
  %d = arith.addi %a, %a : i64
  scf.if %n {
    func.call @printI64(%d) : (i64) -> ()
  } else {
    func.call @printI64(%i2) : (i64) -> ()
  }
  return
}
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi eq, %x, %i1 : i64
  return %c : i1
}
