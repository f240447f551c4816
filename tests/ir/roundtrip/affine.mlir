// RUN: dealloc-opt %s --split-input-file

// affine.for with constant bounds, an SSA symbol bound, a step, and nested
// loops whose bounds are maps with min/max; subscripts over dims and symbols.
#m = affine_map<(d0)[s0] -> (d0 + s0, 10)>
func.func @loops(%A: memref<?x8xf32>, %n: index) {
  affine.for %i = 0 to %n step 2 {
    affine.for %j = max #m(%i)[%n] to min #m(%i)[%n] {
      %v = affine.load %A[%i + 1, %j * 2] : memref<?x8xf32>
      affine.store %v, %A[%i, symbol(%n)] : memref<?x8xf32>
    }
  }
  return
}

// -----

// affine.for with iter_args prints its terminator; a single-result map bound
// prints without a min/max prefix; negative constant bounds.
func.func @iter_args(%x: f32, %n: index) -> f32 {
  %r = affine.for %i = -4 to 10 iter_args(%acc = %x) -> (f32) {
    %s = arith.addf %acc, %x : f32
    affine.yield %s : f32
  }
  %q:2 = affine.for %i = affine_map<(d0) -> (d0 floordiv 2)>(%n) to affine_map<()[s0] -> (s0 * 3)>()[%n] iter_args(%a = %x, %b = %r) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  return %q#1 : f32
}

// -----

// affine.apply, affine.min and affine.max share #map aliases; mod, floordiv,
// ceildiv and a repeated operand in a subscript.
func.func @maps(%i: index, %n: index, %A: memref<16x16xf32>) -> index {
  %a = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]
  %b = affine.min affine_map<(d0) -> (d0, 4)>(%a)
  %c = affine.max affine_map<(d0) -> (d0, 4)>(%b)
  %d = affine.apply affine_map<(d0, d1) -> (d0 mod 4 + d1 ceildiv 3)>(%c, %i)
  %v = affine.load %A[%i, %i] : memref<16x16xf32>
  affine.store %v, %A[%i floordiv 2, (%n + 3) mod 16] : memref<16x16xf32>
  return %d : index
}

// -----

// affine.if with and without else, with results, over integer sets.
func.func @conditionals(%i: index, %n: index, %x: f32, %A: memref<4xf32>) -> f32 {
  affine.if affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 == 0)>(%i)[%n] {
    affine.store %x, %A[0] : memref<4xf32>
  }
  %y = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> f32 {
    affine.yield %x : f32
  } else {
    %z = arith.addf %x, %x : f32
    affine.yield %z : f32
  }
  return %y : f32
}

// -----

// affine.parallel: bounds over SSA values, steps, and a reduction.
func.func @parallel(%A: memref<?x8xf32>, %n: index) -> f32 {
  affine.parallel (%i, %j) = (0, 0) to (%n, 8) step (2, 4) {
    %v = affine.load %A[%i, %j] : memref<?x8xf32>
  }
  %r = affine.parallel (%i) = (0) to (8) reduce ("addf") -> (f32) {
    %v = affine.load %A[%i, %i] : memref<?x8xf32>
    affine.yield %v : f32
  }
  return %r : f32
}
