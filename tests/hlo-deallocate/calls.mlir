// RUN: dealloc-opt %s --hlo-deallocate --split-input-file
// NO-MLIR-OPT: the output uses the MLIR-HLO deallocation dialect

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// The call-graph examples of seed 004 (mlir-hlo.md §2.1, calls): every memref result gets
// an ownership result; ownership is never passed to a callee; a result that is an argument
// comes back with null ownership (no double free, unlike the README's warning).

// @id / @user: a function returning its argument.
func.func private @printI64(i64)

func.func @id(%a: memref<2xi64>) -> memref<2xi64> {
  return %a : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 11 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %r = call @id(%a) : (memref<2xi64>) -> memref<2xi64>
  %x = memref.load %r[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @ite / @user: a result that is a fresh buffer or an argument, chosen at run time.
func.func private @printI64(i64)

func.func @ite(%c: i1, %a: memref<2xi64>) -> memref<2xi64> {
  %r = scf.if %c -> (memref<2xi64>) {
    %n = memref.alloc() : memref<2xi64>
    memref.copy %a, %n : memref<2xi64> to memref<2xi64>
    scf.yield %n : memref<2xi64>
  } else {
    scf.yield %a : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @ite_select(%c: i1, %a: memref<2xi64>, %b: memref<2xi64>) -> memref<2xi64> {
  %r = arith.select %c, %a, %b : memref<2xi64>
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 12 : i64
  %t = arith.constant true
  %f = arith.constant false
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %r = call @ite(%t, %a) : (i1, memref<2xi64>) -> memref<2xi64>
  %s = call @ite(%f, %a) : (i1, memref<2xi64>) -> memref<2xi64>
  %u = call @ite_select(%t, %r, %s) : (i1, memref<2xi64>, memref<2xi64>) -> memref<2xi64>
  %x = memref.load %u[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @f / @user: a recursive function returning one of its arguments.
func.func private @printI64(i64)

func.func @f(%n: index, %a: memref<2xi64>, %b: memref<2xi64>, %c: memref<2xi64>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (memref<2xi64>) {
    scf.yield %c : memref<2xi64>
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @f(%m, %a, %a, %b) : (index, memref<2xi64>, memref<2xi64>, memref<2xi64>) -> memref<2xi64>
    scf.yield %x : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %k3 = arith.constant 3 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %c = memref.alloc() : memref<2xi64>
  memref.store %k1, %a[%c0] : memref<2xi64>
  memref.store %k2, %b[%c0] : memref<2xi64>
  memref.store %k3, %c[%c0] : memref<2xi64>
  %r = call @f(%c3, %a, %b, %c) : (index, memref<2xi64>, memref<2xi64>, memref<2xi64>) -> memref<2xi64>
  %x = memref.load %r[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @forward / @replace / @user: results that are the arguments and results that are fresh.
func.func private @printI64(i64)

func.func @forward(%a: memref<2xi64>, %b: memref<2xi64>) -> (memref<2xi64>, memref<2xi64>) {
  return %a, %b : memref<2xi64>, memref<2xi64>
}

func.func @replace(%a: memref<2xi64>, %b: memref<2xi64>) -> (memref<2xi64>, memref<2xi64>) {
  %x = memref.alloc() : memref<2xi64>
  %y = memref.alloc() : memref<2xi64>
  memref.copy %a, %x : memref<2xi64> to memref<2xi64>
  memref.copy %b, %y : memref<2xi64> to memref<2xi64>
  return %x, %y : memref<2xi64>, memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 4 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  memref.store %k, %b[%c0] : memref<2xi64>
  %f:2 = call @forward(%a, %b) : (memref<2xi64>, memref<2xi64>) -> (memref<2xi64>, memref<2xi64>)
  %r:2 = call @replace(%f#0, %f#1) : (memref<2xi64>, memref<2xi64>) -> (memref<2xi64>, memref<2xi64>)
  %x = memref.load %r#1[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// An external callee keeps its signature; the caller owns nothing it returns.
func.func private @make() -> memref<2xi64>

func.func @user() -> i64 {
  %c0 = arith.constant 0 : index
  %m = call @make() : () -> memref<2xi64>
  %x = memref.load %m[%c0] : memref<2xi64>
  return %x : i64
}
