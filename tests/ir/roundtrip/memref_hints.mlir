// RUN: dealloc-opt %s --split-input-file

// memref.assume_alignment: a view of its operand, named `%assume_align`, with attributes and
// layouts.
func.func @assume(%m: memref<8xf32>, %s: memref<?x4xi8, strided<[?, 1], offset: ?>>) -> memref<8xf32> {
  %a = memref.assume_alignment %m, 64 : memref<8xf32>
  %b = memref.assume_alignment %s, 1 {note = "one"} : memref<?x4xi8, strided<[?, 1], offset: ?>>
  %c = memref.assume_alignment %a, 4096 : memref<8xf32>
  return %c : memref<8xf32>
}

// -----

// memref.prefetch: every rw specifier, locality and cache kind; rank 0 and rank 2.
func.func @prefetch(%m: memref<4x4xf32>, %z: memref<i64>, %i: index, %j: index) {
  memref.prefetch %m[%i, %j], read, locality<0>, data : memref<4x4xf32>
  memref.prefetch %m[%j, %i], write, locality<3>, instr : memref<4x4xf32>
  memref.prefetch %z[], read, locality<2>, instr : memref<i64>
  return
}

// -----

// memref.atomic_rmw of every kind.
func.func @atomic_rmw(%f: memref<4xf32>, %n: memref<4xi32>, %x: f32, %y: i32, %i: index) {
  %0 = memref.atomic_rmw addf %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %1 = memref.atomic_rmw maximumf %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %2 = memref.atomic_rmw minimumf %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %3 = memref.atomic_rmw maxnumf %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %4 = memref.atomic_rmw minnumf %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %5 = memref.atomic_rmw mulf %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %6 = memref.atomic_rmw assign %x, %f[%i] : (f32, memref<4xf32>) -> f32
  %7 = memref.atomic_rmw addi %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %8 = memref.atomic_rmw muli %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %9 = memref.atomic_rmw maxs %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %10 = memref.atomic_rmw maxu %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %11 = memref.atomic_rmw mins %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %12 = memref.atomic_rmw minu %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %13 = memref.atomic_rmw andi %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %14 = memref.atomic_rmw ori %y, %n[%i] : (i32, memref<4xi32>) -> i32
  %15 = memref.atomic_rmw xori %y, %n[%i] {tag} : (i32, memref<4xi32>) -> i32
  return
}

// -----

// memref.generic_atomic_rmw: the body computes the stored element from the current one; it
// may use values from above; several indices; attributes after the body.
func.func @generic_atomic(%m: memref<3x5xf64>, %i: index, %j: index, %k: f64) -> f64 {
  %r = memref.generic_atomic_rmw %m[%i, %j] : memref<3x5xf64> {
  ^bb0(%current: f64):
    %sum = arith.addf %current, %k : f64
    %half = arith.constant 5.000000e-01 : f64
    %scaled = arith.mulf %sum, %half : f64
    memref.atomic_yield %scaled : f64
  } {marker}
  %c = memref.generic_atomic_rmw %m[%j, %i] : memref<3x5xf64> {
  ^bb0(%current: f64):
    memref.atomic_yield %current : f64
  }
  %t = arith.addf %r, %c : f64
  return %t : f64
}
