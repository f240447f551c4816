// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Real inputs (issue 12): what One-Shot Bufferize, tiling and vectorization leave.
// An affine loop carries a buffer through iter_args: each iteration allocates the
// next one from the previous (vector transfers, arith and math on vectors), and an
// affine.if yields either the loop's buffer or a fresh copy.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    affine.store %one, %init[%i] : memref<8xf32>
  }
  %r = affine.for %t = 0 to 3 iter_args(%cur = %init) -> (memref<8xf32>) {
    %next = memref.alloc() : memref<8xf32>
    affine.for %i = 0 to 8 step 4 {
      %v = vector.transfer_read %cur[%i], %one : memref<8xf32>, vector<4xf32>
      %w = arith.addf %v, %v : vector<4xf32>
      %e = math.sqrt %w : vector<4xf32>
      vector.transfer_write %e, %next[%i] : vector<4xf32>, memref<8xf32>
    }
    affine.yield %next : memref<8xf32>
  }
  %sel = affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%c0) -> memref<8xf32> {
    affine.yield %r : memref<8xf32>
  } else {
    %tmp = memref.alloc() : memref<8xf32>
    memref.copy %r, %tmp : memref<8xf32> to memref<8xf32>
    affine.yield %tmp : memref<8xf32>
  }
  %u = memref.cast %sel : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

// Tiles of 4 over 10 elements: affine.apply/min compute the tile, the last
// transfer_read runs past the end and reads the padding, a scratch buffer is
// allocated per tile; math functions on vectors and scalars, printed both with
// vector.print and the runner's print functions.
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f32
  %pad = arith.constant -1.0 : f32
  %A = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %s = arith.mulf %f, %half : f32
    affine.store %s, %A[%i] : memref<10xf32>
  }
  %sum = affine.for %t = 0 to 3 iter_args(%acc = %half) -> (f32) {
    %buf = memref.alloc() : memref<4xf32>
    %base = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %v = vector.transfer_read %A[%base], %pad : memref<10xf32>, vector<4xf32>
    %e = math.exp %v : vector<4xf32>
    vector.print %e : vector<4xf32>
    vector.transfer_write %e, %buf[%c0] : vector<4xf32>, memref<4xf32>
    %r = vector.reduction <add>, %e, %acc : vector<4xf32> into f32
    %m = affine.min affine_map<(d0) -> (d0 + 4, 10)>(%base)
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%t) {
      %u = memref.cast %buf : memref<4xf32> to memref<*xf32>
      func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    }
    %x = affine.load %buf[%t] : memref<4xf32>
    %sq = math.sqrt %x : f32
    %th = math.tanh %sq : f32
    %er = math.erf %th : f32
    func.call @printF32(%er) : (f32) -> ()
    func.call @printNewline() : () -> ()
    %mi = arith.index_cast %m : index to i64
    func.call @printI64(%mi) : (i64) -> ()
    func.call @printNewline() : () -> ()
    affine.yield %r : f32
  }
  func.call @printF32(%sum) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %p = math.powf %sum, %half fastmath<fast> : f32
  %q = math.fma %p, %p, %p : f32
  %l = math.log %q : f32
  %c = math.cos %l : f32
  %at = math.atan2 %c, %l : f32
  %fl = math.floor %q : f32
  %rs = math.rsqrt %q : f32
  %e1 = math.expm1 %half : f32
  %l1 = math.log1p %half : f32
  %results = vector.broadcast %p : f32 to vector<8xf32>
  %r1 = vector.insert %q, %results [1] : f32 into vector<8xf32>
  %r2 = vector.insert %l, %r1 [2] : f32 into vector<8xf32>
  %r3 = vector.insert %c, %r2 [3] : f32 into vector<8xf32>
  %r4 = vector.insert %at, %r3 [4] : f32 into vector<8xf32>
  %r5 = vector.insert %fl, %r4 [5] : f32 into vector<8xf32>
  %r6 = vector.insert %rs, %r5 [6] : f32 into vector<8xf32>
  %r7 = vector.insert %e1, %r6 [7] : f32 into vector<8xf32>
  vector.print %r7 : vector<8xf32>
  vector.print %l1 : f32
  memref.dealloc %A : memref<10xf32>
  return
}

// -----

// A 2-D tiled computation: affine.parallel over tiles allocates a scratch tile
// per iteration; 2-D vectors are loaded, broadcast, combined with fma, reduced
// and stored back with a mask; dynamic extract/insert positions.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.alloc() : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      affine.store %kf, %M[%i, %j] : memref<4x8xf32>
    }
  }
  %Out = memref.alloc() : memref<4x8xf32>
  affine.parallel (%ti) = (0) to (4) step (2) {
    %tile = memref.alloc() : memref<2x8xf32>
    %blk = vector.transfer_read %M[%ti, %c0], %zero : memref<4x8xf32>, vector<2x8xf32>
    %row = vector.load %M[%c0, %c0] : memref<4x8xf32>, vector<8xf32>
    %b = vector.broadcast %row : vector<8xf32> to vector<2x8xf32>
    %f = vector.fma %blk, %b, %blk : vector<2x8xf32>
    vector.transfer_write %f, %tile[%c0, %c0] : vector<2x8xf32>, memref<2x8xf32>
    %first = vector.extract %f[%c1] : vector<8xf32> from vector<2x8xf32>
    %s = vector.reduction <maximumf>, %first : vector<8xf32> into f32
    %g = vector.insert %s, %f [0, %c1] : f32 into vector<2x8xf32>
    %t2 = vector.transfer_read %tile[%c0, %c0], %zero : memref<2x8xf32>, vector<2x8xf32>
    %sum = arith.addf %g, %t2 : vector<2x8xf32>
    vector.transfer_write %sum, %Out[%ti, %c0] : vector<2x8xf32>, memref<4x8xf32>
  }
  %u = memref.cast %Out : memref<4x8xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %M : memref<4x8xf32>
  memref.dealloc %Out : memref<4x8xf32>
  return
}

// -----

// index and integer math: index arithmetic and comparisons decide how many
// buffers a loop allocates; integer math functions and casts.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %a = index.constant 13
  %b = index.constant -4
  %q = index.floordivs %a, %b
  %r = index.rems %a, %b
  %c = index.ceildivu %a, %r
  %m = index.maxs %q, %c
  %lt = index.cmp slt(%q, %c)
  %n = index.castu %lt : i1 to index
  %total = affine.for %i = 0 to %m iter_args(%acc = %a) -> (index) {
    %buf = memref.alloc(%i) : memref<?xindex>
    %next = index.add %acc, %i
    %s = index.shl %next, %n
    affine.yield %s : index
  }
  %i64 = index.castu %total : index to i64
  func.call @printI64(%i64) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %x = arith.constant -12 : i32
  %ab = math.absi %x : i32
  %lz = math.ctlz %ab : i32
  %tz = math.cttz %x : i32
  %pc = math.ctpop %x : i32
  %pw = math.ipowi %ab, %lz : i32
  %v0 = vector.broadcast %ab : i32 to vector<5xi32>
  %v1 = vector.insert %lz, %v0 [1] : i32 into vector<5xi32>
  %v2 = vector.insert %tz, %v1 [2] : i32 into vector<5xi32>
  %v3 = vector.insert %pc, %v2 [3] : i32 into vector<5xi32>
  %v4 = vector.insert %pw, %v3 [4] : i32 into vector<5xi32>
  vector.print %v4 : vector<5xi32>
  %sz = index.sizeof
  vector.print %sz : index
  return
}
