// RUN: dealloc-opt %s --split-input-file

// Unary float functions on scalars, vectors and tensors; fastmath flags are
// printed unless none.
func.func @unary(%x: f32, %v: vector<4xf32>, %t: tensor<4xf64>) {
  %0 = math.exp %x : f32
  %1 = math.exp %x fastmath<fast> : f32
  %2 = math.log %x fastmath<nnan,ninf> : f32
  %3 = math.sqrt %v : vector<4xf32>
  %4 = math.rsqrt %x : f32
  %5 = math.tanh %t : tensor<4xf64>
  %6 = math.sin %x : f32
  %7 = math.cos %x : f32
  %8 = math.absf %x fastmath<none> : f32
  %9 = math.floor %x : f32
  %10 = math.ceil %x : f32
  %11 = math.erf %x : f32
  %12 = math.exp2 %x : f32
  %13 = math.expm1 %x : f32
  %14 = math.log1p %x : f32
  %15 = math.log2 %x : f32
  %16 = math.log10 %x : f32
  %17 = math.round %x : f32
  %18 = math.roundeven %x : f32
  %19 = math.trunc %x : f32
  %20 = math.cbrt %x : f32
  %21 = math.atan %x : f32
  return
}

// -----

// Binary and ternary float functions, fpowi with its integer exponent type,
// integer functions and classification to i1.
func.func @others(%x: f32, %y: f32, %z: f32, %i: i32, %v: vector<2xf64>) {
  %0 = math.powf %x, %y fastmath<nnan,ninf> : f32
  %1 = math.fma %x, %y, %z : f32
  %2 = math.atan2 %x, %y : f32
  %3 = math.copysign %x, %y : f32
  %4 = math.fpowi %x, %i : f32, i32
  %5 = math.absi %i : i32
  %6 = math.ctlz %i : i32
  %7 = math.cttz %i : i32
  %8 = math.ctpop %i : i32
  %9 = math.ipowi %i, %i : i32
  %10 = math.isnan %x : f32
  %11 = math.isinf %v : vector<2xf64>
  %12 = math.isfinite %x : f32
  %14 = math.isnormal %x {fastmath = #arith.fastmath<fast>} : f32
  %13 = math.fma %v, %v, %v fastmath<contract> : vector<2xf64>
  return
}
