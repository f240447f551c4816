// RUN: dealloc-opt %s --split-input-file

// index constants are named after their value; arithmetic, comparisons and
// casts print without types where index is implied.
func.func @index_ops(%a: index, %b: index, %i: i32) -> i1 {
  %c = index.constant 42
  %m = index.constant -3
  %t = index.bool.constant true
  %f = index.bool.constant false
  %0 = index.add %a, %b
  %1 = index.sub %0, %c
  %2 = index.mul %1, %m
  %3 = index.divs %2, %b
  %4 = index.divu %3, %b
  %5 = index.ceildivs %4, %b
  %6 = index.ceildivu %5, %b
  %7 = index.floordivs %6, %b
  %8 = index.rems %7, %b
  %9 = index.remu %8, %b
  %10 = index.maxs %9, %b
  %11 = index.maxu %10, %b
  %12 = index.mins %11, %b
  %13 = index.minu %12, %b
  %14 = index.shl %13, %b
  %15 = index.shrs %14, %b
  %16 = index.shru %15, %b
  %17 = index.and %16, %b
  %18 = index.or %17, %b
  %19 = index.xor %18, %b
  %20 = index.casts %i : i32 to index
  %21 = index.castu %19 : index to i64
  %22 = index.sizeof
  %23 = index.cmp slt(%a, %b)
  %24 = index.cmp uge(%20, %22)
  return %24 : i1
}

// -----

// ub.poison of scalar, vector and memref-free shaped types.
func.func @poison() -> (f32, vector<4xi32>, index) {
  %0 = ub.poison : f32
  %1 = ub.poison : vector<4xi32>
  %2 = ub.poison : index
  return %0, %1, %2 : f32, vector<4xi32>, index
}
