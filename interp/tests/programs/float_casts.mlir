// Conversions between integers and floats of every width (f16, bf16, f32, f64), rounding of
// truncf, and arithmetic performed in f16 and bf16.
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printComma()
func.func private @printNewline()

func.func @h(%x: f16) {
  %e = arith.extf %x : f16 to f32
  func.call @printF32(%e) : (f32) -> ()
  func.call @printComma() : () -> ()
  return
}

func.func @bf(%x: bf16) {
  %e = arith.extf %x : bf16 to f32
  func.call @printF32(%e) : (f32) -> ()
  func.call @printComma() : () -> ()
  return
}

func.func @main() {
  %i = arith.constant -123456789 : i64
  %u = arith.constant 4000000000 : i32
  %d = arith.sitofp %i : i64 to f64
  %f = arith.sitofp %i : i64 to f32
  %uf = arith.uitofp %u : i32 to f64
  %sf = arith.sitofp %u : i32 to f64
  func.call @printF64(%d) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%f) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%uf) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%sf) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %x = arith.constant -7.9 : f64
  %xi = arith.fptosi %x : f64 to i32
  %xe = arith.extsi %xi : i32 to i64
  func.call @printI64(%xe) : (i64) -> ()
  func.call @printComma() : () -> ()
  %y = arith.constant 200.7 : f32
  %yu = arith.fptoui %y : f32 to i8
  %ye = arith.extui %yu : i8 to i64
  func.call @printI64(%ye) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %pi = arith.constant 3.14159265358979 : f64
  %pf = arith.truncf %pi : f64 to f32
  %ph = arith.truncf %pi : f64 to f16
  %pb = arith.truncf %pf : f32 to bf16
  func.call @printF32(%pf) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @h(%ph) : (f16) -> ()
  func.call @bf(%pb) : (bf16) -> ()
  %back = arith.extf %pf : f32 to f64
  func.call @printF64(%back) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %h1 = arith.constant 0.1 : f16
  %h3 = arith.constant 3.0 : f16
  %hs = arith.addf %h1, %h3 : f16
  %hm = arith.mulf %h1, %h3 : f16
  %hd = arith.divf %h1, %h3 : f16
  func.call @h(%hs) : (f16) -> ()
  func.call @h(%hm) : (f16) -> ()
  func.call @h(%hd) : (f16) -> ()
  %b1 = arith.constant 0.1 : bf16
  %b3 = arith.constant 3.0 : bf16
  %bs = arith.addf %b1, %b3 : bf16
  %bm = arith.mulf %b1, %b3 : bf16
  func.call @bf(%bs) : (bf16) -> ()
  func.call @bf(%bm) : (bf16) -> ()
  func.call @printNewline() : () -> ()
  %big = arith.constant 70000.0 : f32
  %hinf = arith.truncf %big : f32 to f16
  func.call @h(%hinf) : (f16) -> ()
  %hi = arith.constant 1000 : i16
  %hf = arith.sitofp %hi : i16 to f16
  func.call @h(%hf) : (f16) -> ()
  %bits = arith.bitcast %pf : f32 to i32
  %be = arith.extui %bits : i32 to i64
  func.call @printI64(%be) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
