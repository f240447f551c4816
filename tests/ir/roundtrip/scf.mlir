// RUN: dealloc-opt %s --split-input-file

// scf.if without results: the empty else region and the implicit
// scf.yield terminators are elided.
func.func @if_no_results(%c: i1, %m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xf32>
  }
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xf32>
  } else {
    %w = arith.negf %v : f32
    memref.store %w, %m[%c0] : memref<4xf32>
  }
  return
}

// -----

// scf.if yielding memrefs: the classic deallocation diamond, where one
// branch allocates and the other forwards an argument.
func.func @if_yield_memref(%c: i1, %arg: memref<8xf32>) -> memref<8xf32> {
  %0 = scf.if %c -> (memref<8xf32>) {
    %a = memref.alloc() : memref<8xf32>
    scf.yield %a : memref<8xf32>
  } else {
    scf.yield %arg : memref<8xf32>
  }
  return %0 : memref<8xf32>
}

// -----

// scf.if with multiple results of mixed types.
func.func @if_multi(%c: i1, %a: i32, %b: f32) -> (i32, f32) {
  %0:2 = scf.if %c -> (i32, f32) {
    scf.yield %a, %b : i32, f32
  } else {
    %n = arith.constant 0 : i32
    %z = arith.constant 0.0 : f32
    scf.yield %n, %z : i32, f32
  }
  return %0#0, %0#1 : i32, f32
}

// -----

// scf.for without iter_args; the explicit empty scf.yield is elided.
func.func @for_simple(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %cst, %m[%i] : memref<?xf32>
    scf.yield
  }
  return
}

// -----

// scf.for with iter_args: the result types are printed after `->` and the
// loop-carried values are named `%argN`.
func.func @for_iter_args(%m: memref<?xf32>, %n: index) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %k = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %cnt = %k) -> (f32, i32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    %c = arith.addi %cnt, %one : i32
    scf.yield %s, %c : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

// -----

// scf.for with a memref iter_arg that is swapped every iteration: the
// double-buffering pattern.
func.func @for_memref_iter(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xf32>, memref<4xf32>) {
    memref.copy %x, %y : memref<4xf32> to memref<4xf32>
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  memref.dealloc %r#1 : memref<4xf32>
  return %r#0 : memref<4xf32>
}

// -----

// A loop that allocates every iteration and yields the fresh buffer.
func.func @for_alloc_each_iteration(%n: index, %init: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<2xf32>) {
    %fresh = memref.alloc() : memref<2xf32>
    memref.copy %cur, %fresh : memref<2xf32> to memref<2xf32>
    scf.yield %fresh : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// scf.for over integer (non-index) bounds prints the induction variable type.
func.func @for_integer_iv(%lb: i32, %ub: i32, %st: i32) -> i32 {
  %z = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %z) -> (i32) : i32 {
    %s = arith.addi %acc, %i : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// scf.for with the `unsignedCmp` unit attribute.
func.func @for_unsigned(%lb: index, %ub: index, %st: index) {
  scf.for unsigned %i = %lb to %ub step %st {
  }
  return
}

// -----

// scf.while with a before region ending in scf.condition and an after region
// ending in scf.yield; block arguments of both regions.
func.func @while_loop(%n: i32) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.while (%i = %z) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %one : i32
    scf.yield %k : i32
  }
  return %r : i32
}

// -----

// scf.while whose before/after regions carry different types, including a
// memref that is forwarded through the condition.
func.func @while_memref(%m: memref<4xf32>, %f: f32) -> (memref<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %lim = arith.constant 10.0 : f32
  %r:2 = scf.while (%buf = %m, %x = %f) : (memref<4xf32>, f32) -> (memref<4xf32>, f32) {
    %c = arith.cmpf olt, %x, %lim : f32
    scf.condition(%c) %buf, %x : memref<4xf32>, f32
  } do {
  ^bb0(%b: memref<4xf32>, %y: f32):
    %n = memref.alloc() : memref<4xf32>
    memref.copy %b, %n : memref<4xf32> to memref<4xf32>
    %y2 = arith.addf %y, %y : f32
    memref.store %y2, %n[%c0] : memref<4xf32>
    scf.yield %n, %y2 : memref<4xf32>, f32
  }
  return %r#0, %r#1 : memref<4xf32>, f32
}

// -----

// scf.while with no loop-carried values.
func.func @while_empty(%c: i1) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

// scf.execute_region with a single block and with multiple blocks
// (the latter needs explicit block labels inside the region).
func.func @execute_region(%c: i1) -> (i32, i32) {
  %0 = scf.execute_region -> i32 {
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  }
  %1 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.constant 2 : i32
    cf.br ^bb3(%x : i32)
  ^bb2:
    %y = arith.constant 3 : i32
    cf.br ^bb3(%y : i32)
  ^bb3(%z: i32):
    scf.yield %z : i32
  }
  return %0, %1 : i32, i32
}

// -----

// scf.execute_region without results, and with a memref result.
func.func @execute_region_memref() -> memref<2xf32> {
  scf.execute_region {
    %t = memref.alloca() : memref<2xf32>
    scf.yield
  }
  %0 = scf.execute_region -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  return %0 : memref<2xf32>
}

// -----

// scf.index_switch with cases and a default region, yielding a value.
func.func @index_switch(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 0 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  case 5 {
    %b = arith.constant 50 : i32
    scf.yield %b : i32
  }
  default {
    %d = arith.constant -1 : i32
    scf.yield %d : i32
  }
  return %0 : i32
}

// -----

// scf.index_switch without results: the terminators are elided.
func.func @index_switch_no_results(%i: index, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  scf.index_switch %i
  case 1 {
    memref.store %v, %m[%c0] : memref<4xi32>
    scf.yield
  }
  default {
  }
  return
}

// -----

// scf.parallel with scf.reduce: multiple induction variables and a
// reduction with a combiner region.
func.func @parallel_reduce(%m: memref<?x?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) init (%init) -> f32 {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.addf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// -----

// scf.parallel without reductions: the empty scf.reduce is elided.
func.func @parallel_no_reduce(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %cst, %m[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// scf.forall with static bounds, with dynamic bounds, and with a mapping.
func.func @forall(%m: memref<8x8xf32>, %n: index) {
  %cst = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (8, 8) {
    memref.store %cst, %m[%i, %j] : memref<8x8xf32>
  }
  scf.forall (%i) = (0) to (%n) step (2) {
    memref.store %cst, %m[%i, %i] : memref<8x8xf32>
  }
  scf.forall (%i) in (%n) {
    memref.store %cst, %m[%i, %i] : memref<8x8xf32>
  } {mapping = [#gpu.thread<x>]}
  return
}

// -----

// scf.forall on tensors with shared_outs and an in_parallel terminator.
func.func @forall_tensor(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %s = tensor.extract_slice %o[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// Deep nesting of scf regions: for inside if inside for inside while; the
// printer indents two spaces per level and numbers values in nested regions
// after the enclosing block.
func.func @deep_nesting(%m: memref<?xf32>, %n: index, %flag: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %inner = scf.if %flag -> (f32) {
      %s = scf.for %j = %c0 to %i step %c1 iter_args(%a2 = %acc) -> (f32) {
        %v = memref.load %m[%j] : memref<?xf32>
        %w = scf.execute_region -> f32 {
          %t = arith.addf %a2, %v : f32
          scf.yield %t : f32
        }
        scf.yield %w : f32
      }
      scf.yield %s : f32
    } else {
      %u = scf.while (%x = %acc) : (f32) -> f32 {
        %c = arith.cmpf olt, %x, %zero : f32
        scf.condition(%c) %x : f32
      } do {
      ^bb0(%y: f32):
        %y1 = arith.negf %y : f32
        scf.yield %y1 : f32
      }
      scf.yield %u : f32
    }
    scf.yield %inner : f32
  }
  return %res : f32
}

// -----

// Realistic bufferized loop: a temporary buffer allocated inside the loop
// body, used, and freed before the yield.
func.func @loop_temp_buffer(%in: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %tmp = memref.alloc(%n) : memref<?xf32>
    memref.copy %in, %tmp : memref<?xf32> to memref<?xf32>
    %v = memref.load %tmp[%i] : memref<?xf32>
    memref.dealloc %tmp : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// scf.for over i64 bounds without iter_args: the ` : i64` type suffix is
// printed with two spaces before the colon.
func.func @for_integer_iv_no_iter(%lb: i64, %ub: i64, %m: memref<?xi64>) {
  %c1 = arith.constant 1 : i64
  scf.for %i = %lb to %ub step %c1 : i64 {
    %idx = arith.index_cast %i : i64 to index
    memref.store %i, %m[%idx] : memref<?xi64>
  }
  return
}
