// RUN: dealloc-opt %s --split-input-file

// Integer constants of every width get the `%c<value>_<type>` name hint;
// index constants drop the type suffix, negative values keep the minus sign.
func.func @int_constants() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 1 : index
  %2 = arith.constant -7 : index
  %3 = arith.constant 1 : i1
  %4 = arith.constant 127 : i8
  %5 = arith.constant -128 : i8
  %6 = arith.constant 300 : i16
  %7 = arith.constant 42 : i32
  %8 = arith.constant -1 : i64
  %9 = arith.constant 170141183460469231731687303715884105727 : i128
  return
}

// -----

// Boolean constants print as `true`/`false` with no type and get the
// `%true` / `%false` name hints; repeated ones are uniqued with `_0`, `_1`.
func.func @bool_constants() -> (i1, i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %t2 = arith.constant true
  return %t, %f, %t2 : i1, i1, i1
}

// -----

// Float constants all get the `%cst` hint and are printed in normalized
// scientific notation (or hex when the decimal form would not round-trip).
func.func @float_constants() {
  %0 = arith.constant 1.0 : f32
  %1 = arith.constant 0.5 : f64
  %2 = arith.constant -2.5 : f16
  %3 = arith.constant 3.0 : bf16
  %4 = arith.constant 0.1 : f32
  %5 = arith.constant 0.1 : f64
  %6 = arith.constant 1.0e-10 : f64
  %7 = arith.constant 123456789.0 : f32
  %8 = arith.constant 0.0 : f32
  %9 = arith.constant -0.0 : f32
  return
}

// -----

// Special float values written in hex: NaN and infinities print back as hex
// bit patterns; the largest finite f32 prints in decimal.
func.func @float_specials() {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %dnan = arith.constant 0x7FF8000000000000 : f64
  %max = arith.constant 3.40282347E+38 : f32
  %hnan = arith.constant 0x7E00 : f16
  %bf = arith.constant 0x7FC0 : bf16
  return
}

// -----

// Integer binary arithmetic, all with the same short custom syntax.
func.func @int_binary(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %a : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.remsi %4, %a : i32
  %6 = arith.remui %5, %a : i32
  %7 = arith.ceildivsi %6, %b : i32
  %8 = arith.floordivsi %7, %b : i32
  %9 = arith.minsi %8, %a : i32
  %10 = arith.maxsi %9, %b : i32
  return %10 : i32
}

// -----

// Bitwise ops and shifts on index and i64.
func.func @bitwise(%a: i64, %b: i64, %i: index) -> (i64, index) {
  %0 = arith.andi %a, %b : i64
  %1 = arith.ori %0, %b : i64
  %2 = arith.xori %1, %a : i64
  %3 = arith.shli %2, %b : i64
  %4 = arith.shrsi %3, %b : i64
  %5 = arith.shrui %4, %b : i64
  %6 = arith.andi %i, %i : index
  return %5, %6 : i64, index
}

// -----

// Integer overflow flags: `overflow<nsw>`, `overflow<nuw>` and both; the
// default `none` is elided.
func.func @overflow_flags(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.subi %0, %b overflow<nuw> : i32
  %2 = arith.muli %1, %a overflow<nsw, nuw> : i32
  %3 = arith.shli %2, %b overflow<nsw> : i32
  %4 = arith.addi %3, %a overflow<none> : i32
  return %4 : i32
}

// -----

// Float arithmetic with and without fastmath flags; `fastmath<none>` is
// elided, `fast` stays a single keyword.
func.func @float_arith(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %0, %y fastmath<nnan> : f32
  %2 = arith.mulf %1, %x fastmath<nnan, ninf> : f32
  %3 = arith.divf %2, %y fastmath<fast> : f32
  %4 = arith.negf %3 : f32
  %5 = arith.minimumf %4, %x : f32
  %6 = arith.maximumf %5, %y fastmath<contract> : f32
  %7 = arith.addf %6, %x fastmath<none> : f32
  return %7 : f32
}

// -----

// Float arithmetic on the other float types.
func.func @float_types(%h: f16, %b: bf16, %d: f64) -> (f16, bf16, f64) {
  %0 = arith.addf %h, %h : f16
  %1 = arith.mulf %b, %b : bf16
  %2 = arith.divf %d, %d : f64
  return %0, %1, %2 : f16, bf16, f64
}

// -----

// Every arith.cmpi predicate; results are i1 and get no name hint.
func.func @cmpi_all(%a: i32, %b: i32) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  return
}

// -----

// cmpi on index values, the common loop-bound comparison.
func.func @cmpi_index(%i: index, %n: index) -> i1 {
  %0 = arith.cmpi slt, %i, %n : index
  return %0 : i1
}

// -----

// Every arith.cmpf predicate, and fastmath on a comparison.
func.func @cmpf_all(%x: f32, %y: f32) {
  %0 = arith.cmpf false, %x, %y : f32
  %1 = arith.cmpf oeq, %x, %y : f32
  %2 = arith.cmpf ogt, %x, %y : f32
  %3 = arith.cmpf oge, %x, %y : f32
  %4 = arith.cmpf olt, %x, %y : f32
  %5 = arith.cmpf ole, %x, %y : f32
  %6 = arith.cmpf one, %x, %y : f32
  %7 = arith.cmpf ord, %x, %y : f32
  %8 = arith.cmpf ueq, %x, %y : f32
  %9 = arith.cmpf ugt, %x, %y : f32
  %10 = arith.cmpf uge, %x, %y : f32
  %11 = arith.cmpf ult, %x, %y : f32
  %12 = arith.cmpf ule, %x, %y : f32
  %13 = arith.cmpf une, %x, %y : f32
  %14 = arith.cmpf uno, %x, %y : f32
  %15 = arith.cmpf true, %x, %y : f32
  %16 = arith.cmpf olt, %x, %y fastmath<nnan> : f32
  return
}

// -----

// arith.select on scalars and on memrefs (the pattern that creates aliasing
// the deallocation pass must handle).
func.func @select(%c: i1, %a: i32, %b: i32, %m: memref<4xf32>, %n: memref<4xf32>) -> (i32, memref<4xf32>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %m, %n : memref<4xf32>
  return %0, %1 : i32, memref<4xf32>
}

// -----

// Integer casts: the type pair is printed `: from to to`.
func.func @int_casts(%a: i32, %i: index, %b: i8) -> (index, i32, i64, i64, i16) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %i : index to i32
  %2 = arith.extsi %a : i32 to i64
  %3 = arith.extui %b : i8 to i64
  %4 = arith.trunci %a : i32 to i16
  return %0, %1, %2, %3, %4 : index, i32, i64, i64, i16
}

// -----

// Int <-> float casts, float widening/narrowing and bitcasts.
func.func @float_casts(%a: i32, %x: f32, %d: f64) -> (f32, f32, i32, i32, f64, f16, i32, f32) {
  %0 = arith.sitofp %a : i32 to f32
  %1 = arith.uitofp %a : i32 to f32
  %2 = arith.fptosi %x : f32 to i32
  %3 = arith.fptoui %x : f32 to i32
  %4 = arith.extf %x : f32 to f64
  %5 = arith.truncf %d : f64 to f16
  %6 = arith.bitcast %x : f32 to i32
  %7 = arith.bitcast %a : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, i32, i32, f64, f16, i32, f32
}

// -----

// Unsigned cast on index and trunci with overflow flags.
func.func @more_casts(%a: i64, %i: index) -> (i32, index) {
  %0 = arith.trunci %a overflow<nsw> : i64 to i32
  %1 = arith.index_castui %a : i64 to index
  return %0, %1 : i32, index
}

// -----

// Constants of vector and tensor types: dense attributes keep their type
// and also get `%cst` hints.
func.func @shaped_constants() -> (vector<4xf32>, tensor<2x2xi32>, vector<3xi1>) {
  %0 = arith.constant dense<1.0> : vector<4xf32>
  %1 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = arith.constant dense<[true, false, true]> : vector<3xi1>
  return %0, %1, %2 : vector<4xf32>, tensor<2x2xi32>, vector<3xi1>
}

// -----

// Elementwise arith on vectors.
func.func @vector_arith(%a: vector<4xi32>, %b: vector<4xi32>, %x: vector<4xf32>) -> (vector<4xi32>, vector<4xi1>, vector<4xf32>) {
  %0 = arith.addi %a, %b : vector<4xi32>
  %1 = arith.cmpi slt, %a, %b : vector<4xi32>
  %2 = arith.mulf %x, %x : vector<4xf32>
  return %0, %1, %2 : vector<4xi32>, vector<4xi1>, vector<4xf32>
}

// -----

// A realistic scalar kernel: index arithmetic feeding a memref load/store,
// with the constants hoisted to the top as canonicalization would leave them.
func.func @axpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf32>
    %yi = memref.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  return
}

// -----

// Vector select with a vector<i1> condition prints both types after the
// colon: condition type first.
func.func @vector_select(%c: vector<4xi1>, %a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %0 = arith.select %c, %a, %b : vector<4xi1>, vector<4xf32>
  return %0 : vector<4xf32>
}
