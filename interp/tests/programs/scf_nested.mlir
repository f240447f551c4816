// Nested scf.for loops with several iter_args of different types, a negative-free triangular
// bound computed inside the loop, scf.if with multiple results inside loops, and an scf.for
// over i32 bounds.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %zi = arith.constant 0 : i64
  %zf = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %r:3 = scf.for %i = %c0 to %c10 step %c1 iter_args(%cnt = %zi, %sum = %zf, %evens = %zi) -> (i64, f64, i64) {
    %in:2 = scf.for %j = %i to %c10 step %c2 iter_args(%c = %cnt, %s = %sum) -> (i64, f64) {
      %one = arith.constant 1 : i64
      %c_next = arith.addi %c, %one : i64
      %jj = arith.index_cast %j : index to i64
      %jf = arith.sitofp %jj : i64 to f64
      %t = arith.mulf %jf, %half : f64
      %s_next = arith.addf %s, %t : f64
      scf.yield %c_next, %s_next : i64, f64
    }
    %ii = arith.index_cast %i : index to i64
    %two = arith.constant 2 : i64
    %rem = arith.remsi %ii, %two : i64
    %is_even = arith.cmpi eq, %rem, %zi : i64
    %e2, %tag = scf.if %is_even -> (i64, i64) {
      %one = arith.constant 1 : i64
      %e = arith.addi %evens, %one : i64
      scf.yield %e, %ii : i64, i64
    } else {
      %neg = arith.subi %zi, %ii : i64
      scf.yield %evens, %neg : i64, i64
    }
    func.call @printI64(%tag) : (i64) -> ()
    func.call @printComma() : () -> ()
    scf.yield %in#0, %in#1, %e2 : i64, f64, i64
  }
  func.call @printNewline() : () -> ()
  func.call @printI64(%r#0) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%r#1) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%r#2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %lb = arith.constant -5 : i32
  %ub = arith.constant 5 : i32
  %st = arith.constant 3 : i32
  %acc = scf.for %k = %lb to %ub step %st iter_args(%a = %zi) -> (i64) : i32 {
    %kk = arith.extsi %k : i32 to i64
    func.call @printI64(%kk) : (i64) -> ()
    func.call @printComma() : () -> ()
    %n = arith.addi %a, %kk : i64
    scf.yield %n : i64
  }
  func.call @printI64(%acc) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
