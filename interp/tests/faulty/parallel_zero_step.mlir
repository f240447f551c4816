// A dynamic zero step of scf.parallel: the real loop never ends; undefined behaviour.
// FATAL: UndefinedBehavior 7:3
func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s = arith.subi %c2, %c2 : index
  scf.parallel (%i) = (%c0) to (%c2) step (%s) {
  }
  return
}
