// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Realistic bufferized programs, each judged by the interpreter and by the real JIT.

// A matmul into a fresh buffer, with a temporary transposed copy of B, called in a loop that
// keeps only the last result.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @matmul(%a: memref<4x3xf32>, %b: memref<3x2xf32>) -> memref<4x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %bt = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = memref.load %b[%i, %j] : memref<3x2xf32>
      memref.store %v, %bt[%j, %i] : memref<2x3xf32>
    }
  }
  %c = memref.alloc() : memref<4x2xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %sum = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f32 {
        %x = memref.load %a[%i, %k] : memref<4x3xf32>
        %y = memref.load %bt[%j, %k] : memref<2x3xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<4x2xf32>
    }
  }
  return %c : memref<4x2xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<4x3xf32>
  %b = memref.alloc() : memref<3x2xf32>
  %ua = memref.cast %a : memref<4x3xf32> to memref<*xf32>
  %flat_a = memref.reinterpret_cast %a to offset: [0], sizes: [12], strides: [1] : memref<4x3xf32> to memref<12xf32>
  %flat_b = memref.reinterpret_cast %b to offset: [0], sizes: [6], strides: [1] : memref<3x2xf32> to memref<6xf32>
  %c12 = arith.constant 12 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %flat_a[%i] : memref<12xf32>
  }
  scf.for %i = %c0 to %c6 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %g = arith.mulf %f, %half : f32
    memref.store %g, %flat_b[%i] : memref<6xf32>
  }
  %init = call @matmul(%a, %b) : (memref<4x3xf32>, memref<3x2xf32>) -> memref<4x2xf32>
  %last = scf.for %r = %c0 to %c3 step %c1 iter_args(%prev = %init) -> memref<4x2xf32> {
    %next = func.call @matmul(%a, %b) : (memref<4x3xf32>, memref<3x2xf32>) -> memref<4x2xf32>
    %p = memref.load %prev[%c1, %c1] : memref<4x2xf32>
    %q = memref.load %next[%c1, %c1] : memref<4x2xf32>
    %s = arith.addf %p, %q : f32
    memref.store %s, %next[%c1, %c1] : memref<4x2xf32>
    scf.yield %next : memref<4x2xf32>
  }
  %x = memref.load %last[%c1, %c1] : memref<4x2xf32>
  %y = memref.load %last[%c3, %c0] : memref<4x2xf32>
  call @printF32(%x) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%y) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// Double buffering: a 1-D stencil ping-pongs between two buffers carried by a loop, swapping
// them every iteration; the result is a subview of whichever buffer holds the last step.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @stencil(%n: index, %steps: index) -> memref<?xf32, strided<[1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %third = arith.constant 0.333333343 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %sq = arith.mulf %f, %f : f32
    memref.store %sq, %a[%i] : memref<?xf32>
    memref.store %sq, %b[%i] : memref<?xf32>
  }
  %last = arith.subi %n, %c1 : index
  %res:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%src = %a, %dst = %b) -> (memref<?xf32>, memref<?xf32>) {
    scf.for %i = %c1 to %last step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %src[%im] : memref<?xf32>
      %m = memref.load %src[%i] : memref<?xf32>
      %r = memref.load %src[%ip] : memref<?xf32>
      %s1 = arith.addf %l, %m : f32
      %s2 = arith.addf %s1, %r : f32
      %avg = arith.mulf %s2, %third : f32
      memref.store %avg, %dst[%i] : memref<?xf32>
    }
    scf.yield %dst, %src : memref<?xf32>, memref<?xf32>
  }
  %inner = arith.subi %n, %c2 : index
  %view = memref.subview %res#0[1] [%inner] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
  %cast = memref.cast %view : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
  return %cast : memref<?xf32, strided<[1], offset: ?>>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %v = call @stencil(%c8, %c3) : (index, index) -> memref<?xf32, strided<[1], offset: ?>>
  %w = call @stencil(%c8, %c4) : (index, index) -> memref<?xf32, strided<[1], offset: ?>>
  %x = memref.load %v[%c0] : memref<?xf32, strided<[1], offset: ?>>
  %y = memref.load %w[%c3] : memref<?xf32, strided<[1], offset: ?>>
  call @printF32(%x) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%y) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// A growable vector: `memref.realloc` doubles the capacity inside an `scf.while` whenever it
// is full; the pipeline's `expand-realloc` turns each realloc into alloc + copy + free.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @collect(%count: i64) -> (memref<?xi64>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = memref.alloc(%c2) : memref<?xi64>
  %n = arith.index_cast %count : i64 to index
  %buf, %len = scf.while (%b = %init, %i = %c0) : (memref<?xi64>, index) -> (memref<?xi64>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %b, %i : memref<?xi64>, index
  } do {
  ^bb0(%b: memref<?xi64>, %i: index):
    %cap = memref.dim %b, %c0 : memref<?xi64>
    %full = arith.cmpi eq, %i, %cap : index
    %grown = scf.if %full -> memref<?xi64> {
      %twice = arith.muli %cap, %c2 : index
      %r = memref.realloc %b(%twice) : memref<?xi64> to memref<?xi64>
      scf.yield %r : memref<?xi64>
    } else {
      scf.yield %b : memref<?xi64>
    }
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    memref.store %sq, %grown[%i] : memref<?xi64>
    %next = arith.addi %i, %c1 : index
    scf.yield %grown, %next : memref<?xi64>, index
  }
  return %buf, %len : memref<?xi64>, index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nine = arith.constant 9 : i64
  %v, %len = call @collect(%nine) : (i64) -> (memref<?xi64>, index)
  %sum0 = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %len step %c1 iter_args(%acc = %sum0) -> i64 {
    %x = memref.load %v[%i] : memref<?xi64>
    %s = arith.addi %acc, %x : i64
    scf.yield %s : i64
  }
  %cap = memref.dim %v, %c0 : memref<?xi64>
  %capi = arith.index_cast %cap : index to i64
  call @printI64(%sum) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%capi) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// Per-iteration scratch buffers in `scf.parallel`, a stack scope in a loop, and a rank-reducing
// subview of a 2-D buffer passed to a callee.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @row_sum(%row: memref<4xi64, strided<[1], offset: ?>>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> i64 {
    %x = memref.load %row[%i] : memref<4xi64, strided<[1], offset: ?>>
    %y = arith.addi %acc, %x : i64
    scf.yield %y : i64
  }
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<3x4xi64>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
    %scratch = memref.alloc() : memref<2xi64>
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    memref.store %ii, %scratch[%c0] : memref<2xi64>
    memref.store %jj, %scratch[%c1] : memref<2xi64>
    %a = memref.load %scratch[%c0] : memref<2xi64>
    %b = memref.load %scratch[%c1] : memref<2xi64>
    %ten = arith.constant 10 : i64
    %a10 = arith.muli %a, %ten : i64
    %v = arith.addi %a10, %b : i64
    memref.store %v, %m[%i, %j] : memref<3x4xi64>
    scf.reduce
  }
  %z = arith.constant 0 : i64
  %total = scf.for %r = %c0 to %c3 step %c1 iter_args(%acc = %z) -> i64 {
    %part = memref.alloca_scope -> i64 {
      %tmp = memref.alloca() : memref<1xi64>
      %row = memref.subview %m[%r, 0] [1, 4] [1, 1] : memref<3x4xi64> to memref<4xi64, strided<[1], offset: ?>>
      %s = func.call @row_sum(%row) : (memref<4xi64, strided<[1], offset: ?>>) -> i64
      memref.store %s, %tmp[%c0] : memref<1xi64>
      %t = memref.load %tmp[%c0] : memref<1xi64>
      memref.alloca_scope.return %t : i64
    }
    %n = arith.addi %acc, %part : i64
    scf.yield %n : i64
  }
  call @printI64(%total) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// Function values: `call_indirect` of a constant function returning a fresh buffer or a
// clone of its argument, chosen at run time with `arith.select` on function values.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @fresh(%m: memref<2xi64>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 100 : i64
  %r = memref.alloc() : memref<2xi64>
  memref.store %v, %r[%c0] : memref<2xi64>
  return %r : memref<2xi64>
}

func.func @same(%m: memref<2xi64>) -> memref<2xi64> {
  return %m : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  %true = arith.constant true
  %false = arith.constant false
  %m = memref.alloc() : memref<2xi64>
  memref.store %seven, %m[%c0] : memref<2xi64>
  %f = func.constant @fresh : (memref<2xi64>) -> memref<2xi64>
  %g = func.constant @same : (memref<2xi64>) -> memref<2xi64>
  %h1 = arith.select %true, %f, %g : (memref<2xi64>) -> memref<2xi64>
  %h2 = arith.select %false, %f, %g : (memref<2xi64>) -> memref<2xi64>
  %a = func.call_indirect %h1(%m) : (memref<2xi64>) -> memref<2xi64>
  %b = func.call_indirect %h2(%m) : (memref<2xi64>) -> memref<2xi64>
  %x = memref.load %a[%c0] : memref<2xi64>
  %y = memref.load %b[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%y) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// A byte arena carved into typed views with `memref.view`, and a transposed view read back.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.5 : f32
  %two = arith.constant 2.5 : f32
  %arena = memref.alloc() : memref<48xi8>
  %first = memref.view %arena[%c0][] : memref<48xi8> to memref<2x2xf32>
  %second = memref.view %arena[%c16][] : memref<48xi8> to memref<4xf32>
  memref.store %one, %first[%c0, %c1] : memref<2x2xf32>
  memref.store %two, %first[%c1, %c0] : memref<2x2xf32>
  memref.store %one, %second[%c2] : memref<4xf32>
  %t = memref.transpose %first (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %x = memref.load %t[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>>
  %y = memref.load %t[%c0, %c1] : memref<2x2xf32, strided<[1, 2]>>
  %z = memref.load %second[%c2] : memref<4xf32>
  call @printF32(%x) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%y) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%z) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
