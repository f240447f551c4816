// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 72009954 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v261 = memref.alloc(%c2) : memref<?xi64>
  %v262 = arith.addi %im1, %i1 : i64
  memref.store %v262, %v261[%c0] : memref<?xi64>
  %v263 = arith.addi %im1, %i2 : i64
  memref.store %v263, %v261[%c1] : memref<?xi64>
  %v269 = memref.load %v261[%c1] : memref<?xi64>
  %v270 = memref.load %v261[%c0] : memref<?xi64>
  %v415, %v416 = scf.for %v271 = %c0 to %c3 step %c1 iter_args(%v272 = %v261, %v273 = %i4) -> (memref<?xi64>, i64) {
    %v274 = arith.index_cast %v271 : index to i64
    %v412 = arith.cmpi sgt, %v269, %i2 : i64
    %v413 = arith.select %v412, %v272, %v261 : memref<?xi64>
    %v414 = arith.addi %v273, %v274 : i64
    scf.yield %v413, %v414 : memref<?xi64>, i64
  }
  %v417 = memref.alloc() : memref<6xi64>
  %v421 = memref.alloc() : memref<6xi64>
  %v451, %v452, %v453 = scf.for %v425 = %c0 to %c3 step %c1 iter_args(%v426 = %v417, %v427 = %v421, %v428 = %v269) -> (memref<6xi64>, memref<6xi64>, i64) {
    %v429 = arith.index_cast %v425 : index to i64
    %v432 = arith.andi %v429, %i3 : i64
    %v433 = arith.index_cast %v432 : i64 to index
    %v434 = memref.alloc() : memref<6xi64>
    %v445, %v446, %v447 = scf.for %v438 = %c0 to %v433 step %c1 iter_args(%v439 = %v427, %v440 = %v434, %v441 = %v416) -> (memref<6xi64>, memref<6xi64>, i64) {
      %v444 = arith.addi %v441, %im1 : i64
      scf.yield %v427, %v427, %v444 : memref<6xi64>, memref<6xi64>, i64
    }
    %v448 = arith.cmpi slt, %i0, %i4 : i64
    %v449 = arith.select %v448, %v446, %v445 : memref<6xi64>
    %v450 = arith.addi %v428, %v269 : i64
    scf.yield %v427, %v449, %v450 : memref<6xi64>, memref<6xi64>, i64
  }
  %v610 = arith.cmpi ne, %i2, %i3 : i64
  cf.cond_br %v610, ^bb4, ^bb5
^bb4:
  affine.for %v638 = 0 to 6 {
    %v639 = arith.index_cast %v638 : index to i64
    %v640 = arith.addi %v270, %v639 : i64
    affine.store %v640, %v452[%v638] : memref<6xi64>
  }
  %v641 = memref.alloc() : memref<4xi64>
  %v646 = memref.alloc(%c8) : memref<?xi64>
  cf.br ^bb6(%v641, %v646 : memref<4xi64>, memref<?xi64>)
^bb5:
  %v805 = memref.alloca() : memref<4xi64>
  %v810 = memref.alloc(%c6) : memref<?xi64>
  cf.br ^bb6(%v805, %v810 : memref<4xi64>, memref<?xi64>)
^bb6(%v814: memref<4xi64>, %v815: memref<?xi64>):
  %v828 = memref.load %v451[%c3] : memref<6xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
