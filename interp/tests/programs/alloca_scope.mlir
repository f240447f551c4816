// Stack allocation: memref.alloca inside memref.alloca_scope in a loop (the stack does not
// grow with the trip count), an alloca_scope with results, allocas in a callee that die on
// return, and a dynamically sized alloca.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @partial_sums(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloca(%n) : memref<?xi64>
  %z = arith.constant 0 : i64
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %v = arith.index_cast %i : index to i64
    %s = arith.addi %acc, %v : i64
    memref.store %s, %buf[%i] : memref<?xi64>
    scf.yield %s : i64
  }
  %last = arith.subi %n, %c1 : index
  %r = memref.load %buf[%last] : memref<?xi64>
  %same = arith.cmpi eq, %r, %total : i64
  cf.assert %same, "partial sums disagree"
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c1000 step %c1 iter_args(%acc = %z) -> (i64) {
    %r = memref.alloca_scope -> (i64) {
      %tmp = memref.alloca() : memref<64xi64>
      %v = arith.index_cast %i : index to i64
      memref.store %v, %tmp[%c0] : memref<64xi64>
      %w = memref.load %tmp[%c0] : memref<64xi64>
      %n = arith.addi %acc, %w : i64
      memref.alloca_scope.return %n : i64
    }
    scf.yield %r : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c10 = arith.constant 10 : index
  scf.for %k = %c1 to %c10 step %c1 {
    %p = func.call @partial_sums(%k) : (index) -> i64
    func.call @printI64(%p) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  memref.alloca_scope {
    %a = memref.alloca() : memref<2xi64>
    %seven = arith.constant 7 : i64
    memref.store %seven, %a[%c1] : memref<2xi64>
    %r = memref.load %a[%c1] : memref<2xi64>
    func.call @printI64(%r) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
