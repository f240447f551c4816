// RUN: dealloc-opt %s --ownership-based-buffer-deallocation
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 8440846 --count 1 --pipeline 'ownership-based-buffer-deallocation'`.
// Failure: a leak. The loop took over a buffer that an earlier loop result aliases, listed
// before the new owner in the block's dealloc with a false condition: the dealloc passes over
// a memref aliasing an earlier one of its list, whatever that one's condition.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v271 = memref.alloc() : memref<4xi64>
  %v276 = memref.alloc(%c2) : memref<?xi64>
  %v279 = memref.alloc() : memref<2x3xi64>
  %v504, %v505, %v506 = scf.while (%v286 = %v276, %v287 = %v279, %v288 = %i0) : (memref<?xi64>, memref<2x3xi64>, i64) -> (memref<?xi64>, memref<2x3xi64>, i64) {
    %v289 = arith.cmpi slt, %v288, %i2 : i64
    scf.condition(%v289) %v286, %v287, %v288 : memref<?xi64>, memref<2x3xi64>, i64
  } do {
^bb0(%v290: memref<?xi64>, %v291: memref<2x3xi64>, %v292: i64):
    %v379 = arith.cmpi sle, %v292, %i2 : i64
    scf.if %v379 {
      %v380 = memref.alloc(%c2) : memref<?xi64>
      %v383 = memref.realloc %v380(%c2) : memref<?xi64> to memref<?xi64>
      %v391 = memref.cast %v271 : memref<4xi64> to memref<?xi64>
      %v392 = arith.cmpi ne, %v292, %i0 : i64
      %v393 = arith.select %v392, %v276, %v276 : memref<?xi64>
      %v423, %v424, %v425 = scf.while (%v394 = %v391, %v395 = %v393, %v396 = %i0) : (memref<?xi64>, memref<?xi64>, i64) -> (memref<?xi64>, memref<?xi64>, i64) {
        %v398 = memref.alloc(%c2) : memref<?xi64>
        %v401 = arith.cmpi sge, %v292, %i4 : i64
        %v402 = arith.select %v401, %v394, %v383 : memref<?xi64>
        %v403 = arith.cmpi slt, %v396, %i3 : i64
        scf.condition(%v403) %v398, %v402, %v396 : memref<?xi64>, memref<?xi64>, i64
      } do {
    ^bb0(%v404: memref<?xi64>, %v405: memref<?xi64>, %v406: i64):
        %v418 = memref.alloca(%c3) : memref<?xi64>
        %v422 = arith.addi %v406, %i1 : i64
        scf.yield %v404, %v418, %v422 : memref<?xi64>, memref<?xi64>, i64
      }
      %v426 = memref.alloca() : memref<3xi64>
      %v430 = memref.cast %v426 : memref<3xi64> to memref<3xi64, strided<[1]>>
      %v450, %v451, %v452 = scf.for %v431 = %c0 to %c0 step %c1 iter_args(%v432 = %v430, %v433 = %v383, %v434 = %i6) -> (memref<3xi64, strided<[1]>>, memref<?xi64>, i64) {
        %v443 = memref.alloc() : memref<3xi64>
        %v447 = memref.cast %v443 : memref<3xi64> to memref<3xi64, strided<[1]>>
        %v448 = memref.cast %v271 : memref<4xi64> to memref<?xi64>
        %v449 = arith.addi %v434, %v425 : i64
        scf.yield %v447, %v448, %v449 : memref<3xi64, strided<[1]>>, memref<?xi64>, i64
      }
    } else {
    }
    %v493 = memref.alloc(%c2) : memref<?xi64>
    %v496 = memref.alloc() : memref<2x3xi64>
    %v503 = arith.addi %v292, %i1 : i64
    scf.yield %v493, %v496, %v503 : memref<?xi64>, memref<2x3xi64>, i64
  }
  return
}

// Details:
//   leak at <fuzz>:59:3: heap buffer #4 (16 bytes) is never freed (allocated at <fuzz>:27:15)
//   leak at <fuzz>:59:3: heap buffer #16 (16 bytes) is never freed (allocated at <fuzz>:27:15)
