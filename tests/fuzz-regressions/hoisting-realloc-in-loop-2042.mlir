// RUN: dealloc-opt %s --pass-pipeline='builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)'
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 2042 --count 1 --pipeline pass-pipeline=builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)`.
// Failure: printed output differs
// Fixed: buffer-loop-hoisting moved an allocation that a memref.realloc in the same loop
// consumes out of the loop, so the next trip's buffer was the previous trip's realloc result.

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i6 = arith.constant 6 : i64
  %v394 = memref.alloc(%c2) : memref<?xi64>
  %v396 = arith.addi %i3, %i2 : i64
  memref.store %v396, %v394[%c1] : memref<?xi64>
  %v397 = memref.alloc() : memref<2x3xi64>
  %v480, %v481, %v482 = scf.for %v404 = %c0 to %c2 step %c1 iter_args(%v405 = %v394, %v406 = %v397, %v407 = %i6) -> (memref<?xi64>, memref<2x3xi64>, i64) {
    %v408 = arith.index_cast %v404 : index to i64
    %v409 = memref.alloc(%c3) : memref<?xi64>
    %v411 = arith.addi %v408, %i2 : i64
    memref.store %v411, %v409[%c1] : memref<?xi64>
    %v413 = memref.realloc %v409(%c2) : memref<?xi64> to memref<?xi64>
    %v418 = memref.alloc() : memref<6xi64>
    %v470, %v471 = scf.while (%v422 = %v418, %v423 = %i0) : (memref<6xi64>, i64) -> (memref<6xi64>, i64) {
      %v457 = arith.cmpi slt, %v423, %i1 : i64
      scf.condition(%v457) %v422, %v423 : memref<6xi64>, i64
    } do {
  ^bb0(%v458: memref<6xi64>, %v459: i64):
      %v460 = memref.load %v405[%c1] : memref<?xi64>
      %v461 = memref.alloc() : memref<6xi64>
      scf.for %v462 = %c0 to %c6 step %c1 {
        %v463 = arith.index_cast %v462 : index to i64
        %v464 = arith.addi %i2, %v463 : i64
        memref.store %v464, %v461[%v462] : memref<6xi64>
      }
      %v465 = arith.cmpi slt, %v460, %i3 : i64
      scf.if %v465 {
      } else {
        %v468 = memref.load %v461[%c5] : memref<6xi64>
        func.call @printI64(%v468) : (i64) -> ()
        func.call @printNewline() : () -> ()
      }
      %v469 = arith.addi %v459, %i1 : i64
      scf.yield %v458, %v469 : memref<6xi64>, i64
    }
    %v472 = memref.alloc() : memref<2x3xi64>
    %v479 = arith.addi %v407, %i1 : i64
    scf.yield %v413, %v472, %v479 : memref<?xi64>, memref<2x3xi64>, i64
  }
  return
}
