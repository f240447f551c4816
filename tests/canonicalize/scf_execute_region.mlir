// RUN: dealloc-opt %s --canonicalize --split-input-file --allow-unregistered-dialect
// UPSTREAM-OUTPUT: --canonicalize --split-input-file --allow-unregistered-dialect

// An scf.execute_region of several blocks right in a function: its blocks join the
// function's, each scf.yield a branch to the block after it; the buffer it yields reaches the
// return directly (no region result to carry its ownership through).
func.func private @printI64(i64)
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi eq, %x, %i1 : i64
  return %c : i1
}
func.func @main() {
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %c0 = arith.constant 0 : index
  %n = func.call @flag(%i1) : (i64) -> i1
  %m = scf.execute_region -> memref<2xi64> {
    %a = memref.alloc() : memref<2xi64>
    cf.cond_br %n, ^bb1, ^bb2
  ^bb1:
    memref.store %i1, %a[%c0] : memref<2xi64>
    scf.yield %a : memref<2xi64>
  ^bb2:
    memref.dealloc %a : memref<2xi64>
    %b = memref.alloc() : memref<2xi64>
    memref.store %i2, %b[%c0] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  %v = memref.load %m[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %m : memref<2xi64>
  return
}

// -----

// Inside another scf.execute_region: the blocks join the outer region, which then is
// inlined into the function in turn.
func.func private @printI64(i64)
func.func private @flag(%x: i64) -> i1 {
  %i1 = arith.constant 1 : i64
  %c = arith.cmpi eq, %x, %i1 : i64
  return %c : i1
}
func.func @main() {
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %n = func.call @flag(%i2) : (i64) -> i1
  %r = scf.execute_region -> i64 {
    %s = scf.execute_region -> i64 {
      cf.cond_br %n, ^bb1, ^bb2
    ^bb1:
      func.call @printI64(%i1) : (i64) -> ()
      scf.yield %i1 : i64
    ^bb2:
      func.call @printI64(%i2) : (i64) -> ()
      scf.yield %i2 : i64
    }
    %u = arith.muli %s, %i2 : i64
    scf.yield %u : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  return
}

// -----

// Several blocks under an scf.if (a region of one block): kept.
func.func @under_if(%c: i1, %d: i1) -> i64 {
  %r = scf.if %c -> (i64) {
    %v = scf.execute_region -> i64 {
      cf.cond_br %d, ^bb1, ^bb2
    ^bb1:
      %x = "test.a"() : () -> i64
      scf.yield %x : i64
    ^bb2:
      %y = "test.b"() : () -> i64
      scf.yield %y : i64
    }
    scf.yield %v : i64
  } else {
    %z = "test.c"() : () -> i64
    scf.yield %z : i64
  }
  return %r : i64
}

// -----

// `no_inline` keeps the region, one block or several; results every yield takes from
// outside read that value instead (the buffer allocated outside), the others stay.
func.func private @foo()
func.func @no_inline(%c: i1) -> (memref<4xf32>, memref<8xf32>, memref<8xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.execute_region -> (memref<4xf32>, memref<8xf32>) no_inline {
    %b = memref.alloc() : memref<8xf32>
    func.call @foo() : () -> ()
    scf.yield %a, %b : memref<4xf32>, memref<8xf32>
  }
  %s:2 = scf.execute_region -> (memref<4xf32>, memref<8xf32>) no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a, %r#1 : memref<4xf32>, memref<8xf32>
  ^bb2:
    %d = memref.alloc() : memref<8xf32>
    scf.yield %a, %d : memref<4xf32>, memref<8xf32>
  }
  return %s#0, %r#1, %s#1 : memref<4xf32>, memref<8xf32>, memref<8xf32>
}

// -----

// A multi-block scf.execute_region inside a loop (so it is not inlined) whose memref result
// nothing reads: the result goes, and the allocation it yielded, now only stored to, too.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i = arith.constant 1 : i64
  scf.for %k = %c0 to %c3 step %c1 {
    %cnd = arith.cmpi slt, %k, %c1 : index
    %r = scf.execute_region -> memref<4xi64> {
      cf.cond_br %cnd, ^a, ^b
    ^a:
      func.call @printI64(%i) : (i64) -> ()
      cf.br ^b
    ^b:
      %m = memref.alloc() : memref<4xi64>
      memref.store %i, %m[%c0] : memref<4xi64>
      scf.yield %m : memref<4xi64>
    }
  }
  return
}
