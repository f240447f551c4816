// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 97210329 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: printed output differs (the merged SimplifyClones of ownquality, e850e83 + 2315b2e, freed the source of a clone where the clone was freed, and dropped the later free: use after free; reverted to the earlier pattern)

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @f0(%arg0: memref<?xi64>, %arg1: memref<?xi64, strided<[?], offset: ?>>, %arg2: memref<2xi64>) -> (memref<4xi64>, memref<2xi64>) {
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %v1 = memref.cast %arg0 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v37, %v38, %v39 = scf.while (%v2 = %v1, %v3 = %arg2, %v4 = %i0) : (memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>, i64) -> (memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>, i64) {
    %v23 = memref.load %arg0[%c1] : memref<?xi64>
    %v24 = memref.cast %arg2 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v25 = arith.cmpi ne, %v23, %i1 : i64
    %v26 = arith.select %v25, %v24, %v2 : memref<?xi64, strided<[?], offset: ?>>
    %v27 = arith.cmpi slt, %v4, %i1 : i64
    scf.condition(%v27) %v26, %v3, %v4 : memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>, i64
  } do {
^bb0(%v28: memref<?xi64, strided<[?], offset: ?>>, %v29: memref<2xi64>, %v30: i64):
    %v33 = memref.alloc() : memref<2xi64>
    %v36 = arith.addi %v30, %i1 : i64
    scf.yield %v28, %v33, %v36 : memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>, i64
  }
  %v291 = memref.alloc() : memref<4xi64>
  %v296 = memref.alloc() : memref<2xi64>
  %v298 = arith.addi %v39, %i2 : i64
  memref.store %v298, %v296[%c1] : memref<2xi64>
  return %v291, %v296 : memref<4xi64>, memref<2xi64>
}
func.func private @f1(%arg0: memref<?xi64>) -> (memref<?xi64>) {
  %v318 = arith.constant false
  %v319 = arith.select %v318, %arg0, %arg0 : memref<?xi64>
  return %v319 : memref<?xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v320 = memref.alloc() : memref<2x3xi64>
  scf.for %v321 = %c0 to %c2 step %c1 {
    scf.for %v322 = %c0 to %c3 step %c1 {
      %v323 = arith.index_cast %v321 : index to i64
      %v324 = arith.addi %i0, %v323 : i64
      %v325 = arith.index_cast %v322 : index to i64
      %v326 = arith.addi %v324, %v325 : i64
      memref.store %v326, %v320[%v321, %v322] : memref<2x3xi64>
    }
  }
  %v329 = arith.cmpi sge, %im2, %i4 : i64
  %v372, %v373 = scf.if %v329 -> (memref<?xi64>, memref<2x3xi64>) {
    %v331 = memref.alloc() : memref<4xi64>
    %v337 = memref.cast %v331 : memref<4xi64> to memref<?xi64>
    %v338 = memref.alloc() : memref<2x3xi64>
    scf.yield %v337, %v338 : memref<?xi64>, memref<2x3xi64>
  } else {
    %v346 = memref.alloc(%c4) : memref<?xi64>
    %v348 = arith.addi %i5, %i2 : i64
    memref.store %v348, %v346[%c1] : memref<?xi64>
    %v351 = memref.alloc() : memref<5xi64>
    %v355 = memref.cast %v351 : memref<5xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v356 = memref.alloc() : memref<2xi64>
    %v359, %v360 = func.call @f0(%v346, %v355, %v356) : (memref<?xi64>, memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>) -> (memref<4xi64>, memref<2xi64>)
    %v371 = memref.cast %v360 : memref<2xi64> to memref<?xi64>
    scf.yield %v371, %v320 : memref<?xi64>, memref<2x3xi64>
  }
  %v374 = memref.alloc(%c2) : memref<?xi64>
  %v375 = arith.addi %i1, %i1 : i64
  memref.store %v375, %v374[%c0] : memref<?xi64>
  %v376 = arith.addi %i1, %i2 : i64
  memref.store %v376, %v374[%c1] : memref<?xi64>
  %v377 = func.call @f1(%v374) : (memref<?xi64>) -> (memref<?xi64>)
  %v379 = memref.cast %v377 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb1(%v379, %v320, %i0 : memref<?xi64, strided<[?], offset: ?>>, memref<2x3xi64>, i64)
^bb1(%v380: memref<?xi64, strided<[?], offset: ?>>, %v381: memref<2x3xi64>, %v382: i64):
  %v383 = arith.cmpi slt, %v382, %i1 : i64
  cf.cond_br %v383, ^bb2, ^bb3
^bb2:
  %v545 = arith.constant true
  %v546 = arith.select %v545, %v320, %v381 : memref<2x3xi64>
  %v384 = arith.addi %v382, %i1 : i64
  cf.br ^bb1(%v380, %v546, %v384 : memref<?xi64, strided<[?], offset: ?>>, memref<2x3xi64>, i64)
^bb3:
  scf.execute_region {
    %v547 = arith.andi %i1, %i3 : i64
    %v548 = arith.index_cast %v547 : i64 to index
    %v640 = scf.index_switch %v548 -> memref<2x3xi64>
    case 1 {
      %v582, %v583 = scf.while (%v549 = %v381, %v550 = %i0) : (memref<2x3xi64>, i64) -> (memref<2x3xi64>, i64) {
        %v556 = arith.cmpi slt, %v550, %i1 : i64
        scf.condition(%v556) %v549, %v550 : memref<2x3xi64>, i64
      } do {
    ^bb0(%v557: memref<2x3xi64>, %v558: i64):
        %v559 = memref.alloc() : memref<2x3xi64>
        %v566 = arith.cmpi ne, %v382, %i0 : i64
        %v567 = arith.select %v566, %v559, %v557 : memref<2x3xi64>
        %v579 = arith.constant true
        %v580 = arith.select %v579, %v557, %v567 : memref<2x3xi64>
        %v581 = arith.addi %v558, %i1 : i64
        scf.yield %v580, %v581 : memref<2x3xi64>, i64
      }
      %v613 = memref.alloc() : memref<2x3xi64>
      scf.yield %v613 : memref<2x3xi64>
    }
    case 2 {
      %v621 = memref.alloc() : memref<2x3xi64>
      scf.yield %v621 : memref<2x3xi64>
    }
    default {
      scf.yield %v320 : memref<2x3xi64>
    }
    scf.yield
  }
  %v646 = memref.load %v320[%c0, %c2] : memref<2x3xi64>
  %v647 = arith.addi %i0, %v646 : i64
  %v648 = memref.load %v372[%c1] : memref<?xi64>
  %v649 = arith.addi %v647, %v648 : i64
  %v650 = memref.load %v373[%c1, %c1] : memref<2x3xi64>
  %v651 = arith.addi %v649, %v650 : i64
  %v652 = memref.load %v377[%c1] : memref<?xi64>
  %v653 = arith.addi %v651, %v652 : i64
  %v654 = memref.load %v380[%c0] : memref<?xi64, strided<[?], offset: ?>>
  %v655 = arith.addi %v653, %v654 : i64
  %v656 = memref.load %v381[%c0, %c1] : memref<2x3xi64>
  %v657 = arith.addi %v655, %v656 : i64
  func.call @printI64(%v657) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   13
//   after:
//   10
//   
