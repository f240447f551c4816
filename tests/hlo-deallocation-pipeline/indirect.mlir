// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file


// `func.constant` of a function whose memref results gain ownership results: the constant's
// type changes with the function's, and each `func.call_indirect` of it gets the ownership
// results a direct call gets, so the caller frees a fresh result and not a forwarded one.

// A fresh buffer returned through an indirect call: the caller owns and frees it.
func.func private @printI64(i64)

func.func @fresh(%v: i64) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  return %a : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 21 : i64
  %f = func.constant @fresh : (i64) -> memref<2xi64>
  %m = func.call_indirect %f(%k) : (i64) -> memref<2xi64>
  %x = memref.load %m[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----


// A function returning its argument, called indirectly and directly: its ownership result
// is null, so the caller frees its own buffer once (MLIR-HLO would free it twice).
func.func private @printI64(i64)

func.func @id(%a: memref<2xi64>) -> memref<2xi64> {
  return %a : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 22 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %f = func.constant @id : (memref<2xi64>) -> memref<2xi64>
  %r = func.call_indirect %f(%a) : (memref<2xi64>) -> memref<2xi64>
  %s = call @id(%r) : (memref<2xi64>) -> memref<2xi64>
  %x = memref.load %s[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----


// An address called in a loop and in both branches of an `scf.if`, the callee choosing at
// run time between a fresh buffer and its argument; the loop carries the buffer.
func.func private @printI64(i64)

func.func @maybe_copy(%c: i1, %a: memref<2xi64>) -> memref<2xi64> {
  %r = scf.if %c -> (memref<2xi64>) {
    %n = memref.alloc() : memref<2xi64>
    memref.copy %a, %n : memref<2xi64> to memref<2xi64>
    scf.yield %n : memref<2xi64>
  } else {
    scf.yield %a : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant 23 : i64
  %f = func.constant @maybe_copy : (i1, memref<2xi64>) -> memref<2xi64>
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a) -> (memref<2xi64>) {
    %bit = arith.index_cast %i : index to i1
    %next = scf.if %bit -> (memref<2xi64>) {
      %n = func.call_indirect %f(%bit, %cur) : (i1, memref<2xi64>) -> memref<2xi64>
      scf.yield %n : memref<2xi64>
    } else {
      %t = arith.constant true
      %n = func.call_indirect %f(%t, %cur) : (i1, memref<2xi64>) -> memref<2xi64>
      scf.yield %n : memref<2xi64>
    }
    scf.yield %next : memref<2xi64>
  }
  %x = memref.load %res[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----


// Several addresses of one function and of a function without memref results (which keeps
// its signature).
func.func private @printI64(i64)

func.func @fresh(%v: i64) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  return %a : memref<2xi64>
}

func.func @sum(%a: memref<2xi64>, %b: memref<2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<2xi64>
  %y = memref.load %b[%c0] : memref<2xi64>
  %s = arith.addi %x, %y : i64
  return %s : i64
}

func.func @main() {
  %k = arith.constant 12 : i64
  %l = arith.constant 30 : i64
  %f = func.constant @fresh : (i64) -> memref<2xi64>
  %g = func.constant @fresh : (i64) -> memref<2xi64>
  %h = func.constant @sum : (memref<2xi64>, memref<2xi64>) -> i64
  %a = func.call_indirect %f(%k) : (i64) -> memref<2xi64>
  %b = func.call_indirect %g(%l) : (i64) -> memref<2xi64>
  %s = func.call_indirect %h(%a, %b) : (memref<2xi64>, memref<2xi64>) -> i64
  call @printI64(%s) : (i64) -> ()
  return
}
