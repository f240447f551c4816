// Extended arithmetic: the carry of addui_extended and the high halves of mulsi_extended and
// mului_extended, at i8, i32 and i64, used to build a 128-bit product.
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %a = arith.constant 200 : i8
  %b = arith.constant 100 : i8
  %s, %c = arith.addui_extended %a, %b : i8, i1
  %se = arith.extui %s : i8 to i64
  %ce = arith.extui %c : i1 to i64
  func.call @printI64(%se) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%ce) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %lo, %hi = arith.mulsi_extended %a, %b : i8
  %loe = arith.extui %lo : i8 to i64
  %hie = arith.extsi %hi : i8 to i64
  func.call @printI64(%loe) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%hie) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %ulo, %uhi = arith.mului_extended %a, %b : i8
  %uloe = arith.extui %ulo : i8 to i64
  %uhie = arith.extui %uhi : i8 to i64
  func.call @printI64(%uloe) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%uhie) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %x = arith.constant -3 : i32
  %y = arith.constant 1000000000 : i32
  %l32, %h32 = arith.mulsi_extended %x, %y : i32
  %l32e = arith.extsi %l32 : i32 to i64
  %h32e = arith.extsi %h32 : i32 to i64
  func.call @printI64(%l32e) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%h32e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %p = arith.constant -1 : i64
  %q = arith.constant 12345678901234 : i64
  %l64, %h64 = arith.mului_extended %p, %q : i64
  func.call @printU64(%l64) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printU64(%h64) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %s64, %c64 = arith.addui_extended %p, %q : i64, i1
  %c64e = arith.extui %c64 : i1 to i64
  func.call @printI64(%s64) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%c64e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
