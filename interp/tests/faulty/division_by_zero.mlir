// Integer division by zero is immediate undefined behaviour.
// FATAL: UndefinedBehavior 6:8
func.func @main() {
  %a = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %q = arith.divsi %a, %z : i32
  return
}
