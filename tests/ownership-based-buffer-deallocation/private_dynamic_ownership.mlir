// RUN: dealloc-opt %s --ownership-based-buffer-deallocation=private-function-dynamic-ownership=true --split-input-file

func.func private @printI64(i64)
func.func private @printNewline()

// With the option, private functions return their ownership instead of cloning.
func.func private @maybe_fresh(%c: i1, %m: memref<2xi64>) -> memref<2xi64> {
  %r = scf.if %c -> memref<2xi64> {
    %a = memref.alloc() : memref<2xi64>
    %k = arith.constant 5 : i64
    %c0 = arith.constant 0 : index
    memref.store %k, %a[%c0] : memref<2xi64>
    scf.yield %a : memref<2xi64>
  } else {
    scf.yield %m : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<2xi64>
  %k = arith.constant 9 : i64
  memref.store %k, %m[%c0] : memref<2xi64>
  %a = func.call @maybe_fresh(%t, %m) : (i1, memref<2xi64>) -> memref<2xi64>
  %b = func.call @maybe_fresh(%f, %m) : (i1, memref<2xi64>) -> memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  %y = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
