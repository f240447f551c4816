// affine loops with min/max bounds, symbols and steps, affine expressions with
// floordiv, ceildiv and mod of negative values, affine.if over integer sets,
// affine.parallel, and every index op (negative divisions, shifts, casts).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @print(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %cm7 = arith.constant -7 : index
  %c3 = arith.constant 3 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%cm7)[%c3]
  %b = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%cm7)[%c3]
  %c = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%cm7)[%c3]
  %d = affine.apply affine_map<(d0, d1) -> (d0 * 3 - d1 + 10)>(%c7, %cm7)
  %e = affine.min affine_map<(d0)[s0] -> (d0, s0, 5)>(%c7)[%c3]
  %f = affine.max affine_map<(d0)[s0] -> (d0, s0, 5)>(%c7)[%c3]
  func.call @print(%a) : (index) -> ()
  func.call @print(%b) : (index) -> ()
  func.call @print(%c) : (index) -> ()
  func.call @print(%d) : (index) -> ()
  func.call @print(%e) : (index) -> ()
  func.call @print(%f) : (index) -> ()
  %M = memref.alloc() : memref<10xindex>
  affine.for %i = 0 to 10 {
    affine.store %i, %M[%i] : memref<10xindex>
  }
  %s = affine.for %i = max affine_map<(d0) -> (d0, 2)>(%c3) to min affine_map<()[s0] -> (s0, 9)>()[%c7] step 2 iter_args(%acc = %c3) -> (index) {
    %v = affine.load %M[%i + 1] : memref<10xindex>
    %n = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 10)>(%acc, %v)
    affine.yield %n : index
  }
  func.call @print(%s) : (index) -> ()
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 8 >= 0, d0 mod 2 == 0)>(%i)[%c3] {
      func.call @print(%i) : (index) -> ()
    } else {
      affine.store %c3, %M[%i] : memref<10xindex>
    }
  }
  affine.parallel (%i, %j) = (0, 1) to (2, %c3) {
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
    affine.store %k, %M[%k] : memref<10xindex>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %M[%i] : memref<10xindex>
    func.call @print(%v) : (index) -> ()
  }
  %x = index.constant -13
  %y = index.constant 4
  %i0 = index.divs %x, %y
  %i1 = index.ceildivs %x, %y
  %i2 = index.floordivs %x, %y
  %i3 = index.rems %x, %y
  %i4 = index.remu %x, %y
  %i5 = index.divu %x, %y
  %i6 = index.ceildivu %y, %c3
  %i7 = index.shrs %x, %y
  %i8 = index.shru %x, %y
  %i9 = index.shl %x, %y
  %i10 = index.mins %x, %y
  %i11 = index.minu %x, %y
  %i12 = index.maxu %x, %y
  %i13 = index.and %x, %y
  %i14 = index.or %x, %y
  %i15 = index.xor %x, %y
  %i16 = index.sub %x, %y
  %i17 = index.mul %x, %y
  %cmp = index.cmp ult(%x, %y)
  %i18 = index.castu %cmp : i1 to index
  %t = arith.constant -5 : i8
  %i19 = index.casts %t : i8 to index
  %i20 = index.castu %t : i8 to index
  %i21 = index.casts %x : index to i8
  %i22 = index.casts %i21 : i8 to index
  %bt = index.bool.constant true
  %i23 = index.castu %bt : i1 to index
  %all = memref.alloc() : memref<24xindex>
  %vals = vector.broadcast %x : index to vector<24xindex>
  %v0 = vector.insert %i0, %vals [0] : index into vector<24xindex>
  %v1 = vector.insert %i1, %v0 [1] : index into vector<24xindex>
  %v2 = vector.insert %i2, %v1 [2] : index into vector<24xindex>
  %v3 = vector.insert %i3, %v2 [3] : index into vector<24xindex>
  %v4 = vector.insert %i4, %v3 [4] : index into vector<24xindex>
  %v5 = vector.insert %i5, %v4 [5] : index into vector<24xindex>
  %v6 = vector.insert %i6, %v5 [6] : index into vector<24xindex>
  %v7 = vector.insert %i7, %v6 [7] : index into vector<24xindex>
  %v8 = vector.insert %i8, %v7 [8] : index into vector<24xindex>
  %v9 = vector.insert %i9, %v8 [9] : index into vector<24xindex>
  %v10 = vector.insert %i10, %v9 [10] : index into vector<24xindex>
  %v11 = vector.insert %i11, %v10 [11] : index into vector<24xindex>
  %v12 = vector.insert %i12, %v11 [12] : index into vector<24xindex>
  %v13 = vector.insert %i13, %v12 [13] : index into vector<24xindex>
  %v14 = vector.insert %i14, %v13 [14] : index into vector<24xindex>
  %v15 = vector.insert %i15, %v14 [15] : index into vector<24xindex>
  %v16 = vector.insert %i16, %v15 [16] : index into vector<24xindex>
  %v17 = vector.insert %i17, %v16 [17] : index into vector<24xindex>
  %v18 = vector.insert %i18, %v17 [18] : index into vector<24xindex>
  %v19 = vector.insert %i19, %v18 [19] : index into vector<24xindex>
  %v20 = vector.insert %i20, %v19 [20] : index into vector<24xindex>
  %v22 = vector.insert %i22, %v20 [22] : index into vector<24xindex>
  %v23 = vector.insert %i23, %v22 [23] : index into vector<24xindex>
  %zero = index.constant 0
  vector.transfer_write %v23, %all[%zero] : vector<24xindex>, memref<24xindex>
  affine.for %i = 0 to 24 {
    %v = affine.load %all[%i] : memref<24xindex>
    func.call @print(%v) : (index) -> ()
  }
  %sz = index.sizeof
  func.call @print(%sz) : (index) -> ()
  memref.dealloc %M : memref<10xindex>
  memref.dealloc %all : memref<24xindex>
  return
}
