// Every integer division flavour on all sign combinations, at i32 and i64: truncating,
// ceiling and floor division, and both remainders.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @row32(%a: i32, %b: i32) {
  %q = arith.divsi %a, %b : i32
  %qu = arith.divui %a, %b : i32
  %c = arith.ceildivsi %a, %b : i32
  %cu = arith.ceildivui %a, %b : i32
  %f = arith.floordivsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %ru = arith.remui %a, %b : i32
  %vals = memref.alloca() : memref<7xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  memref.store %q, %vals[%c0] : memref<7xi32>
  memref.store %qu, %vals[%c1] : memref<7xi32>
  memref.store %c, %vals[%c2] : memref<7xi32>
  memref.store %cu, %vals[%c3] : memref<7xi32>
  memref.store %f, %vals[%c4] : memref<7xi32>
  memref.store %r, %vals[%c5] : memref<7xi32>
  memref.store %ru, %vals[%c6] : memref<7xi32>
  scf.for %i = %c0 to %c7 step %c1 {
    %v = memref.load %vals[%i] : memref<7xi32>
    %e = arith.extsi %v : i32 to i64
    func.call @printI64(%e) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

func.func @row64(%a: i64, %b: i64) {
  %q = arith.divsi %a, %b : i64
  %c = arith.ceildivsi %a, %b : i64
  %f = arith.floordivsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  func.call @printI64(%q) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%c) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%f) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %p7 = arith.constant 7 : i32
  %m7 = arith.constant -7 : i32
  %p2 = arith.constant 2 : i32
  %m2 = arith.constant -2 : i32
  %p3 = arith.constant 3 : i32
  func.call @row32(%p7, %p2) : (i32, i32) -> ()
  func.call @row32(%m7, %p2) : (i32, i32) -> ()
  func.call @row32(%p7, %m2) : (i32, i32) -> ()
  func.call @row32(%m7, %m2) : (i32, i32) -> ()
  func.call @row32(%p3, %p7) : (i32, i32) -> ()
  %a = arith.constant -1000000000007 : i64
  %b = arith.constant 13 : i64
  %mb = arith.constant -13 : i64
  func.call @row64(%a, %b) : (i64, i64) -> ()
  func.call @row64(%a, %mb) : (i64, i64) -> ()
  return
}
