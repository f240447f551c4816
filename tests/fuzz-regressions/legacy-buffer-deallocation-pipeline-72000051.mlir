// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 72000051 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i4 = arith.constant 4 : i64
  %v287 = memref.alloc() : memref<4xi64>
  %v427 = arith.cmpi ne, %i0, %i4 : i64
  %v503, %v504 = scf.if %v427 -> (memref<4xi64>, memref<4xi64>) {
    %v428 = memref.alloc(%c2) : memref<?x3xi64>
    scf.for %v429 = %c0 to %c2 step %c1 {
      scf.for %v430 = %c0 to %c3 step %c1 {
        %v431 = arith.index_cast %v429 : index to i64
        %v432 = arith.addi %im1, %v431 : i64
        %v433 = arith.index_cast %v430 : index to i64
        %v434 = arith.addi %v432, %v433 : i64
        memref.store %v434, %v428[%v429, %v430] : memref<?x3xi64>
      }
    }
    %v435 = arith.cmpi sge, %im1, %i1 : i64
    %v497, %v498 = scf.if %v435 -> (memref<4xi64>, memref<?x3xi64>) {
      %v471 = memref.alloc() : memref<4xi64>
      %v476 = memref.alloca(%c4) : memref<?x3xi64>
      scf.yield %v471, %v476 : memref<4xi64>, memref<?x3xi64>
    } else {
      scf.yield %v287, %v428 : memref<4xi64>, memref<?x3xi64>
    }
    %v499 = memref.load %v428[%c1, %c0] : memref<?x3xi64>
    %v500 = arith.cmpi sle, %v499, %i1 : i64
    %v501 = arith.select %v500, %v287, %v497 : memref<4xi64>
    scf.yield %v287, %v501 : memref<4xi64>, memref<4xi64>
  } else {
    scf.yield %v287, %v287 : memref<4xi64>, memref<4xi64>
  }
  %v505 = memref.alloc() : memref<4xi64>
  %v510 = memref.cast %v505 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v511 = memref.alloc(%c2) : memref<?x3xi64>
  %v543, %v544, %v545 = scf.while (%v518 = %v510, %v519 = %v511, %v520 = %i0) : (memref<?xi64, strided<[?], offset: ?>>, memref<?x3xi64>, i64) -> (memref<?xi64, strided<[?], offset: ?>>, memref<?x3xi64>, i64) {
    %v522 = memref.cast %v287 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v523 = arith.cmpi slt, %v520, %i0 : i64
    scf.condition(%v523) %v522, %v519, %v520 : memref<?xi64, strided<[?], offset: ?>>, memref<?x3xi64>, i64
  } do {
^bb0(%v524: memref<?xi64, strided<[?], offset: ?>>, %v525: memref<?x3xi64>, %v526: i64):
    %v537 = memref.load %v525[%c1, %c2] : memref<?x3xi64>
    %v538 = memref.cast %v503 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v539 = memref.cast %v504 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v540 = arith.cmpi ne, %v537, %i2 : i64
    %v541 = arith.select %v540, %v538, %v539 : memref<?xi64, strided<[?], offset: ?>>
    %v542 = arith.addi %v526, %i1 : i64
    scf.yield %v541, %v525, %v542 : memref<?xi64, strided<[?], offset: ?>>, memref<?x3xi64>, i64
  }
  linalg.fill ins(%v545 : i64) outs(%v287 : memref<4xi64>)
  %v580 = memref.load %v504[%c2] : memref<4xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
