// Unbounded recursion ends on the call-depth budget, not on a Rust stack overflow.
// MAX-DEPTH: 100000
// FATAL: CallDepthExceeded 7:3
func.func @down(%n: i64) {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  func.call @down(%m) : (i64) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : i64
  func.call @down(%c0) : (i64) -> ()
  return
}
