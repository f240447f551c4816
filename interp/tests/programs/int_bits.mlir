// Bitwise ops, shifts (including shift amounts at the edge of the width), signed and unsigned
// min/max, and all ten cmpi predicates, at i16 and i64.
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @p16(%x: i16) {
  %e = arith.extsi %x : i16 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printComma() : () -> ()
  return
}

func.func @cmp(%a: i64, %b: i64) {
  %0 = arith.cmpi eq, %a, %b : i64
  %1 = arith.cmpi ne, %a, %b : i64
  %2 = arith.cmpi slt, %a, %b : i64
  %3 = arith.cmpi sle, %a, %b : i64
  %4 = arith.cmpi sgt, %a, %b : i64
  %5 = arith.cmpi sge, %a, %b : i64
  %6 = arith.cmpi ult, %a, %b : i64
  %7 = arith.cmpi ule, %a, %b : i64
  %8 = arith.cmpi ugt, %a, %b : i64
  %9 = arith.cmpi uge, %a, %b : i64
  %z = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %bits = memref.alloca() : memref<10xi1>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %i6 = arith.constant 6 : index
  %i7 = arith.constant 7 : index
  %i8 = arith.constant 8 : index
  %i9 = arith.constant 9 : index
  %i10 = arith.constant 10 : index
  memref.store %0, %bits[%i0] : memref<10xi1>
  memref.store %1, %bits[%i1] : memref<10xi1>
  memref.store %2, %bits[%i2] : memref<10xi1>
  memref.store %3, %bits[%i3] : memref<10xi1>
  memref.store %4, %bits[%i4] : memref<10xi1>
  memref.store %5, %bits[%i5] : memref<10xi1>
  memref.store %6, %bits[%i6] : memref<10xi1>
  memref.store %7, %bits[%i7] : memref<10xi1>
  memref.store %8, %bits[%i8] : memref<10xi1>
  memref.store %9, %bits[%i9] : memref<10xi1>
  %mask = scf.for %i = %i0 to %i10 step %i1 iter_args(%acc = %z) -> (i64) {
    %bit = memref.load %bits[%i] : memref<10xi1>
    %e = arith.extui %bit : i1 to i64
    %sh = arith.shli %acc, %c1 : i64
    %o = arith.ori %sh, %e : i64
    scf.yield %o : i64
  }
  func.call @printI64(%mask) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant -21846 : i16
  %b = arith.constant 3855 : i16
  %and = arith.andi %a, %b : i16
  %or = arith.ori %a, %b : i16
  %xor = arith.xori %a, %b : i16
  func.call @p16(%and) : (i16) -> ()
  func.call @p16(%or) : (i16) -> ()
  func.call @p16(%xor) : (i16) -> ()
  %s3 = arith.constant 3 : i16
  %s15 = arith.constant 15 : i16
  %shl = arith.shli %b, %s3 : i16
  %shl15 = arith.shli %b, %s15 : i16
  %shrs = arith.shrsi %a, %s3 : i16
  %shru = arith.shrui %a, %s3 : i16
  %shrs15 = arith.shrsi %a, %s15 : i16
  func.call @p16(%shl) : (i16) -> ()
  func.call @p16(%shl15) : (i16) -> ()
  func.call @p16(%shrs) : (i16) -> ()
  func.call @p16(%shru) : (i16) -> ()
  func.call @p16(%shrs15) : (i16) -> ()
  %maxs = arith.maxsi %a, %b : i16
  %maxu = arith.maxui %a, %b : i16
  %mins = arith.minsi %a, %b : i16
  %minu = arith.minui %a, %b : i16
  func.call @p16(%maxs) : (i16) -> ()
  func.call @p16(%maxu) : (i16) -> ()
  func.call @p16(%mins) : (i16) -> ()
  func.call @p16(%minu) : (i16) -> ()
  func.call @printNewline() : () -> ()
  %big = arith.constant -1 : i64
  func.call @printU64(%big) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %x = arith.constant -5 : i64
  %y = arith.constant 7 : i64
  func.call @cmp(%x, %y) : (i64, i64) -> ()
  func.call @cmp(%y, %x) : (i64, i64) -> ()
  func.call @cmp(%y, %y) : (i64, i64) -> ()
  return
}
