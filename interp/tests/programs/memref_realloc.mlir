// memref.realloc: a growable vector that doubles its capacity (static and dynamic result
// sizes), keeping its prefix; a shrinking realloc; and the old buffer is gone afterwards.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %init = memref.alloc() : memref<2xi64>
  %start = memref.cast %init : memref<2xi64> to memref<?xi64>
  // Push 0..19, doubling the capacity when full.
  %vec, %cap = scf.for %i = %c0 to %c20 step %c1 iter_args(%v = %start, %n = %c2) -> (memref<?xi64>, index) {
    %full = arith.cmpi eq, %i, %n : index
    %v2, %n2 = scf.if %full -> (memref<?xi64>, index) {
      %double = arith.muli %n, %c2 : index
      %grown = memref.realloc %v(%double) : memref<?xi64> to memref<?xi64>
      scf.yield %grown, %double : memref<?xi64>, index
    } else {
      scf.yield %v, %n : memref<?xi64>, index
    }
    %val = arith.index_cast %i : index to i64
    %sq = arith.muli %val, %val : i64
    memref.store %sq, %v2[%i] : memref<?xi64>
    scf.yield %v2, %n2 : memref<?xi64>, index
  }
  %capi = arith.index_cast %cap : index to i64
  func.call @printI64(%capi) : (i64) -> ()
  func.call @printNewline() : () -> ()
  scf.for %i = %c0 to %c20 step %c1 {
    %v = memref.load %vec[%i] : memref<?xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  // Shrink to a static size of 5.
  %small = memref.realloc %vec : memref<?xi64> to memref<5xi64>
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %v = memref.load %small[%i] : memref<5xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  memref.dealloc %small : memref<5xi64>
  return
}
