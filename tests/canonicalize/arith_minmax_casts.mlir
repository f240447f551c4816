// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// `arith.extui` of `true` is the constant 1 (zero-extended), `arith.extsi` of `-3 : i32` is -3.
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %m = arith.constant -3 : i32
  %a = arith.extui %t : i1 to i64
  %b = arith.extsi %m : i32 to i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// `arith.extui` of `-3 : i32` is 4294967293 (its 32 bits read unsigned), `arith.extsi` of `true` is -1.
func.func private @printI64(i64)
func.func @main() {
  %t = arith.constant true
  %m = arith.constant -3 : i32
  %a = arith.extui %m : i32 to i64
  %b = arith.extsi %t : i1 to i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// `arith.trunci` of 260 to `i8` keeps its low 8 bits: 4.
func.func private @printI64(i64)
func.func @main() {
  %c = arith.constant 260 : i64
  %t = arith.trunci %c : i64 to i8
  %b = arith.extsi %t : i8 to i64
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// `arith.maxsi` / `arith.minui` of two constants: signed, 2 beats -5; unsigned, 2 is below -5 (2^64 - 5).
func.func private @printI64(i64)
func.func @main() {
  %c2 = arith.constant 2 : i64
  %cm = arith.constant -5 : i64
  %a = arith.maxsi %c2, %cm : i64
  %b = arith.minui %cm, %c2 : i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// `arith.minsi` / `arith.maxui` of two constants: -5 signed, 2^64 - 5 unsigned.
func.func private @printI64(i64)
func.func @main() {
  %c2 = arith.constant 2 : i64
  %cm = arith.constant -5 : i64
  %a = arith.minsi %c2, %cm : i64
  %b = arith.maxui %c2, %cm : i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  return
}

// -----

// The minimum or maximum of a value with itself is the value.
func.func private @printI64(i64)
func.func @main() {
  %c2 = arith.constant 2 : i64
  %n = func.call @id(%c2) : (i64) -> i64
  %a = arith.maxsi %n, %n : i64
  %b = arith.minui %n, %n : i64
  %c = arith.minsi %a, %a : i64
  %d = arith.maxui %b, %b : i64
  func.call @printI64(%c) : (i64) -> ()
  func.call @printI64(%d) : (i64) -> ()
  return
}
func.func private @id(%x: i64) -> i64 {
  return %x : i64
}
