// A failing cf.assert ends the run with its message.
// FATAL: AssertionFailed 8:3
func.func @main() {
  %a = arith.constant 1 : i32
  %ok = arith.cmpi eq, %a, %a : i32
  cf.assert %ok, "never fails"
  %f = arith.constant false
  cf.assert %f, "expected failure"
  return
}
