// memref.transpose permutes sizes and strides; copying the transposed view into a dense
// buffer materializes the transpose.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<2x3xi64>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %k = arith.muli %i, %c3 : index
      %l = arith.addi %k, %j : index
      %v = arith.index_cast %l : index to i64
      memref.store %v, %m[%i, %j] : memref<2x3xi64>
    }
  }
  %tr = memref.transpose %m (i, j) -> (j, i) : memref<2x3xi64> to memref<3x2xi64, strided<[1, 3]>>
  %dense = memref.alloc() : memref<3x2xi64>
  memref.copy %tr, %dense : memref<3x2xi64, strided<[1, 3]>> to memref<3x2xi64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %x = memref.load %dense[%i, %j] : memref<3x2xi64>
      func.call @printI64(%x) : (i64) -> ()
    }
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %dense : memref<3x2xi64>
  memref.dealloc %m : memref<2x3xi64>
  return
}
