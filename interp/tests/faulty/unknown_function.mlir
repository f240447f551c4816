// A call to an external function the interpreter does not know.
// FATAL: UnknownFunction 6:3
func.func private @mystery(i64)
func.func @main() {
  %c = arith.constant 1 : i64
  func.call @mystery(%c) : (i64) -> ()
  return
}
