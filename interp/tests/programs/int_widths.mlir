// Integer arithmetic at i1, i8, i16, i32 and i64: every result wraps at its own width and is
// printed sign- and zero-extended, so a wrong width shows as a wrong number.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @s8(%x: i8) {
  %e = arith.extsi %x : i8 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @u8(%x: i8) {
  %e = arith.extui %x : i8 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @s16(%x: i16) {
  %e = arith.extsi %x : i16 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @s32(%x: i32) {
  %e = arith.extsi %x : i32 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @b(%x: i1) {
  %e = arith.extui %x : i1 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a8 = arith.constant 100 : i8
  %b8 = arith.constant 100 : i8
  %s8 = arith.addi %a8, %b8 : i8
  func.call @s8(%s8) : (i8) -> ()
  func.call @u8(%s8) : (i8) -> ()
  %m8 = arith.muli %a8, %b8 : i8
  func.call @s8(%m8) : (i8) -> ()
  %n8 = arith.subi %s8, %a8 : i8
  func.call @s8(%n8) : (i8) -> ()
  %a16 = arith.constant 30000 : i16
  %s16 = arith.addi %a16, %a16 : i16
  func.call @s16(%s16) : (i16) -> ()
  %m16 = arith.muli %a16, %a16 : i16
  func.call @s16(%m16) : (i16) -> ()
  %a32 = arith.constant 2147483647 : i32
  %one32 = arith.constant 1 : i32
  %s32 = arith.addi %a32, %one32 : i32
  func.call @s32(%s32) : (i32) -> ()
  %m32 = arith.muli %a32, %a32 : i32
  func.call @s32(%m32) : (i32) -> ()
  %t = arith.constant true
  %f = arith.constant false
  %x1 = arith.xori %t, %t : i1
  func.call @b(%x1) : (i1) -> ()
  %a1 = arith.addi %t, %t : i1
  func.call @b(%a1) : (i1) -> ()
  %o1 = arith.ori %t, %f : i1
  func.call @b(%o1) : (i1) -> ()
  %max = arith.constant 9223372036854775807 : i64
  %one = arith.constant 1 : i64
  %wrap = arith.addi %max, %one : i64
  func.call @printI64(%wrap) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %one8 = arith.constant 1 : i8
  %neg = arith.constant -128 : i8
  %neg2 = arith.subi %neg, %one8 : i8
  func.call @s8(%neg2) : (i8) -> ()
  return
}
