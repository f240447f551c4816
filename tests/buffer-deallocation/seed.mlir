// RUN: dealloc-opt %s --buffer-deallocation --split-input-file

// The examples of seed 001 ("Buffer Deallocation - Internals"), in today's syntax, each with an
// @main that runs them. Seed "Introduction of Copies", @branch: the join's argument may hold
// either allocation, so each predecessor forwards a clone; the first allocation is freed at
// the join (its post-dominator), the clone after its last use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @branch(%arg0: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %0 = memref.alloc() : memref<2xi64>
  memref.store %one, %0[%c0] : memref<2xi64>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xi64>
  memref.store %two, %1[%c0] : memref<2xi64>
  cf.br ^bb3(%1 : memref<2xi64>)
^bb2:
  %u = memref.load %0[%c0] : memref<2xi64>
  cf.br ^bb3(%0 : memref<2xi64>)
^bb3(%2: memref<2xi64>):
  %r = memref.load %2[%c0] : memref<2xi64>
  return %r : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %a = func.call @branch(%t) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %b = func.call @branch(%f) : (i1) -> i64
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Seed @condBranchDynamicType: a dynamically sized allocation in one branch; the clones take
// their sizes from the source (bufferization.clone needs no memref.dim).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xi64>, %arg2: memref<?xi64>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xi64>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xi64>
  memref.copy %arg1, %1 : memref<?xi64> to memref<?xi64>
  cf.br ^bb3(%1 : memref<?xi64>)
^bb3(%2: memref<?xi64>):
  memref.copy %2, %arg2 : memref<?xi64> to memref<?xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7 : i64
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc(%c3) : memref<?xi64>
  %out = memref.alloc(%c3) : memref<?xi64>
  memref.store %seven, %in[%c0] : memref<?xi64>
  func.call @condBranchDynamicType(%t, %in, %out, %c3) : (i1, memref<?xi64>, memref<?xi64>, index) -> ()
  func.call @condBranchDynamicType(%f, %in, %out, %c3) : (i1, memref<?xi64>, memref<?xi64>, index) -> ()
  %v = memref.load %out[%c0] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Seed @condBranchDynamicTypeNested: %2 (bb5) is a non-critical alias of the allocation, %3
// (bb6) is critical (argument or allocation), %4 (bb7) is an alias of %3. Clones go into bb1
// and bb5; the allocation is freed in bb5 after its clone, %3 after the copy in bb7.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @condBranchDynamicTypeNested(%arg0: i1, %arg1: memref<?xi64>, %arg2: memref<?xi64>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xi64>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xi64>
  memref.copy %arg1, %1 : memref<?xi64> to memref<?xi64>
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xi64>)
^bb4:
  cf.br ^bb5(%1 : memref<?xi64>)
^bb5(%2: memref<?xi64>):
  cf.br ^bb6(%2 : memref<?xi64>)
^bb6(%3: memref<?xi64>):
  cf.br ^bb7(%3 : memref<?xi64>)
^bb7(%4: memref<?xi64>):
  memref.copy %4, %arg2 : memref<?xi64> to memref<?xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %nine = arith.constant 9 : i64
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc(%c2) : memref<?xi64>
  %out = memref.alloc(%c2) : memref<?xi64>
  memref.store %nine, %in[%c0] : memref<?xi64>
  func.call @condBranchDynamicTypeNested(%t, %in, %out, %c2) : (i1, memref<?xi64>, memref<?xi64>, index) -> ()
  func.call @condBranchDynamicTypeNested(%f, %in, %out, %c2) : (i1, memref<?xi64>, memref<?xi64>, index) -> ()
  %v = memref.load %out[%c0] : memref<?xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Seed @nested_region_control_flow: the scf.if result is a non-critical alias of %1 (both
// branches yield it), so nothing is cloned inside; the else branch's own allocation is freed
// there. The returned %2 is cloned for the caller (the function ABI); the pipeline's
// canonicalization takes that clone out again, since %1 dies right after it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @nested_region_control_flow(%arg0: index, %arg1: index) -> memref<?x?xi64> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xi64>
  %2 = scf.if %0 -> (memref<?x?xi64>) {
    scf.yield %1 : memref<?x?xi64>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xi64>
    %c0 = arith.constant 0 : index
    %x = arith.constant 4 : i64
    memref.store %x, %3[%c0, %c0] : memref<?x?xi64>
    scf.yield %1 : memref<?x?xi64>
  }
  return %2 : memref<?x?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %five = arith.constant 5 : i64
  %m = func.call @nested_region_control_flow(%c2, %c1) : (index, index) -> memref<?x?xi64>
  memref.store %five, %m[%c0, %c1] : memref<?x?xi64>
  %v = memref.load %m[%c0, %c1] : memref<?x?xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %n = func.call @nested_region_control_flow(%c2, %c2) : (index, index) -> memref<?x?xi64>
  return
}

// -----

// Seed @inner_region_control_flow_div, with scf.if for the seed's imaginary custom.region_if:
// the result may be the outer allocation or one made in the else branch, so it is critical;
// the then branch yields a clone of %0, the else branch its own allocation (a clone freed
// right away, which canonicalization removes), and %0 is freed after the scf.if.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @inner_region_control_flow_div(%arg0: index, %arg1: index, %c: i1) -> memref<?x?xi64> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xi64>
  %z = arith.constant 0 : index
  %k = arith.constant 11 : i64
  memref.store %k, %0[%z, %z] : memref<?x?xi64>
  %1 = scf.if %c -> (memref<?x?xi64>) {
    scf.yield %0 : memref<?x?xi64>
  } else {
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xi64>
    %j = arith.constant 22 : i64
    memref.store %j, %2[%z, %z] : memref<?x?xi64>
    scf.yield %2 : memref<?x?xi64>
  }
  return %1 : memref<?x?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant true
  %f = arith.constant false
  %a = func.call @inner_region_control_flow_div(%c2, %c2, %t) : (index, index, i1) -> memref<?x?xi64>
  %b = func.call @inner_region_control_flow_div(%c2, %c2, %f) : (index, index, i1) -> memref<?x?xi64>
  %x = memref.load %a[%c0, %c0] : memref<?x?xi64>
  %y = memref.load %b[%c0, %c0] : memref<?x?xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Seed @loop_nested_if ("Placement of Deallocs"): the scf.if result is critical (a divergent
// allocation), so is the loop's iteration argument (it receives a fresh buffer on every trip).
// The init operand is cloned before the loop, the branches and the yield forward clones, and
// each trip frees the previous trip's buffer (the iteration argument, after its last use).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @loop_nested_if(%lb: index, %ub: index, %step: index, %buf: memref<2xi64>, %res: memref<2xi64>) {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%iterBuf = %buf) -> memref<2xi64> {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xi64>) {
      %3 = memref.alloc() : memref<2xi64>
      memref.copy %iterBuf, %3 : memref<2xi64> to memref<2xi64>
      scf.yield %3 : memref<2xi64>
    } else {
      scf.yield %iterBuf : memref<2xi64>
    }
    scf.yield %2 : memref<2xi64>
  }
  memref.copy %0, %res : memref<2xi64> to memref<2xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %three = arith.constant 3 : i64
  %buf = memref.alloc() : memref<2xi64>
  %res = memref.alloc() : memref<2xi64>
  memref.store %three, %buf[%c0] : memref<2xi64>
  func.call @loop_nested_if(%c0, %c4, %c1, %buf, %res) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  func.call @loop_nested_if(%c0, %c4, %c1, %buf, %res) : (index, index, index, memref<2xi64>, memref<2xi64>) -> ()
  %v = memref.load %res[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// Seed @mixedAllocation: a stack and a heap buffer meet at a join. The stack buffer is left
// alone (its scope frees it); the join is critical (the heap buffer is allocated before the
// branch, but the stack buffer is not owned), so both predecessors forward clones.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @mixedAllocation(%arg0: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %0 = memref.alloca() : memref<2xi64>
  %1 = memref.alloc() : memref<2xi64>
  memref.store %one, %0[%c0] : memref<2xi64>
  memref.store %two, %1[%c0] : memref<2xi64>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xi64>)
^bb2:
  cf.br ^bb3(%1 : memref<2xi64>)
^bb3(%2: memref<2xi64>):
  %r = memref.load %2[%c0] : memref<2xi64>
  return %r : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %a = func.call @mixedAllocation(%t) : (i1) -> i64
  %b = func.call @mixedAllocation(%f) : (i1) -> i64
  func.call @printI64(%a) : (i64) -> ()
  func.call @printI64(%b) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
