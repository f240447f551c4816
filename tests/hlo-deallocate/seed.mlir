// RUN: dealloc-opt %s --hlo-deallocate --split-input-file --allow-unregistered-dialect
// NO-MLIR-OPT: the output uses the MLIR-HLO deallocation dialect

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// The examples of seed 004's deallocation part (mlir-hlo.md §2.1, §5.2); each runs in the
// interpreter before and after the pass.

// @loop_nested_alloc: the outer iter_arg's ownership moves into the inner loop (last use);
// the inner body retains what it yields and frees the rest.
func.func private @printMemrefF32(memref<*xf32>)

func.func @loop_nested_alloc(%lb: index, %ub: index, %step: index) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  memref.store %f, %a[%c0] : memref<2xf32>
  memref.store %f, %a[%step] : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%x = %b) -> (memref<2xf32>) {
    %s = scf.for %j = %lb to %ub step %step iter_args(%y = %x) -> (memref<2xf32>) {
      %c = arith.cmpi eq, %i, %j : index
      %t = scf.if %c -> (memref<2xf32>) {
        %n = memref.alloc() : memref<2xf32>
        memref.copy %a, %n : memref<2xf32> to memref<2xf32>
        scf.yield %n : memref<2xf32>
      } else {
        scf.yield %y : memref<2xf32>
      }
      %tmp = memref.alloc() : memref<2xf32>
      memref.copy %t, %tmp : memref<2xf32> to memref<2xf32>
      scf.yield %t : memref<2xf32>
    }
    scf.yield %s : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = call @loop_nested_alloc(%c0, %c3, %c1) : (index, index, index) -> memref<2xf32>
  %u = memref.cast %r : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %r : memref<2xf32>
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @nested_if: the branches that do not allocate yield null ownership; the function ends
// with one retain over both results.
func.func private @printMemrefF32(memref<*xf32>)

func.func @nested_if(%c: i1, %d: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a0 = memref.alloc() : memref<2xf32>
  %a1 = memref.alloc() : memref<2xf32>
  %f = arith.constant 2.0 : f32
  linalg.fill ins(%f : f32) outs(%a0 : memref<2xf32>)
  linalg.fill ins(%f : f32) outs(%a1 : memref<2xf32>)
  %r = scf.if %c -> (memref<2xf32>) {
    %n = memref.alloc() : memref<2xf32>
    linalg.fill ins(%f : f32) outs(%n : memref<2xf32>)
    scf.yield %n : memref<2xf32>
  } else {
    %s = scf.if %d -> (memref<2xf32>) {
      scf.yield %a0 : memref<2xf32>
    } else {
      scf.yield %a1 : memref<2xf32>
    }
    scf.yield %s : memref<2xf32>
  }
  return %a0, %r : memref<2xf32>, memref<2xf32>
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x:2 = call @nested_if(%f, %f) : (i1, i1) -> (memref<2xf32>, memref<2xf32>)
  %u = memref.cast %x#1 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %y:2 = call @nested_if(%t, %f) : (i1, i1) -> (memref<2xf32>, memref<2xf32>)
  %v = memref.cast %y#1 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  %z:2 = call @nested_if(%f, %t) : (i1, i1) -> (memref<2xf32>, memref<2xf32>)
  %w = memref.cast %z#0 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%w) : (memref<*xf32>) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @while: one buffer passed as three iter args; only the first occurrence takes the
// ownership. (MLIR-HLO frees it in the after region while another argument still refers
// to it; here the three arguments are one alias class, so one retain keeps them all. In the
// before region the class owns exactly its memrefs' own indicators: they are passed on as
// they are, without a retain.)
func.func private @printI64(i64)

func.func @main() {
  %a = memref.alloc() : memref<2xi64>
  %c0 = arith.constant 0 : index
  %k0 = arith.constant 0 : i64
  %k1 = arith.constant 1 : i64
  %k3 = arith.constant 3 : i64
  memref.store %k0, %a[%c0] : memref<2xi64>
  %w:3 = scf.while (%x = %a, %y = %a, %z = %a) : (memref<2xi64>, memref<2xi64>, memref<2xi64>) -> (memref<2xi64>, memref<2xi64>, memref<2xi64>) {
    %v = memref.load %z[%c0] : memref<2xi64>
    %go = arith.cmpi slt, %v, %k3 : i64
    scf.condition(%go) %x, %y, %z : memref<2xi64>, memref<2xi64>, memref<2xi64>
  } do {
  ^bb0(%x: memref<2xi64>, %y: memref<2xi64>, %z: memref<2xi64>):
    %n1 = memref.alloc() : memref<2xi64>
    %n2 = memref.alloc() : memref<2xi64>
    %v = memref.load %z[%c0] : memref<2xi64>
    %v1 = arith.addi %v, %k1 : i64
    memref.store %v1, %n1[%c0] : memref<2xi64>
    memref.store %v1, %n2[%c0] : memref<2xi64>
    scf.yield %n2, %z, %n1 : memref<2xi64>, memref<2xi64>, memref<2xi64>
  }
  %r = memref.load %w#1[%c0] : memref<2xi64>
  call @printI64(%r) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @if_without_else: an alloc inside a branch is freed inside it.
func.func @main() {
  %c = arith.constant true
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  scf.if %c {
    %a = memref.alloc() : memref<2xf32>
    memref.store %f, %a[%c0] : memref<2xf32>
  }
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @yield_same_alloc_twice: a buffer yielded twice has its ownership in one slot only.
func.func private @printI64(i64)

func.func @main() {
  %c = arith.constant true
  %c0 = arith.constant 0 : index
  %k = arith.constant 7 : i64
  %r:2 = scf.if %c -> (memref<2xi64>, memref<2xi64>) {
    %a = memref.alloc() : memref<2xi64>
    memref.store %k, %a[%c0] : memref<2xi64>
    scf.yield %a, %a : memref<2xi64>, memref<2xi64>
  } else {
    %a = memref.alloc() : memref<2xi64>
    %b = memref.alloc() : memref<2xi64>
    memref.store %k, %a[%c0] : memref<2xi64>
    memref.store %k, %b[%c0] : memref<2xi64>
    scf.yield %a, %b : memref<2xi64>, memref<2xi64>
  }
  %x = memref.load %r#0[%c0] : memref<2xi64>
  %y = memref.load %r#1[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  call @printI64(%y) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @yield_derived: a yielded view keeps its buffer's ownership (the retain finds the
// allocation through the view at run time).
func.func private @printI64(i64)

func.func @main() {
  %c = arith.constant true
  %c0 = arith.constant 0 : index
  %k = arith.constant 5 : i64
  %r = scf.if %c -> (memref<2xi64, strided<[1], offset: 2>>) {
    %a = memref.alloc() : memref<4xi64>
    %v = memref.subview %a[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
    memref.store %k, %v[%c0] : memref<2xi64, strided<[1], offset: 2>>
    scf.yield %v : memref<2xi64, strided<[1], offset: 2>>
  } else {
    %a = memref.alloc() : memref<4xi64>
    %v = memref.subview %a[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
    memref.store %k, %v[%c0] : memref<2xi64, strided<[1], offset: 2>>
    scf.yield %v : memref<2xi64, strided<[1], offset: 2>>
  }
  %x = memref.load %r[%c0] : memref<2xi64, strided<[1], offset: 2>>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @unknown_op: an op the pass knows nothing about is assumed to alias its results with its
// operands of the same element type.
func.func @unknown_op() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = "some.op"(%a) : (memref<2xf32>) -> memref<2xf32>
  return %b : memref<2xf32>
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @unconditional_realloc: the realloc consumes the old buffer and owns the new one.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 9 : i64
  %a = memref.alloc() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %r = memref.realloc %a : memref<2xi64> to memref<4xi64>
  %x = memref.load %r[%c0] : memref<4xi64>
  call @printI64(%x) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @realloc_in_if: the else branch hands the captured buffer on with the parent's
// indicator; after the if one retain frees whichever buffer is left.
func.func private @printI64(i64)

func.func @grow(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant 3 : i64
  %a = memref.alloc(%c2) : memref<?xi64>
  memref.store %k, %a[%c0] : memref<?xi64>
  %r = scf.if %c -> (memref<?xi64>) {
    %n = memref.realloc %a(%c4) : memref<?xi64> to memref<?xi64>
    scf.yield %n : memref<?xi64>
  } else {
    scf.yield %a : memref<?xi64>
  }
  %x = memref.load %r[%c0] : memref<?xi64>
  return %x : i64
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %x = call @grow(%t) : (i1) -> i64
  %y = call @grow(%f) : (i1) -> i64
  call @printI64(%x) : (i64) -> ()
  call @printI64(%y) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @realloc_in_if_strange_but_ok: both branches realloc; the release happens on every path.
func.func @main() {
  %c = arith.constant true
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%c2) : memref<?xi64>
  %r = scf.if %c -> (memref<?xi64>) {
    %n = memref.realloc %a(%c4) : memref<?xi64> to memref<?xi64>
    scf.yield %n : memref<?xi64>
  } else {
    %n = memref.realloc %a(%c8) : memref<?xi64> to memref<?xi64>
    scf.yield %n : memref<?xi64>
  }
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @realloc_in_loop: the growth loop of the seed: the buffer is an iter arg, and a
// conditional realloc captures it inside the if.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %a = memref.alloc(%c2) : memref<?xi64>
  %r:2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%x = %a, %cap = %c2) -> (memref<?xi64>, index) {
    %full = arith.cmpi sge, %i, %cap : index
    %m:2 = scf.if %full -> (memref<?xi64>, index) {
      %ncap = arith.muli %cap, %c2 : index
      %n = memref.realloc %x(%ncap) : memref<?xi64> to memref<?xi64>
      scf.yield %n, %ncap : memref<?xi64>, index
    } else {
      scf.yield %x, %cap : memref<?xi64>, index
    }
    %v = arith.index_cast %i : index to i64
    memref.store %v, %m#0[%i] : memref<?xi64>
    scf.yield %m#0, %m#1 : memref<?xi64>, index
  }
  %c5 = arith.constant 5 : index
  %last = memref.load %r#0[%c5] : memref<?xi64>
  call @printI64(%last) : (i64) -> ()
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @alloca: stack buffers are ignored.
func.func @main() {
  %c0 = arith.constant 0 : index
  %k = arith.constant 1 : i64
  %a = memref.alloca() : memref<2xi64>
  memref.store %k, %a[%c0] : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.copy %a, %b : memref<2xi64> to memref<2xi64>
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @dealloc: an existing free releases the buffer's indicator; nothing else frees it.
func.func @main() {
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.copy %a, %b : memref<2xi64> to memref<2xi64>
  memref.dealloc %a : memref<2xi64>
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @dealloc_in_loop: a free of the loop's own allocation inside the body.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.alloc() : memref<2xi64>
    memref.dealloc %a : memref<2xi64>
  }
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @dealloc_around_loop: a buffer used in a loop and freed after it.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %k, %a[%c0] : memref<2xi64>
  }
  memref.dealloc %a : memref<2xi64>
  return
}

// -----

// NO-JIT: the output keeps deallocation ops; tests/hlo-deallocation-pipeline runs the lowered form

// @memory_effect_no_free_or_alloc: ops that only read or write change nothing.
func.func @main() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %k = arith.constant 4 : i64
  memref.store %k, %a[%c0] : memref<2xi64>
  memref.copy %a, %b : memref<2xi64> to memref<2xi64>
  %x = memref.load %b[%c0] : memref<2xi64>
  return
}
