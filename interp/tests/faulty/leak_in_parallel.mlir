// A buffer allocated in every iteration of an scf.parallel and never freed: one leak per
// iteration, reported at the return with the allocation site inside the loop body.
// EXPECT: leak 11:3 site 9:10 times 4
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) {
    %m = memref.alloc() : memref<2xf64>
  }
  return
}
