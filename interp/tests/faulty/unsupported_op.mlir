// A registered op the interpreter does not implement ends the run with an error naming it.
// FATAL: UnsupportedOp 4:8
func.func @main() {
  %0 = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  return
}
