// All sixteen cmpf predicates on ordered, equal and NaN operands, packed into one number per
// pair, plus select on floats.
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @bit(%acc: i64, %b: i1) -> i64 {
  %one = arith.constant 1 : i64
  %e = arith.extui %b : i1 to i64
  %s = arith.shli %acc, %one : i64
  %o = arith.ori %s, %e : i64
  return %o : i64
}

func.func @cmp(%a: f32, %b: f32) {
  %z = arith.constant 0 : i64
  %0 = arith.cmpf false, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %b : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf oge, %a, %b : f32
  %4 = arith.cmpf olt, %a, %b : f32
  %5 = arith.cmpf ole, %a, %b : f32
  %6 = arith.cmpf one, %a, %b : f32
  %7 = arith.cmpf ord, %a, %b : f32
  %8 = arith.cmpf ueq, %a, %b : f32
  %9 = arith.cmpf ugt, %a, %b : f32
  %10 = arith.cmpf uge, %a, %b : f32
  %11 = arith.cmpf ult, %a, %b : f32
  %12 = arith.cmpf ule, %a, %b : f32
  %13 = arith.cmpf une, %a, %b : f32
  %14 = arith.cmpf uno, %a, %b : f32
  %15 = arith.cmpf true, %a, %b : f32
  %r0 = func.call @bit(%z, %0) : (i64, i1) -> i64
  %r1 = func.call @bit(%r0, %1) : (i64, i1) -> i64
  %r2 = func.call @bit(%r1, %2) : (i64, i1) -> i64
  %r3 = func.call @bit(%r2, %3) : (i64, i1) -> i64
  %r4 = func.call @bit(%r3, %4) : (i64, i1) -> i64
  %r5 = func.call @bit(%r4, %5) : (i64, i1) -> i64
  %r6 = func.call @bit(%r5, %6) : (i64, i1) -> i64
  %r7 = func.call @bit(%r6, %7) : (i64, i1) -> i64
  %r8 = func.call @bit(%r7, %8) : (i64, i1) -> i64
  %r9 = func.call @bit(%r8, %9) : (i64, i1) -> i64
  %r10 = func.call @bit(%r9, %10) : (i64, i1) -> i64
  %r11 = func.call @bit(%r10, %11) : (i64, i1) -> i64
  %r12 = func.call @bit(%r11, %12) : (i64, i1) -> i64
  %r13 = func.call @bit(%r12, %13) : (i64, i1) -> i64
  %r14 = func.call @bit(%r13, %14) : (i64, i1) -> i64
  %r15 = func.call @bit(%r14, %15) : (i64, i1) -> i64
  func.call @printI64(%r15) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %lt = arith.cmpf olt, %a, %b : f32
  %min = arith.select %lt, %a, %b : f32
  func.call @printF32(%min) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %mz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  func.call @cmp(%one, %two) : (f32, f32) -> ()
  func.call @cmp(%two, %one) : (f32, f32) -> ()
  func.call @cmp(%one, %one) : (f32, f32) -> ()
  func.call @cmp(%one, %nan) : (f32, f32) -> ()
  func.call @cmp(%nan, %nan) : (f32, f32) -> ()
  func.call @cmp(%mz, %pz) : (f32, f32) -> ()
  return
}
