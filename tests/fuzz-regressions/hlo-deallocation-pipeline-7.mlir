// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 7 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: pass failed: 'memref.extract_aligned_pointer_as_index' op using value defined outside the region

func.func private @f1(%arg0: memref<?x3xi64>, %x: i64) -> (memref<?x3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v244 = memref.alloc(%c4) : memref<?x3xi64>
  scf.for %v245 = %c0 to %c4 step %c1 {
    scf.for %v246 = %c0 to %c3 step %c1 {
      %v247 = arith.index_cast %v245 : index to i64
      %v248 = arith.addi %x, %v247 : i64
      %v249 = arith.index_cast %v246 : index to i64
      %v250 = arith.addi %v248, %v249 : i64
      memref.store %v250, %v244[%v245, %v246] : memref<?x3xi64>
    }
  }
  return %v244 : memref<?x3xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i6 = arith.constant 6 : i64
  %v325 = memref.alloc(%c1) : memref<?xi64>
  %v327 = memref.alloc(%c4) : memref<?x3xi64>
  %v334 = func.call @f1(%v327, %i2) : (memref<?x3xi64>, i64) -> (memref<?x3xi64>)
  %v335 = arith.cmpi ne, %i2, %i1 : i64
  %v459 = scf.if %v335 -> (memref<?xi64>) {
    %v339 = scf.execute_region -> (memref<?x?xi64>) {
      %v338 = memref.cast %v334 : memref<?x3xi64> to memref<?x?xi64>
      scf.yield %v338 : memref<?x?xi64>
    }
    %v340 = memref.load %v339[%c1, %c1] : memref<?x?xi64>
    %v372 = arith.andi %v340, %i3 : i64
    %v373 = arith.index_cast %v372 : i64 to index
    scf.for %v374 = %c0 to %v373 step %c1 {
      %v377 = arith.cmpi sle, %v340, %i2 : i64
      %v415, %v416 = scf.if %v377 -> (memref<?xi64>, memref<?x?xi64>) {
        %v378 = memref.alloca() : memref<2x3xi64>
        %v385 = memref.alloc() : memref<2x3xi64>
        %v392 = arith.cmpi ne, %im2, %i2 : i64
        %v393 = arith.select %v392, %v378, %v385 : memref<2x3xi64>
        %v400 = memref.cast %v393 : memref<2x3xi64> to memref<?x?xi64>
        scf.yield %v325, %v400 : memref<?xi64>, memref<?x?xi64>
      } else {
        %v401 = memref.alloca(%c4) : memref<?xi64>
        %v406 = memref.alloc(%c3) : memref<?xi64>
        %v410 = arith.cmpi sle, %v340, %i1 : i64
        %v411 = arith.select %v410, %v401, %v406 : memref<?xi64>
        %v412 = arith.cmpi sgt, %i6, %i0 : i64
        %v413 = arith.select %v412, %v411, %v411 : memref<?xi64>
        %v414 = memref.cast %v334 : memref<?x3xi64> to memref<?x?xi64>
        scf.yield %v413, %v414 : memref<?xi64>, memref<?x?xi64>
      }
    }
    scf.yield %v325 : memref<?xi64>
  } else {
    scf.yield %v325 : memref<?xi64>
  }
  return
}

// Details:
//   'memref.extract_aligned_pointer_as_index' op using value defined outside the region
//   verification failed after pass 'hlo-lower-deallocation'
