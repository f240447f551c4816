// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 10 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @f0(%arg0: memref<?x?xi64>, %arg1: memref<?x3xi64>, %arg2: memref<?xi64, strided<[?], offset: ?>>, %x: i64) -> (memref<?x3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %im1 = arith.constant -1 : i64
  %v6 = memref.alloc(%c3) : memref<?x3xi64>
  scf.for %v7 = %c0 to %c3 step %c1 {
    scf.for %v8 = %c0 to %c3 step %c1 {
      %v9 = arith.index_cast %v7 : index to i64
      %v10 = arith.addi %im1, %v9 : i64
      %v11 = arith.index_cast %v8 : index to i64
      %v12 = arith.addi %v10, %v11 : i64
      memref.store %v12, %v6[%v7, %v8] : memref<?x3xi64>
    }
  }
  return %v6 : memref<?x3xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i5 = arith.constant 5 : i64
  %v25 = memref.alloc(%c1) : memref<?xi64>
  %v26 = arith.addi %i5, %i1 : i64
  memref.store %v26, %v25[%c0] : memref<?xi64>
  %v122 = memref.alloca() : memref<6xi64>
  scf.for %v123 = %c0 to %c6 step %c1 {
    %v124 = arith.index_cast %v123 : index to i64
    %v125 = arith.addi %im1, %v124 : i64
    memref.store %v125, %v122[%v123] : memref<6xi64>
  }
  %v126 = memref.alloc(%c2, %c3) : memref<?x?xi64>
  %v133 = memref.alloc(%c4) : memref<?x3xi64>
  %v140 = memref.alloc() : memref<2xi64>
  %v143 = memref.cast %v140 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v144 = func.call @f0(%v126, %v133, %v143, %i1) : (memref<?x?xi64>, memref<?x3xi64>, memref<?xi64, strided<[?], offset: ?>>, i64) -> (memref<?x3xi64>)
  %v146 = memref.alloc(%c2) : memref<?x3xi64>
  cf.br ^bb1(%v144, %v146, %i0 : memref<?x3xi64>, memref<?x3xi64>, i64)
^bb1(%v153: memref<?x3xi64>, %v154: memref<?x3xi64>, %v155: i64):
  %v156 = arith.cmpi slt, %v155, %i2 : i64
  cf.cond_br %v156, ^bb2, ^bb3
^bb2:
  %v223 = memref.alloc(%c2) : memref<?x3xi64>
  scf.for %v224 = %c0 to %c2 step %c1 {
    scf.for %v225 = %c0 to %c3 step %c1 {
      %v226 = arith.index_cast %v224 : index to i64
      %v227 = arith.addi %v155, %v226 : i64
      %v228 = arith.index_cast %v225 : index to i64
      %v229 = arith.addi %v227, %v228 : i64
      memref.store %v229, %v223[%v224, %v225] : memref<?x3xi64>
    }
  }
  %v157 = arith.addi %v155, %i1 : i64
  cf.br ^bb1(%v223, %v153, %v157 : memref<?x3xi64>, memref<?x3xi64>, i64)
^bb3:
  %v230 = memref.alloc() : memref<6xi64>
  scf.for %v231 = %c0 to %c6 step %c1 {
    %v232 = arith.index_cast %v231 : index to i64
    %v233 = arith.addi %v155, %v232 : i64
    memref.store %v233, %v230[%v231] : memref<6xi64>
  }
  %v234 = memref.load %v25[%c0] : memref<?xi64>
  %v235 = arith.addi %i0, %v234 : i64
  %v236 = memref.load %v122[%c5] : memref<6xi64>
  %v237 = arith.addi %v235, %v236 : i64
  %v238 = memref.load %v144[%c1, %c2] : memref<?x3xi64>
  %v239 = arith.addi %v237, %v238 : i64
  %v240 = memref.load %v153[%c0, %c2] : memref<?x3xi64>
  %v241 = arith.addi %v239, %v240 : i64
  %v242 = memref.load %v154[%c1, %c1] : memref<?x3xi64>
  %v243 = arith.addi %v241, %v242 : i64
  %v244 = memref.load %v230[%c0] : memref<6xi64>
  %v245 = arith.addi %v243, %v244 : i64
  func.call @printI64(%v245) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   19
//   after:
//   17
//   
