// A registered op the interpreter does not implement ends the run with an error naming it.
// FATAL: UnsupportedOp 7:3
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.reduce
  }
  return
}
