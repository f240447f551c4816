// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50052074 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v505 = memref.alloc() : memref<6xi64>
  %v509 = memref.cast %v505 : memref<6xi64> to memref<?xi64>
  %v510 = memref.cast %v505 : memref<6xi64> to memref<?xi64>
  %v537, %v538, %v539 = scf.while (%v511 = %v509, %v512 = %v510, %v513 = %i0) : (memref<?xi64>, memref<?xi64>, i64) -> (memref<?xi64>, memref<?xi64>, i64) {
    %v514 = memref.cast %v505 : memref<6xi64> to memref<?xi64>
    %v515 = arith.cmpi sgt, %im1, %i4 : i64
    %v516 = arith.select %v515, %v514, %v512 : memref<?xi64>
    %v517 = arith.cmpi slt, %v513, %i3 : i64
    scf.condition(%v517) %v516, %v512, %v513 : memref<?xi64>, memref<?xi64>, i64
  } do {
^bb0(%v518: memref<?xi64>, %v519: memref<?xi64>, %v520: i64):
    %v521 = memref.alloc() : memref<6xi64>
    scf.for %v522 = %c0 to %c6 step %c1 {
      %v523 = arith.index_cast %v522 : index to i64
      %v524 = arith.addi %v520, %v523 : i64
      memref.store %v524, %v521[%v522] : memref<6xi64>
    }
    %v533, %v534 = scf.for %v525 = %c0 to %c0 step %c1 iter_args(%v526 = %v521, %v527 = %v520) -> (memref<6xi64>, i64) {
      %v529 = memref.alloc(%c1) : memref<?xi64>
      %v531 = memref.load %v529[%c0] : memref<?xi64>
      %v532 = arith.addi %v527, %v531 : i64
      scf.yield %v526, %v532 : memref<6xi64>, i64
    }
    %v535 = memref.cast %v533 : memref<6xi64> to memref<?xi64>
    %v536 = arith.addi %v520, %i1 : i64
    scf.yield %v518, %v535, %v536 : memref<?xi64>, memref<?xi64>, i64
  }
  %v540 = arith.addi %v539, %v539 : i64
  %v542 = memref.reinterpret_cast %v505 to offset: [2], sizes: [2, 2], strides: [2, 1] : memref<6xi64> to memref<2x2xi64, strided<[2, 1], offset: 2>>
  %v544 = arith.andi %i4, %i3 : i64
  %v545 = arith.index_cast %v544 : i64 to index
  scf.for %v546 = %c0 to %v545 step %c1 {
    %v548 = arith.index_cast %v546 : index to i64
    %v549 = arith.andi %v539, %i3 : i64
    %v550 = arith.index_cast %v549 : i64 to index
    %v551 = memref.alloc() : memref<4xi64>
    %v556 = memref.alloc(%c3) : memref<?x3xi64>
    %v592, %v593, %v594 = scf.for %v563 = %c0 to %v550 step %c1 iter_args(%v564 = %v551, %v565 = %v556, %v566 = %v548) -> (memref<4xi64>, memref<?x3xi64>, i64) {
      memref.store %v540, %v542[%c0, %c0] : memref<2x2xi64, strided<[2, 1], offset: 2>>
      %v579 = memref.alloc() : memref<4xi64>
      %v584 = memref.alloc(%c2) : memref<?x3xi64>
      %v591 = arith.addi %v566, %v539 : i64
      scf.yield %v579, %v584, %v591 : memref<4xi64>, memref<?x3xi64>, i64
    }
  }
  %v896 = memref.load %v537[%c4] : memref<?xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
