// RUN: dealloc-opt %s --hlo-deallocate --split-input-file
// NO-MLIR-OPT: the output uses the MLIR-HLO deallocation dialect

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// `func.constant` of a function gaining an ownership result takes the new type, and the
// `func.call_indirect` of it gets an ownership result the caller owns, as a direct call does;
// the address of a function without memref results, or of a declaration, keeps its type.
func.func private @printI64(i64)
func.func private @external(i64) -> memref<2xi64>

func.func @fresh(%v: i64) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  return %a : memref<2xi64>
}

func.func @load(%a: memref<2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<2xi64>
  return %x : i64
}

func.func @main() {
  %k = arith.constant 5 : i64
  %f = func.constant @fresh : (i64) -> memref<2xi64>
  %g = func.constant @load : (memref<2xi64>) -> i64
  %m = func.call_indirect %f(%k) : (i64) -> memref<2xi64>
  %x = func.call_indirect %g(%m) : (memref<2xi64>) -> i64
  call @printI64(%x) : (i64) -> ()
  return
}

// An external function's address: the caller owns nothing it returns.
func.func @not_main(%k: i64) -> i64 {
  %e = func.constant @external : (i64) -> memref<2xi64>
  %m = func.call_indirect %e(%k) : (i64) -> memref<2xi64>
  %x = call @load(%m) : (memref<2xi64>) -> i64
  return %x : i64
}
