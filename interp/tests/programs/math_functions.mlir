// Every elementwise math function on f32 and f64 vectors of ordinary and edge
// inputs, printed with vector.print (printF32/printF64 of the runner).
func.func @main() {
  %x = arith.constant dense<[0.5, -1.25, 2.0, 0.0, 10.0, -0.0, 3.5, 1.0e-3]> : vector<8xf32>
  %p = arith.constant dense<[0.25, 0.75, 1.5, 2.0, 3.0, 0.5, 1.0, 4.0]> : vector<8xf32>
  %d = arith.constant dense<[0.5, -1.25, 2.0, 100.0]> : vector<4xf64>
  %0 = math.absf %x : vector<8xf32>
  vector.print %0 : vector<8xf32>
  %1 = math.ceil %x : vector<8xf32>
  vector.print %1 : vector<8xf32>
  %2 = math.floor %x : vector<8xf32>
  vector.print %2 : vector<8xf32>
  %3 = math.round %x : vector<8xf32>
  vector.print %3 : vector<8xf32>
  %4 = math.roundeven %x : vector<8xf32>
  vector.print %4 : vector<8xf32>
  %5 = math.trunc %x : vector<8xf32>
  vector.print %5 : vector<8xf32>
  %6 = math.exp %x : vector<8xf32>
  vector.print %6 : vector<8xf32>
  %7 = math.exp2 %x : vector<8xf32>
  vector.print %7 : vector<8xf32>
  %8 = math.expm1 %x : vector<8xf32>
  vector.print %8 : vector<8xf32>
  %9 = math.log %p : vector<8xf32>
  vector.print %9 : vector<8xf32>
  %10 = math.log2 %p : vector<8xf32>
  vector.print %10 : vector<8xf32>
  %11 = math.log10 %p : vector<8xf32>
  vector.print %11 : vector<8xf32>
  %12 = math.log1p %p : vector<8xf32>
  vector.print %12 : vector<8xf32>
  %13 = math.sqrt %p : vector<8xf32>
  vector.print %13 : vector<8xf32>
  %14 = math.rsqrt %p : vector<8xf32>
  vector.print %14 : vector<8xf32>
  %15 = math.cbrt %x : vector<8xf32>
  vector.print %15 : vector<8xf32>
  %16 = math.sin %x : vector<8xf32>
  vector.print %16 : vector<8xf32>
  %17 = math.cos %x : vector<8xf32>
  vector.print %17 : vector<8xf32>
  %18 = math.tan %x : vector<8xf32>
  vector.print %18 : vector<8xf32>
  %19 = math.tanh %x : vector<8xf32>
  vector.print %19 : vector<8xf32>
  %20 = math.sinh %x : vector<8xf32>
  vector.print %20 : vector<8xf32>
  %21 = math.cosh %x : vector<8xf32>
  vector.print %21 : vector<8xf32>
  %22 = math.atan %x : vector<8xf32>
  vector.print %22 : vector<8xf32>
  %23 = math.asin %p : vector<8xf32>
  vector.print %23 : vector<8xf32>
  %24 = math.acos %p : vector<8xf32>
  vector.print %24 : vector<8xf32>
  %25 = math.erf %x : vector<8xf32>
  vector.print %25 : vector<8xf32>
  %26 = math.powf %p, %x : vector<8xf32>
  vector.print %26 : vector<8xf32>
  %27 = math.atan2 %x, %p : vector<8xf32>
  vector.print %27 : vector<8xf32>
  %28 = math.copysign %p, %x : vector<8xf32>
  vector.print %28 : vector<8xf32>
  %29 = math.fma %x, %p, %x : vector<8xf32>
  vector.print %29 : vector<8xf32>
  %30 = math.isnan %26 : vector<8xf32>
  vector.print %30 : vector<8xi1>
  %40 = math.exp %d : vector<4xf64>
  vector.print %40 : vector<4xf64>
  %41 = math.log %d : vector<4xf64>
  vector.print %41 : vector<4xf64>
  %42 = math.tanh %d : vector<4xf64>
  vector.print %42 : vector<4xf64>
  %43 = math.sqrt %d : vector<4xf64>
  vector.print %43 : vector<4xf64>
  %44 = math.erf %d : vector<4xf64>
  vector.print %44 : vector<4xf64>
  %45 = math.powf %d, %d : vector<4xf64>
  vector.print %45 : vector<4xf64>
  %s = arith.constant 1.5 : f32
  %n = arith.constant -3 : i32
  %46 = math.fpowi %s, %n : f32, i32
  vector.print %46 : f32
  return
}
