// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 150 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: heap errors after the passes: leak
// Cause: SimplifyClones treated memref.extract_aligned_pointer_as_index as a harmless query of a
// contained clone; replacing the clone by its source turned the pointer comparison guarding
// the clone's free false, and the source's free, erased as redundant, left a leak.

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
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v1 = memref.alloc() : memref<4xi64>
  %v3 = arith.addi %i6, %i2 : i64
  memref.store %v3, %v1[%c1] : memref<4xi64>
  %v6 = memref.alloca() : memref<2xi64>
  %v7 = arith.addi %im1, %i1 : i64
  memref.store %v7, %v6[%c0] : memref<2xi64>
  %v9 = arith.andi %im2, %i3 : i64
  %v10 = arith.index_cast %v9 : i64 to index
  %v105 = scf.index_switch %v10 -> memref<?xi64>
  case 0 {
    %v82 = memref.alloc(%c4) : memref<?xi64>
    scf.yield %v82 : memref<?xi64>
  }
  case 1 {
    %v95 = memref.cast %v1 : memref<4xi64> to memref<?xi64>
    scf.yield %v95 : memref<?xi64>
  }
  default {
    %v100 = memref.alloc(%c4) : memref<?xi64>
    %v101 = arith.addi %i6, %i1 : i64
    memref.store %v101, %v100[%c0] : memref<?xi64>
    scf.yield %v100 : memref<?xi64>
  }
  %v106 = memref.alloc(%c3) : memref<?xi64>
  %v107 = arith.addi %i1, %i1 : i64
  memref.store %v107, %v106[%c0] : memref<?xi64>
  %v110 = memref.alloc() : memref<2x3xi64>
  %v250, %v251, %v252 = scf.for %v117 = %c0 to %c1 step %c1 iter_args(%v118 = %v106, %v119 = %v110, %v120 = %i1) -> (memref<?xi64>, memref<2x3xi64>, i64) {
    %v132 = memref.load %v6[%c0] : memref<2xi64>
    %v242 = memref.alloc() : memref<2x3xi64>
    scf.for %v243 = %c0 to %c2 step %c1 {
      scf.for %v244 = %c0 to %c3 step %c1 {
        %v245 = arith.index_cast %v243 : index to i64
        %v246 = arith.addi %v132, %v245 : i64
        %v247 = arith.index_cast %v244 : index to i64
        %v248 = arith.addi %v246, %v247 : i64
        memref.store %v248, %v242[%v243, %v244] : memref<2x3xi64>
      }
    }
    %v249 = arith.addi %v120, %v132 : i64
    scf.yield %v118, %v242, %v249 : memref<?xi64>, memref<2x3xi64>, i64
  }
  %v253 = memref.load %v251[%c1, %c2] : memref<2x3xi64>
  %v254 = bufferization.clone %v105 : memref<?xi64> to memref<?xi64>
  %v255 = arith.cmpi sge, %v252, %i4 : i64
  %v344 = scf.if %v255 -> (memref<?xi64>) {
    scf.yield %v254 : memref<?xi64>
  } else {
    %v295 = memref.load %v250[%c0] : memref<?xi64>
    %v296 = memref.alloc() : memref<4xi64>
    %v297 = arith.addi %v253, %i1 : i64
    memref.store %v297, %v296[%c0] : memref<4xi64>
    %v301 = arith.cmpi sgt, %v295, %i0 : i64
    scf.if %v301 {
      %v303 = memref.alloc() : memref<4xi64>
      %v308 = arith.constant false
      %v309 = arith.select %v308, %v1, %v303 : memref<4xi64>
      %v310 = arith.andi %v295, %i3 : i64
      %v311 = arith.index_cast %v310 : i64 to index
      %v341 = scf.index_switch %v311 -> memref<6xi64>
      case 1 {
        %v314 = memref.alloc() : memref<6xi64>
        scf.yield %v314 : memref<6xi64>
      }
      case 2 {
        memref.store %v252, %v309[%c1] : memref<4xi64>
        affine.for %v318 = 0 to 2 {
          %v319 = arith.index_cast %v318 : index to i64
          %v320 = arith.addi %v252, %v319 : i64
          affine.store %v320, %v6[%v318] : memref<2xi64>
        }
        %v323 = memref.alloc() : memref<6xi64>
        scf.yield %v323 : memref<6xi64>
      }
      default {
        %v337 = memref.alloc() : memref<6xi64>
        scf.yield %v337 : memref<6xi64>
      }
    } else {
    }
    scf.yield %v105 : memref<?xi64>
  }
  %v345 = memref.load %v1[%c1] : memref<4xi64>
  %v346 = arith.addi %i0, %v345 : i64
  %v347 = memref.load %v6[%c1] : memref<2xi64>
  %v348 = arith.addi %v346, %v347 : i64
  %v349 = memref.load %v105[%c0] : memref<?xi64>
  %v350 = arith.addi %v348, %v349 : i64
  %v351 = memref.load %v250[%c0] : memref<?xi64>
  %v352 = arith.addi %v350, %v351 : i64
  %v353 = memref.load %v251[%c0, %c2] : memref<2x3xi64>
  %v354 = arith.addi %v352, %v353 : i64
  %v355 = memref.load %v254[%c0] : memref<?xi64>
  %v356 = arith.addi %v354, %v355 : i64
  func.call @printI64(%v356) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

