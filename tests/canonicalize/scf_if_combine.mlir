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
