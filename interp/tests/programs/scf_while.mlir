// scf.while whose before and after regions carry different types, a while loop that never
// runs its body, and a do-while shape (all work in the before region): gcd by subtraction,
// integer square root and digit sum.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @gcd(%a: i64, %b: i64) -> i64 {
  %r:2 = scf.while (%x = %a, %y = %b) : (i64, i64) -> (i64, i64) {
    %ne = arith.cmpi ne, %x, %y : i64
    scf.condition(%ne) %x, %y : i64, i64
  } do {
  ^bb0(%x: i64, %y: i64):
    %gt = arith.cmpi sgt, %x, %y : i64
    %nx, %ny = scf.if %gt -> (i64, i64) {
      %d = arith.subi %x, %y : i64
      scf.yield %d, %y : i64, i64
    } else {
      %d = arith.subi %y, %x : i64
      scf.yield %x, %d : i64, i64
    }
    scf.yield %nx, %ny : i64, i64
  }
  return %r#0 : i64
}

// The before region passes (i, i*i) to the after region, which only gets i back.
func.func @isqrt(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %z = arith.constant 0 : i64
  %r = scf.while (%i = %z) : (i64) -> i64 {
    %next = arith.addi %i, %one : i64
    %sq = arith.muli %next, %next : i64
    %le = arith.cmpi sle, %sq, %n : i64
    scf.condition(%le) %i : i64
  } do {
  ^bb0(%i: i64):
    %next = arith.addi %i, %one : i64
    scf.yield %next : i64
  }
  return %r : i64
}

// Do-while: the body runs in the before region; the after region just forwards.
func.func @digit_sum(%n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %ten = arith.constant 10 : i64
  %r:2 = scf.while (%m = %n, %s = %z) : (i64, i64) -> (i64, i64) {
    %d = arith.remsi %m, %ten : i64
    %s2 = arith.addi %s, %d : i64
    %m2 = arith.divsi %m, %ten : i64
    %more = arith.cmpi sgt, %m2, %z : i64
    scf.condition(%more) %m2, %s2 : i64, i64
  } do {
  ^bb0(%m: i64, %s: i64):
    scf.yield %m, %s : i64, i64
  }
  return %r#1 : i64
}

func.func @main() {
  %a = arith.constant 1071 : i64
  %b = arith.constant 462 : i64
  %g = func.call @gcd(%a, %b) : (i64, i64) -> i64
  func.call @printI64(%g) : (i64) -> ()
  func.call @printComma() : () -> ()
  %g2 = func.call @gcd(%b, %b) : (i64, i64) -> i64
  func.call @printI64(%g2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %n1 = arith.constant 1000000 : i64
  %n2 = arith.constant 999999 : i64
  %n3 = arith.constant 0 : i64
  %s1 = func.call @isqrt(%n1) : (i64) -> i64
  %s2 = func.call @isqrt(%n2) : (i64) -> i64
  %s3 = func.call @isqrt(%n3) : (i64) -> i64
  func.call @printI64(%s1) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%s2) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%s3) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %d = arith.constant 9876543210 : i64
  %ds = func.call @digit_sum(%d) : (i64) -> i64
  func.call @printI64(%ds) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
