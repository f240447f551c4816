// scf.index_switch over every case and the default, with results and with none;
// scf.execute_region with internal cf branches and multiple results; scf.if without else
// nested inside both.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @classify(%i: index) -> (i64, i64) {
  %r:2 = scf.index_switch %i -> i64, i64
  case 0 {
    %a = arith.constant 100 : i64
    %b = arith.constant 0 : i64
    scf.yield %a, %b : i64, i64
  }
  case 3 {
    %a = arith.constant 300 : i64
    %b = arith.constant 3 : i64
    scf.yield %a, %b : i64, i64
  }
  case 5 {
    %a = arith.constant 500 : i64
    %b = scf.execute_region -> i64 {
      %t = arith.constant 55 : i64
      scf.yield %t : i64
    }
    scf.yield %a, %b : i64, i64
  }
  default {
    %a = arith.constant -1 : i64
    %b = arith.index_cast %i : index to i64
    scf.yield %a, %b : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %c7 step %c1 {
    %a, %b = func.call @classify(%i) : (index) -> (i64, i64)
    func.call @printI64(%a) : (i64) -> ()
    func.call @printComma() : () -> ()
    func.call @printI64(%b) : (i64) -> ()
    func.call @printNewline() : () -> ()
    scf.index_switch %i
    case 2 {
      %two = arith.constant 2222 : i64
      func.call @printI64(%two) : (i64) -> ()
      func.call @printNewline() : () -> ()
      scf.yield
    }
    default {
    }
  }
  %x = arith.constant 17 : i64
  %q, %r = scf.execute_region -> (i64, i64) {
    %five = arith.constant 5 : i64
    %z = arith.constant 0 : i64
    %big = arith.cmpi sgt, %x, %five : i64
    cf.cond_br %big, ^reduce(%x : i64), ^out(%z, %x : i64, i64)
  ^reduce(%v: i64):
    %qq = arith.divsi %v, %five : i64
    %rr = arith.remsi %v, %five : i64
    %odd = arith.cmpi ne, %rr, %z : i64
    scf.if %odd {
      %m = arith.constant -99 : i64
      func.call @printI64(%m) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
    cf.br ^out(%qq, %rr : i64, i64)
  ^out(%a: i64, %b: i64):
    scf.yield %a, %b : i64, i64
  }
  func.call @printI64(%q) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
