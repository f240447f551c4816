// Integer arith at exact widths: wrap-around, signed/unsigned division flavours, shifts,
// min/max, comparisons, extensions, truncations and index casts.
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printNewline()

func.func @p8(%x: i8) {
  %e = arith.extsi %x : i8 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @p(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 100 : i8
  %b = arith.constant 100 : i8
  %s = arith.addi %a, %b : i8
  func.call @p8(%s) : (i8) -> ()
  %m = arith.muli %a, %b : i8
  func.call @p8(%m) : (i8) -> ()
  %n7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %d1 = arith.divsi %n7, %c2 : i32
  %d2 = arith.floordivsi %n7, %c2 : i32
  %d3 = arith.ceildivsi %n7, %c2 : i32
  %d4 = arith.remsi %n7, %c2 : i32
  %d5 = arith.divui %n7, %c2 : i32
  %d6 = arith.remui %n7, %c2 : i32
  %d7 = arith.ceildivui %n7, %c2 : i32
  %e1 = arith.extsi %d1 : i32 to i64
  %e2 = arith.extsi %d2 : i32 to i64
  %e3 = arith.extsi %d3 : i32 to i64
  %e4 = arith.extsi %d4 : i32 to i64
  %e5 = arith.extui %d5 : i32 to i64
  %e6 = arith.extui %d6 : i32 to i64
  %e7 = arith.extui %d7 : i32 to i64
  func.call @p(%e1) : (i64) -> ()
  func.call @p(%e2) : (i64) -> ()
  func.call @p(%e3) : (i64) -> ()
  func.call @p(%e4) : (i64) -> ()
  func.call @p(%e5) : (i64) -> ()
  func.call @p(%e6) : (i64) -> ()
  func.call @p(%e7) : (i64) -> ()
  %one = arith.constant 1 : i64
  %sixty3 = arith.constant 63 : i64
  %min = arith.shli %one, %sixty3 : i64
  func.call @p(%min) : (i64) -> ()
  func.call @printU64(%min) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %sr = arith.shrsi %min, %sixty3 : i64
  %ur = arith.shrui %min, %sixty3 : i64
  func.call @p(%sr) : (i64) -> ()
  func.call @p(%ur) : (i64) -> ()
  %neg = arith.constant -5 : i64
  %five = arith.constant 5 : i64
  %mx = arith.maxsi %neg, %five : i64
  %mxu = arith.maxui %neg, %five : i64
  %mn = arith.minsi %neg, %five : i64
  %mnu = arith.minui %neg, %five : i64
  func.call @p(%mx) : (i64) -> ()
  func.call @p(%mxu) : (i64) -> ()
  func.call @p(%mn) : (i64) -> ()
  func.call @p(%mnu) : (i64) -> ()
  %and = arith.andi %neg, %five : i64
  %or = arith.ori %neg, %five : i64
  %xor = arith.xori %neg, %five : i64
  func.call @p(%and) : (i64) -> ()
  func.call @p(%or) : (i64) -> ()
  func.call @p(%xor) : (i64) -> ()
  %lt = arith.cmpi slt, %neg, %five : i64
  %ult = arith.cmpi ult, %neg, %five : i64
  %sel = arith.select %lt, %neg, %five : i64
  %sel2 = arith.select %ult, %neg, %five : i64
  func.call @p(%sel) : (i64) -> ()
  func.call @p(%sel2) : (i64) -> ()
  %ltx = arith.extui %lt : i1 to i64
  %ltsx = arith.extsi %lt : i1 to i64
  func.call @p(%ltx) : (i64) -> ()
  func.call @p(%ltsx) : (i64) -> ()
  %big = arith.constant 300 : i64
  %t = arith.trunci %big : i64 to i8
  func.call @p8(%t) : (i8) -> ()
  %i3 = arith.constant 5 : i3
  %i3b = arith.constant 6 : i3
  %i3s = arith.addi %i3, %i3b : i3
  %i3e = arith.extsi %i3s : i3 to i64
  %i3u = arith.extui %i3s : i3 to i64
  func.call @p(%i3e) : (i64) -> ()
  func.call @p(%i3u) : (i64) -> ()
  %idx = arith.index_cast %neg : i64 to index
  %idx2 = arith.index_castui %t : i8 to index
  %back = arith.index_cast %idx : index to i64
  %back2 = arith.index_cast %idx2 : index to i64
  func.call @p(%back) : (i64) -> ()
  func.call @p(%back2) : (i64) -> ()
  %sum, %ovf = arith.addui_extended %neg, %five : i64, i1
  %ovf64 = arith.extui %ovf : i1 to i64
  func.call @p(%sum) : (i64) -> ()
  func.call @p(%ovf64) : (i64) -> ()
  %lo, %hi = arith.mulsi_extended %min, %neg : i64
  func.call @p(%lo) : (i64) -> ()
  func.call @p(%hi) : (i64) -> ()
  return
}
