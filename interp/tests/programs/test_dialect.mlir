// NO-DIFFERENTIAL
// (the upstream test dialect has no lowering to LLVM)
// The test dialect ops MLIR's buffer-deallocation tests use: test.copy and
// test.buffer_based copy their input to their output, test.region_buffer_based runs its
// region element-wise (allocating and freeing a temporary in every run), test.read_buffer
// reads every element, test.forward_buffer returns its operand, and test.region_if takes its
// then region and then its join region.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%m: memref<3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %v = memref.load %m[%i] : memref<3xi64>
    func.call @printI64(%v) : (i64) -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<3xi64>
  %b = memref.alloc() : memref<3xi64>
  %c = memref.alloc() : memref<3xi64>
  %x = arith.constant 5 : i64
  %y = arith.constant 6 : i64
  %w = arith.constant 7 : i64
  memref.store %x, %a[%c0] : memref<3xi64>
  memref.store %y, %a[%c1] : memref<3xi64>
  memref.store %w, %a[%c2] : memref<3xi64>
  test.copy(%a, %b) : (memref<3xi64>, memref<3xi64>)
  func.call @show(%b) : (memref<3xi64>) -> ()
  test.buffer_based in(%a : memref<3xi64>) out(%c : memref<3xi64>)
  func.call @show(%c) : (memref<3xi64>) -> ()
  // %c[i] = %a[i] * 10; the region ignores its output argument.
  test.region_buffer_based in(%a : memref<3xi64>) out(%c : memref<3xi64>) {
  ^bb0(%in: i64, %out: i64):
    %tmp = memref.alloc() : memref<3xi64>
    test.buffer_based in(%a : memref<3xi64>) out(%tmp : memref<3xi64>)
    "test.read_buffer"(%tmp) : (memref<3xi64>) -> ()
    memref.dealloc %tmp : memref<3xi64>
    %ten = arith.constant 10 : i64
    %r = arith.muli %in, %ten : i64
    test.region_yield %r : i64
  }
  func.call @show(%c) : (memref<3xi64>) -> ()
  // The output argument read: %b[i] += %a[i].
  test.region_buffer_based in(%a : memref<3xi64>) out(%b : memref<3xi64>) {
  ^bb0(%in: i64, %out: i64):
    %r = arith.addi %in, %out : i64
    test.region_yield %r : i64
  }
  func.call @show(%b) : (memref<3xi64>) -> ()
  %f = "test.forward_buffer"(%b) : (memref<3xi64>) -> memref<3xi64>
  "test.read_buffer"(%f) : (memref<3xi64>) -> ()
  %r = test.region_if %a, %c : memref<3xi64>, memref<3xi64> -> memref<3xi64> then {
  ^bb0(%t0: memref<3xi64>, %t1: memref<3xi64>):
    test.region_if_yield %t1 : memref<3xi64>
  } else {
  ^bb0(%e0: memref<3xi64>, %e1: memref<3xi64>):
    test.region_if_yield %e0 : memref<3xi64>
  } join {
  ^bb0(%j: memref<3xi64>):
    test.region_if_yield %j : memref<3xi64>
  }
  func.call @show(%r) : (memref<3xi64>) -> ()
  memref.dealloc %a : memref<3xi64>
  memref.dealloc %b : memref<3xi64>
  memref.dealloc %c : memref<3xi64>
  return
}
