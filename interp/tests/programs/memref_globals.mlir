// memref.global: a constant lookup table read through get_global, a mutable global used as a
// counter across calls, an uninitialized global written before it is read, and a 2-D global.
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()

memref.global "private" constant @primes : memref<8xi32> = dense<[2, 3, 5, 7, 11, 13, 17, 19]>
memref.global "private" @counter : memref<i64> = dense<100>
memref.global "private" @scratch : memref<4xi64> = uninitialized
memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.5, 2.5, 3.5], [-1.0, 0.25, 8.0]]> {alignment = 64 : i64}

func.func @bump() -> i64 {
  %g = memref.get_global @counter : memref<i64>
  %v = memref.load %g[] : memref<i64>
  %one = arith.constant 1 : i64
  %n = arith.addi %v, %one : i64
  memref.store %n, %g[] : memref<i64>
  return %n : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %p = memref.get_global @primes : memref<8xi32>
  %z = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %p[%i] : memref<8xi32>
    %w = arith.extsi %v : i32 to i64
    %n = arith.addi %acc, %w : i64
    scf.yield %n : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  scf.for %i = %c0 to %c3 step %c1 {
    %b = func.call @bump() : () -> i64
    func.call @printI64(%b) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  %s = memref.get_global @scratch : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %b = func.call @bump() : () -> i64
    memref.store %b, %s[%i] : memref<4xi64>
  }
  %s2 = memref.get_global @scratch : memref<4xi64>
  %last = memref.load %s2[%c3] : memref<4xi64>
  func.call @printI64(%last) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %t = memref.get_global @table : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %t[%i, %j] : memref<2x3xf32>
      func.call @printF32(%v) : (f32) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  return
}
