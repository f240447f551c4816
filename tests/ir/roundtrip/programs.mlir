// RUN: dealloc-opt %s --split-input-file

// Executable main: allocate, fill, sum, print, free. The shape of the
// interpreter tests.
func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.5 : f32
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %one, %buf[%i] : memref<4xf32>
  }
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %buf[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %buf : memref<4xf32>
  return
}

// -----

// Naive matmul on dynamic memrefs with a zero-initialized output.
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %r = scf.for %p = %c0 to %k step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %A[%i, %p] : memref<?x?xf32>
        %b = memref.load %B[%p, %j] : memref<?x?xf32>
        %prod = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %prod : f32
        scf.yield %s : f32
      }
      memref.store %r, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return %C : memref<?x?xf32>
}

// -----

// A growable buffer: a while loop that reallocs when full.
func.func @grow(%limit: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = memref.alloc(%c1) : memref<?xi64>
  %r:3 = scf.while (%buf = %init, %cap = %c1, %len = %c0) : (memref<?xi64>, index, index) -> (memref<?xi64>, index, index) {
    %go = arith.cmpi ult, %len, %limit : index
    scf.condition(%go) %buf, %cap, %len : memref<?xi64>, index, index
  } do {
  ^bb0(%b: memref<?xi64>, %cp: index, %l: index):
    %full = arith.cmpi eq, %l, %cp : index
    %nb, %ncap = scf.if %full -> (memref<?xi64>, index) {
      %dbl = arith.muli %cp, %c2 : index
      %g = memref.realloc %b(%dbl) : memref<?xi64> to memref<?xi64>
      scf.yield %g, %dbl : memref<?xi64>, index
    } else {
      scf.yield %b, %cp : memref<?xi64>, index
    }
    %v = arith.index_cast %l : index to i64
    memref.store %v, %nb[%l] : memref<?xi64>
    %nl = arith.addi %l, %c1 : index
    scf.yield %nb, %ncap, %nl : memref<?xi64>, index, index
  }
  return %r#0 : memref<?xi64>
}

// -----

// Select between two fresh buffers and free both at the end (aliasing via
// arith.select).
func.func @select_buffers(%c: i1, %i: index) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %s = arith.select %c, %a, %b : memref<8xf32>
  %v = memref.load %s[%i] : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return %v : f32
}

// -----

// Stack buffers in a loop body scoped with alloca_scope.
func.func @stack_in_loop(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      %t = memref.alloca() : memref<16xf32>
      %f = arith.index_cast %i : index to i32
      %x = arith.sitofp %f : i32 to f32
      memref.store %x, %t[%c0] : memref<16xf32>
      %y = memref.load %t[%c0] : memref<16xf32>
      memref.store %y, %out[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Nested CFG + structured control flow: an scf.if inside a CFG loop whose
// blocks pass a memref around.
func.func @mixed_cfg_scf(%n: index, %flag: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^loop(%c0, %a : index, memref<4xf32>)
^loop(%i: index, %cur: memref<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %next = scf.if %flag -> (memref<4xf32>) {
    %fresh = memref.alloc() : memref<4xf32>
    memref.copy %cur, %fresh : memref<4xf32> to memref<4xf32>
    scf.yield %fresh : memref<4xf32>
  } else {
    scf.yield %cur : memref<4xf32>
  }
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %next : index, memref<4xf32>)
^exit:
  return %cur : memref<4xf32>
}

// -----

// Calls between functions that take and return buffers, including a
// private callee with a body.
func.func private @fill(%m: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<?xf32>
  }
  return
}
func.func @make(%n: index) -> memref<?xf32> {
  %cst = arith.constant 2.0 : f32
  %m = memref.alloc(%n) : memref<?xf32>
  call @fill(%m, %cst) : (memref<?xf32>, f32) -> ()
  return %m : memref<?xf32>
}

// -----

// Global constant table read through get_global and a subview.
memref.global "private" constant @table : memref<8xi32> = dense<[0, 1, 4, 9, 16, 25, 36, 49]>
func.func @lookup(%i: index) -> i32 {
  %t = memref.get_global @table : memref<8xi32>
  %s = memref.subview %t[2] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 2>>
  %v = memref.load %s[%i] : memref<4xi32, strided<[1], offset: 2>>
  return %v : i32
}
