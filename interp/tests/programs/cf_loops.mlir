// Unstructured control flow only: a nested loop nest written with cf.br and block arguments
// (counting lattice points), a cf.switch state machine on i32, and a loop whose exit is
// taken from the middle of its body.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @lattice(%n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  cf.br ^outer(%z, %z : i64, i64)
^outer(%i: i64, %acc: i64):
  %more = arith.cmpi slt, %i, %n : i64
  cf.cond_br %more, ^inner_entry, ^done(%acc : i64)
^inner_entry:
  cf.br ^inner(%z, %acc : i64, i64)
^inner(%j: i64, %a: i64):
  %jm = arith.cmpi sle, %j, %i : i64
  cf.cond_br %jm, ^body, ^next_i(%a : i64)
^body:
  %ij = arith.muli %i, %j : i64
  %a2 = arith.addi %a, %ij : i64
  %j2 = arith.addi %j, %one : i64
  cf.br ^inner(%j2, %a2 : i64, i64)
^next_i(%a3: i64):
  %i2 = arith.addi %i, %one : i64
  cf.br ^outer(%i2, %a3 : i64, i64)
^done(%r: i64):
  return %r : i64
}

// A state machine: 0 -> 1 -> 2 -> 0 ... counting transitions until 10 visits of state 2.
func.func @machine() -> (i64, i64) {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %ten = arith.constant 10 : i64
  %s0 = arith.constant 0 : i32
  cf.br ^step(%s0, %z, %z : i32, i64, i64)
^step(%state: i32, %steps: i64, %visits: i64):
  %steps1 = arith.addi %steps, %one : i64
  cf.switch %state : i32, [
    default: ^other(%steps1 : i64),
    0: ^s0(%steps1 : i64),
    1: ^s1(%steps1 : i64),
    2: ^s2(%steps1, %visits : i64, i64)
  ]
^s0(%a: i64):
  %c1 = arith.constant 1 : i32
  cf.br ^step(%c1, %a, %visits : i32, i64, i64)
^s1(%b: i64):
  %odd = arith.andi %b, %one : i64
  %is_odd = arith.cmpi ne, %odd, %z : i64
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  %ns = arith.select %is_odd, %c7, %c2 : i32
  cf.br ^step(%ns, %b, %visits : i32, i64, i64)
^s2(%c: i64, %v: i64):
  %v1 = arith.addi %v, %one : i64
  %stop = arith.cmpi eq, %v1, %ten : i64
  %c0 = arith.constant 0 : i32
  cf.cond_br %stop, ^exit(%c, %v1 : i64, i64), ^step(%c0, %c, %v1 : i32, i64, i64)
^other(%d: i64):
  %c0b = arith.constant 0 : i32
  %d2 = arith.addi %d, %ten : i64
  cf.br ^step(%c0b, %d2, %visits : i32, i64, i64)
^exit(%e: i64, %f: i64):
  return %e, %f : i64, i64
}

func.func @main() {
  %n = arith.constant 7 : i64
  %l = func.call @lattice(%n) : (i64) -> i64
  func.call @printI64(%l) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %steps, %visits = func.call @machine() : () -> (i64, i64)
  func.call @printI64(%steps) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%visits) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
