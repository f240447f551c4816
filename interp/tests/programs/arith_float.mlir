// Float arith: IEEE f32/f64 operations, comparisons (ordered and unordered), NaN-aware
// min/max, conversions between floats and integers, bitcasts and f16 round trips.
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printNewline()

func.func @pf(%x: f32) {
  func.call @printF32(%x) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @pd(%x: f64) {
  func.call @printF64(%x) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @pi(%x: i1) {
  %e = arith.extui %x : i1 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 1.5 : f32
  %b = arith.constant -0.1 : f32
  %s = arith.addf %a, %b : f32
  %d = arith.subf %a, %b : f32
  %m = arith.mulf %a, %b : f32
  %q = arith.divf %a, %b : f32
  %r = arith.remf %a, %b : f32
  %n = arith.negf %a : f32
  func.call @pf(%s) : (f32) -> ()
  func.call @pf(%d) : (f32) -> ()
  func.call @pf(%m) : (f32) -> ()
  func.call @pf(%q) : (f32) -> ()
  func.call @pf(%r) : (f32) -> ()
  func.call @pf(%n) : (f32) -> ()
  %z = arith.constant 0.0 : f32
  %inf = arith.divf %a, %z : f32
  func.call @pf(%inf) : (f32) -> ()
  %ninf = arith.divf %n, %z : f32
  func.call @pf(%ninf) : (f32) -> ()
  %nan = arith.constant 0x7FC00000 : f32
  %mx = arith.maximumf %a, %nan : f32
  %mxn = arith.maxnumf %a, %nan : f32
  %mn = arith.minimumf %a, %b : f32
  %mnn = arith.minnumf %nan, %b : f32
  func.call @pf(%mx) : (f32) -> ()
  func.call @pf(%mxn) : (f32) -> ()
  func.call @pf(%mn) : (f32) -> ()
  func.call @pf(%mnn) : (f32) -> ()
  %c1 = arith.cmpf olt, %a, %nan : f32
  %c2 = arith.cmpf ult, %a, %nan : f32
  %c3 = arith.cmpf oge, %a, %b : f32
  %c4 = arith.cmpf une, %a, %a : f32
  %c5 = arith.cmpf uno, %nan, %a : f32
  func.call @pi(%c1) : (i1) -> ()
  func.call @pi(%c2) : (i1) -> ()
  func.call @pi(%c3) : (i1) -> ()
  func.call @pi(%c4) : (i1) -> ()
  func.call @pi(%c5) : (i1) -> ()
  %big = arith.constant 1.0e300 : f64
  %tiny = arith.constant 4.9406564584124654e-324 : f64
  func.call @pd(%big) : (f64) -> ()
  func.call @pd(%tiny) : (f64) -> ()
  %tr = arith.truncf %big : f64 to f32
  func.call @pf(%tr) : (f32) -> ()
  %ext = arith.extf %b : f32 to f64
  func.call @pd(%ext) : (f64) -> ()
  %i = arith.constant -7 : i32
  %fi = arith.sitofp %i : i32 to f32
  %fu = arith.uitofp %i : i32 to f64
  func.call @pf(%fi) : (f32) -> ()
  func.call @pd(%fu) : (f64) -> ()
  %v = arith.constant -2.75 : f64
  %toi = arith.fptosi %v : f64 to i64
  func.call @printI64(%toi) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %bits = arith.bitcast %a : f32 to i32
  %bits64 = arith.extui %bits : i32 to i64
  func.call @printI64(%bits64) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %h = arith.truncf %b : f32 to f16
  %hb = arith.extf %h : f16 to f32
  func.call @pf(%hb) : (f32) -> ()
  %h2 = arith.addf %h, %h : f16
  %h2b = arith.extf %h2 : f16 to f32
  func.call @pf(%h2b) : (f32) -> ()
  %acc = arith.constant 0.0 : f64
  %third = arith.constant 0.333333333333 : f64
  %x1 = arith.addf %acc, %third : f64
  %x2 = arith.mulf %x1, %big : f64
  func.call @pd(%x2) : (f64) -> ()
  return
}
