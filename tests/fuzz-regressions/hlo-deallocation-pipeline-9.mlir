// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 9 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im2 = arith.constant -2 : i64
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %v1 = memref.alloc(%c3) : memref<?x3xi64>
  scf.for %v2 = %c0 to %c3 step %c1 {
    scf.for %v3 = %c0 to %c3 step %c1 {
      %v4 = arith.index_cast %v2 : index to i64
      %v5 = arith.addi %im2, %v4 : i64
      %v6 = arith.index_cast %v3 : index to i64
      %v7 = arith.addi %v5, %v6 : i64
      memref.store %v7, %v1[%v2, %v3] : memref<?x3xi64>
    }
  }
  %v8 = memref.alloc() : memref<2xi64>
  %v9 = arith.addi %im1, %i1 : i64
  memref.store %v9, %v8[%c0] : memref<2xi64>
  %v11 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v194, %v195, %v196 = scf.for %v12 = %c0 to %c3 step %c1 iter_args(%v13 = %v8, %v14 = %v11, %v15 = %im1) -> (memref<2xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64) {
    %v22 = arith.addi %v15, %i1 : i64
    %v193 = arith.addi %v15, %v22 : i64
    scf.yield %v13, %v14, %v193 : memref<2xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64
  }
  %v197 = arith.andi %v196, %i3 : i64
  %v198 = arith.index_cast %v197 : i64 to index
  %v199 = memref.alloc(%c3) : memref<?x3xi64>
  %v206 = memref.alloc() : memref<2xi64>
  %v207 = arith.addi %v196, %i1 : i64
  memref.store %v207, %v206[%c0] : memref<2xi64>
  %v354, %v355, %v356 = scf.for %v209 = %c0 to %v198 step %c1 iter_args(%v210 = %v199, %v211 = %v206, %v212 = %i1) -> (memref<?x3xi64>, memref<2xi64>, i64) {
    %v293 = memref.alloc(%c3) : memref<?xi64>
    %v339, %v340 = scf.while (%v297 = %v293, %v298 = %i0) : (memref<?xi64>, i64) -> (memref<?xi64>, i64) {
      %v299 = memref.cast %v194 : memref<2xi64> to memref<?xi64>
      %v300 = arith.cmpi slt, %v298, %i1 : i64
      scf.condition(%v300) %v299, %v298 : memref<?xi64>, i64
    } do {
  ^bb0(%v301: memref<?xi64>, %v302: i64):
      %v337 = memref.cast %v194 : memref<2xi64> to memref<?xi64>
      %v338 = arith.addi %v302, %i1 : i64
      scf.yield %v337, %v338 : memref<?xi64>, i64
    }
    %v344 = memref.alloc(%c2) : memref<?x3xi64>
    scf.for %v345 = %c0 to %c2 step %c1 {
      scf.for %v346 = %c0 to %c3 step %c1 {
        %v347 = arith.index_cast %v345 : index to i64
        %v348 = arith.addi %v340, %v347 : i64
        %v349 = arith.index_cast %v346 : index to i64
        %v350 = arith.addi %v348, %v349 : i64
        memref.store %v350, %v344[%v345, %v346] : memref<?x3xi64>
      }
    }
    %v351 = arith.constant true
    %v352 = arith.select %v351, %v211, %v211 : memref<2xi64>
    %v353 = arith.addi %v212, %v340 : i64
    scf.yield %v344, %v352, %v353 : memref<?x3xi64>, memref<2xi64>, i64
  }
  %v357 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v358 = memref.alloc() : memref<2xi64>
  %v361 = memref.cast %v358 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb1(%v357, %v361, %i0 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64, strided<[?], offset: ?>>, i64)
^bb1(%v362: memref<?x?xi64, strided<[?, ?], offset: ?>>, %v363: memref<?xi64, strided<[?], offset: ?>>, %v364: i64):
  %v365 = arith.cmpi slt, %v364, %i2 : i64
  cf.cond_br %v365, ^bb2, ^bb3
^bb2:
  %v398 = memref.alloc(%c4, %c4) : memref<?x?xi64>
  scf.for %v399 = %c0 to %c4 step %c1 {
    scf.for %v400 = %c0 to %c4 step %c1 {
      %v401 = arith.index_cast %v399 : index to i64
      %v402 = arith.addi %i2, %v401 : i64
      %v403 = arith.index_cast %v400 : index to i64
      %v404 = arith.addi %v402, %v403 : i64
      memref.store %v404, %v398[%v399, %v400] : memref<?x?xi64>
    }
  }
  %v405 = memref.cast %v398 : memref<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v406 = memref.cast %v194 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v366 = arith.addi %v364, %i1 : i64
  cf.br ^bb1(%v405, %v406, %v366 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64, strided<[?], offset: ?>>, i64)
^bb3:
  %v426 = memref.load %v1[%c1, %c1] : memref<?x3xi64>
  %v427 = arith.addi %i0, %v426 : i64
  %v428 = memref.load %v194[%c0] : memref<2xi64>
  %v429 = arith.addi %v427, %v428 : i64
  %v430 = memref.load %v195[%c0, %c0] : memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v431 = arith.addi %v429, %v430 : i64
  %v432 = memref.load %v354[%c0, %c1] : memref<?x3xi64>
  %v433 = arith.addi %v431, %v432 : i64
  %v434 = memref.load %v355[%c0] : memref<2xi64>
  %v435 = arith.addi %v433, %v434 : i64
  %v436 = memref.load %v362[%c1, %c1] : memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v437 = arith.addi %v435, %v436 : i64
  func.call @printI64(%v437) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   4
//   after:
//   6
//   
