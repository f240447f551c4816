// Structured control flow: scf.if with results, nested scf.for with iter_args, scf.while
// (collatz), scf.execute_region with several blocks, scf.index_switch, and a loop that
// never runs.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @p(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i64
  %total = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i64) {
    %inner = scf.for %j = %c0 to %i step %c1 iter_args(%a2 = %acc) -> (i64) {
      %jj = arith.index_cast %j : index to i64
      %n = arith.addi %a2, %jj : i64
      scf.yield %n : i64
    }
    scf.yield %inner : i64
  }
  func.call @p(%total) : (i64) -> ()
  %t = arith.constant true
  %v = scf.if %t -> (i64) {
    %c7 = arith.constant 7 : i64
    scf.yield %c7 : i64
  } else {
    %c8 = arith.constant 8 : i64
    scf.yield %c8 : i64
  }
  func.call @p(%v) : (i64) -> ()
  %f = arith.constant false
  scf.if %f {
    %c9 = arith.constant 9 : i64
    func.call @p(%c9) : (i64) -> ()
  }
  %start = arith.constant 27 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %steps:2 = scf.while (%x = %start, %n = %z) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %x, %one : i64
    scf.condition(%more) %x, %n : i64, i64
  } do {
  ^bb0(%x: i64, %n: i64):
    %r = arith.remui %x, %two : i64
    %even = arith.cmpi eq, %r, %z : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %x, %two : i64
      scf.yield %h : i64
    } else {
      %m = arith.muli %x, %three : i64
      %p1 = arith.addi %m, %one : i64
      scf.yield %p1 : i64
    }
    %n1 = arith.addi %n, %one : i64
    scf.yield %next, %n1 : i64, i64
  }
  func.call @p(%steps#1) : (i64) -> ()
  %e = scf.execute_region -> i64 {
    %c = arith.cmpi sgt, %total, %z : i64
    cf.cond_br %c, ^a, ^b
  ^a:
    %c42 = arith.constant 42 : i64
    scf.yield %c42 : i64
  ^b:
    scf.yield %z : i64
  }
  func.call @p(%e) : (i64) -> ()
  %sw = scf.index_switch %c4 -> i64
  case 2 {
    %c2 = arith.constant 2 : i64
    scf.yield %c2 : i64
  }
  case 4 {
    %c44 = arith.constant 44 : i64
    scf.yield %c44 : i64
  }
  default {
    %cm = arith.constant -1 : i64
    scf.yield %cm : i64
  }
  func.call @p(%sw) : (i64) -> ()
  %never = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %one) -> (i64) {
    scf.yield %z : i64
  }
  func.call @p(%never) : (i64) -> ()
  return
}
