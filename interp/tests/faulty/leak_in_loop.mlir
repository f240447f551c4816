// One buffer per iteration, none freed: three leaks, all reported at the return with the
// allocation site inside the loop.
// EXPECT: leak 11:3 site 9:10 times 3
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %m = memref.alloc() : memref<2xf64>
  }
  return
}
