// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file

// Beyond MLIR-HLO: multi-block functions, indicators through successor operands, buffers
// used after a branch through dominance, and region-branch ops MLIR-HLO could not rebuild.

// A diamond: each edge gets its own retains; the buffer used after the join travels with
// the branches.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 21 : i64
  %c = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %b = memref.alloc() : memref<2xi64>
  memref.copy %a, %b : memref<2xi64> to memref<2xi64>
  cf.br ^bb3(%b : memref<2xi64>)
^bb2:
  cf.br ^bb3(%a : memref<2xi64>)
^bb3(%m: memref<2xi64>):
  %x = memref.load %m[%c0] : memref<2xi64>
  %y = memref.load %a[%c0] : memref<2xi64>
  %z = arith.addi %x, %y : i64
  call @printI64(%z) : (i64) -> ()
  return
}

// -----

// A CFG loop carrying a buffer that is replaced each trip.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %k1 = arith.constant 1 : i64
  %k5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<1xi64>
  memref.store %k1, %a[%c0] : memref<1xi64>
  cf.br ^head(%a : memref<1xi64>)
^head(%m: memref<1xi64>):
  %v = memref.load %m[%c0] : memref<1xi64>
  %go = arith.cmpi slt, %v, %k5 : i64
  cf.cond_br %go, ^body, ^exit
^body:
  %n = memref.alloc() : memref<1xi64>
  %w = arith.addi %v, %k1 : i64
  memref.store %w, %n[%c0] : memref<1xi64>
  cf.br ^head(%n : memref<1xi64>)
^exit:
  call @printI64(%v) : (i64) -> ()
  return
}

// -----

// scf.execute_region with several blocks, and scf.index_switch with memref results.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 8 : i64
  %c = arith.constant false
  %r = scf.execute_region -> memref<2xi64> {
    %a = memref.alloc() : memref<2xi64>
    memref.store %k, %a[%c0] : memref<2xi64>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : memref<2xi64>
  ^bb2:
    %b = memref.alloc() : memref<2xi64>
    memref.copy %a, %b : memref<2xi64> to memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  %s = scf.index_switch %c1 -> memref<2xi64>
  case 1 {
    %n = memref.alloc() : memref<2xi64>
    memref.copy %r, %n : memref<2xi64> to memref<2xi64>
    scf.yield %n : memref<2xi64>
  }
  default {
    scf.yield %r : memref<2xi64>
  }
  %x = memref.load %s[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// scf.parallel and scf.forall: each instance frees its own temporaries.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = memref.alloc() : memref<4xi64>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloc() : memref<1xi64>
    %v = arith.index_cast %i : index to i64
    memref.store %v, %t[%c0] : memref<1xi64>
    %w = memref.load %t[%c0] : memref<1xi64>
    memref.store %w, %out[%i] : memref<4xi64>
    scf.reduce
  }
  scf.forall (%i) in (4) {
    %t = memref.alloc() : memref<1xi64>
    %w = memref.load %out[%i] : memref<4xi64>
    memref.store %w, %t[%c0] : memref<1xi64>
  }
  %c3 = arith.constant 3 : index
  %x = memref.load %out[%c3] : memref<4xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// A retain with two retained memrefs and two allocs goes through the generated helper.
func.func private @printI64(i64)

func.func @pick(%c: i1) -> (memref<2xi64>, memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %k = arith.constant 3 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  memref.store %k, %b[%c0] : memref<2xi64>
  %x = arith.select %c, %a, %b : memref<2xi64>
  return %x, %a : memref<2xi64>, memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %r:2 = call @pick(%t) : (i1) -> (memref<2xi64>, memref<2xi64>)
  %s:2 = call @pick(%f) : (i1) -> (memref<2xi64>, memref<2xi64>)
  %x = memref.load %r#0[%c0] : memref<2xi64>
  %y = memref.load %s#1[%c0] : memref<2xi64>
  %z = arith.addi %x, %y : i64
  call @printI64(%z) : (i64) -> ()
  return
}

// -----

// The frees of block arguments reached by one edge free what the edge passes: the
// allocations, and the selects of two of them, directly (no base buffer extracted).
func.func private @printI64(i64)

func.func @sum_picked(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 21 : i64
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  memref.store %k, %b[%c0] : memref<2xi64>
  cf.br ^bb1(%a, %b : memref<2xi64>, memref<2xi64>)
^bb1(%x: memref<2xi64>, %y: memref<2xi64>):
  %s = arith.select %c, %x, %y : memref<2xi64>
  %t = arith.select %c, %y, %x : memref<2xi64>
  cf.br ^bb2(%s, %t : memref<2xi64>, memref<2xi64>)
^bb2(%p: memref<2xi64>, %q: memref<2xi64>):
  %v = memref.load %p[%c0] : memref<2xi64>
  %w = memref.load %q[%c0] : memref<2xi64>
  %z = arith.addi %v, %w : i64
  return %z : i64
}

func.func @main() {
  %c = arith.constant true
  %z = call @sum_picked(%c) : (i1) -> i64
  call @printI64(%z) : (i64) -> ()
  return
}
