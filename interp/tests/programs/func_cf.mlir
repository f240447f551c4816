// Calls, recursion, multiple results, indirect calls, and unstructured control flow:
// cf.br loops with block arguments, cf.cond_br, cf.switch and a passing cf.assert.
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()
func.func private @printOpen()
func.func private @printClose()

func.func @fib(%n: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %small = arith.cmpi slt, %n, %c2 : i64
  cf.cond_br %small, ^base, ^rec
^base:
  return %n : i64
^rec:
  %c1 = arith.constant 1 : i64
  %a = arith.subi %n, %c1 : i64
  %b = arith.subi %n, %c2 : i64
  %fa = func.call @fib(%a) : (i64) -> i64
  %fb = func.call @fib(%b) : (i64) -> i64
  %r = arith.addi %fa, %fb : i64
  return %r : i64
}

func.func @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  return %q, %r : i64, i64
}

func.func @twice(%x: i64) -> i64 {
  %r = arith.addi %x, %x : i64
  return %r : i64
}

func.func @classify(%x: i32) -> i64 {
  cf.switch %x : i32, [
    default: ^other,
    0: ^zero,
    5: ^five(%x : i32)
  ]
^zero:
  %c100 = arith.constant 100 : i64
  return %c100 : i64
^five(%v: i32):
  %e = arith.extsi %v : i32 to i64
  return %e : i64
^other:
  %m1 = arith.constant -1 : i64
  return %m1 : i64
}

func.func @main() {
  %c20 = arith.constant 20 : i64
  %f = func.call @fib(%c20) : (i64) -> i64
  func.call @printI64(%f) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c17 = arith.constant 17 : i64
  %c5 = arith.constant 5 : i64
  %q, %r = func.call @divmod(%c17, %c5) : (i64, i64) -> (i64, i64)
  func.call @printOpen() : () -> ()
  func.call @printI64(%q) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%r) : (i64) -> ()
  func.call @printClose() : () -> ()
  func.call @printNewline() : () -> ()
  %fn = func.constant @twice : (i64) -> i64
  %t = func.call_indirect %fn(%c17) : (i64) -> i64
  func.call @printI64(%t) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %ten = arith.constant 10 : i64
  cf.br ^loop(%zero, %zero : i64, i64)
^loop(%i: i64, %acc: i64):
  %done = arith.cmpi sge, %i, %ten : i64
  cf.cond_br %done, ^exit, ^body
^body:
  %acc2 = arith.addi %acc, %i : i64
  %i2 = arith.addi %i, %one : i64
  cf.br ^loop(%i2, %acc2 : i64, i64)
^exit:
  %ok = arith.cmpi eq, %acc, %c20 : i64
  %ok2 = arith.cmpi sgt, %acc, %zero : i64
  cf.assert %ok2, "sum must be positive"
  func.call @printI64(%acc) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %x0 = arith.constant 0 : i32
  %x5 = arith.constant 5 : i32
  %x9 = arith.constant 9 : i32
  %k0 = func.call @classify(%x0) : (i32) -> i64
  %k5 = func.call @classify(%x5) : (i32) -> i64
  %k9 = func.call @classify(%x9) : (i32) -> i64
  func.call @printI64(%k0) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%k5) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%k9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
