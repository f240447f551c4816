// vector transfers (padding past the end, masks, broadcast dimensions,
// transposed permutation maps, 2-D), loads and stores, broadcasts, static and
// dynamic extract/insert, fma, every reduction kind, and vector.print of
// f32, f64, i1, i32 and index vectors.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %pad = arith.constant -7.0 : f32
  %A = memref.alloc() : memref<3x8xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 8 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      affine.store %kf, %A[%i, %j] : memref<3x8xf32>
    }
  }
  %0 = vector.transfer_read %A[%c1, %c6], %pad : memref<3x8xf32>, vector<4xf32>
  vector.print %0 : vector<4xf32>
  %1 = vector.transfer_read %A[%c1, %c2], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<3x8xf32>, vector<4xf32>
  vector.print %1 : vector<4xf32>
  %2 = vector.transfer_read %A[%c0, %c6], %pad : memref<3x8xf32>, vector<4x3xf32>
  vector.print %2 : vector<4x3xf32>
  %3 = vector.transfer_read %A[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x8xf32>, vector<2x4xf32>
  vector.print %3 : vector<2x4xf32>
  %4 = vector.transfer_read %A[%c2, %c0], %pad {in_bounds = [false, true], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<3x8xf32>, vector<2x5xf32>
  vector.print %4 : vector<2x5xf32>
  %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %5 = vector.transfer_read %A[%c2, %c2], %pad, %mask : memref<3x8xf32>, vector<4xf32>
  vector.print %5 : vector<4xf32>
  vector.print %mask : vector<4xi1>
  %B = memref.alloc() : memref<2x5xf32>
  %z = arith.constant dense<0.0> : vector<2x5xf32>
  vector.transfer_write %z, %B[%c0, %c0] : vector<2x5xf32>, memref<2x5xf32>
  vector.transfer_write %0, %B[%c1, %c2] : vector<4xf32>, memref<2x5xf32>
  vector.transfer_write %1, %B[%c0, %c1], %mask : vector<4xf32>, memref<2x5xf32>
  %6 = vector.load %B[%c0, %c0] : memref<2x5xf32>, vector<5xf32>
  vector.print %6 : vector<5xf32>
  %7 = vector.load %B[%c1, %c0] : memref<2x5xf32>, vector<5xf32>
  vector.print %7 : vector<5xf32>
  %8 = vector.fma %6, %7, %6 : vector<5xf32>
  vector.store %8, %B[%c1, %c0] : memref<2x5xf32>, vector<5xf32>
  %9 = vector.load %B[%c1, %c0] : memref<2x5xf32>, vector<5xf32>
  vector.print %9 : vector<5xf32>
  %s = arith.constant 2.5 : f32
  %10 = vector.broadcast %s : f32 to vector<2x3xf32>
  %11 = vector.broadcast %0 : vector<4xf32> to vector<2x4xf32>
  %12 = vector.insert %s, %11 [%c1, 3] : f32 into vector<2x4xf32>
  %13 = vector.insert %1, %12 [0] : vector<4xf32> into vector<2x4xf32>
  vector.print %13 : vector<2x4xf32>
  %14 = vector.extract %13[%c1] : vector<4xf32> from vector<2x4xf32>
  %15 = vector.extract %13[0, 2] : f32 from vector<2x4xf32>
  vector.print %14 : vector<4xf32>
  vector.print %15 : f32
  vector.print %10 : vector<2x3xf32>
  %a = arith.addf %14, %1 : vector<4xf32>
  %m = arith.mulf %a, %14 : vector<4xf32>
  %mx = arith.maximumf %m, %a : vector<4xf32>
  vector.print %mx : vector<4xf32>
  %r0 = vector.reduction <add>, %mx : vector<4xf32> into f32
  %r1 = vector.reduction <mul>, %14 : vector<4xf32> into f32
  %r2 = vector.reduction <minimumf>, %mx, %s : vector<4xf32> into f32
  %r3 = vector.reduction <maxnumf>, %mx : vector<4xf32> into f32
  vector.print %r0 : f32
  vector.print %r1 : f32
  vector.print %r2 : f32
  vector.print %r3 : f32
  %iv = arith.constant dense<[5, -3, 12, 7]> : vector<4xi32>
  %jv = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %sum = arith.addi %iv, %jv : vector<4xi32>
  %prod = arith.muli %sum, %jv : vector<4xi32>
  vector.print %prod : vector<4xi32>
  %i0 = vector.reduction <add>, %prod : vector<4xi32> into i32
  %i1 = vector.reduction <minsi>, %prod : vector<4xi32> into i32
  %i2 = vector.reduction <maxui>, %prod : vector<4xi32> into i32
  %i3 = vector.reduction <xor>, %prod : vector<4xi32> into i32
  %i4 = vector.reduction <and>, %iv : vector<4xi32> into i32
  %i5 = vector.reduction <or>, %iv : vector<4xi32> into i32
  %ivec = vector.broadcast %i0 : i32 to vector<1xi32>
  %i6 = vector.insert %i1, %ivec [0] : i32 into vector<1xi32>
  vector.print %i0 : i32
  vector.print %i6 : vector<1xi32>
  vector.print %i2 : i32
  vector.print %i3 : i32
  vector.print %i4 : i32
  vector.print %i5 : i32
  %d = arith.constant dense<[1.5, 2.25]> : vector<2xf64>
  %dd = arith.mulf %d, %d : vector<2xf64>
  vector.print %dd : vector<2xf64>
  %ix = arith.constant dense<[3, 9]> : vector<2xindex>
  vector.print %ix : vector<2xindex>
  memref.dealloc %A : memref<3x8xf32>
  memref.dealloc %B : memref<2x5xf32>
  return
}
