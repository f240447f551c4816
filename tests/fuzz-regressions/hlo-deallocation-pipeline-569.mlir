// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 569 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v17 = memref.alloc(%c2) : memref<?x3xi64>
  scf.for %v18 = %c0 to %c2 step %c1 {
    scf.for %v19 = %c0 to %c3 step %c1 {
      %v20 = arith.index_cast %v18 : index to i64
      %v21 = arith.addi %i4, %v20 : i64
      %v22 = arith.index_cast %v19 : index to i64
      %v23 = arith.addi %v21, %v22 : i64
      memref.store %v23, %v17[%v18, %v19] : memref<?x3xi64>
    }
  }
  %v24 = memref.load %v17[%c0, %c0] : memref<?x3xi64>
  %v25 = memref.load %v17[%c1, %c0] : memref<?x3xi64>
  %v26 = memref.alloc() : memref<4xi64>
  %v28 = arith.addi %v24, %i2 : i64
  memref.store %v28, %v26[%c1] : memref<4xi64>
  %v31 = memref.realloc %v26 : memref<4xi64> to memref<5xi64>
  %v32 = arith.cmpi eq, %v25, %i1 : i64
  cf.cond_br %v32, ^bb1, ^bb2
^bb1:
  %v108 = memref.alloc(%c3, %c5) : memref<?x?xi64>
  cf.br ^bb3(%v108 : memref<?x?xi64>)
^bb2:
  %v115 = arith.cmpi eq, %v25, %i3 : i64
  cf.cond_br %v115, ^bb7, ^bb8
^bb7:
  cf.br ^bb9(%v17 : memref<?x3xi64>)
^bb8:
  %v116 = memref.cast %v31 : memref<5xi64> to memref<?xi64>
  %v117 = memref.alloc() : memref<5xi64>
  %v142, %v143, %v144 = scf.for %v121 = %c0 to %c1 step %c1 iter_args(%v122 = %v116, %v123 = %v117, %v124 = %im2) -> (memref<?xi64>, memref<5xi64>, i64) {
    %v136 = memref.alloca(%c4) : memref<?xi64>
    %v141 = arith.addi %v124, %v24 : i64
    scf.yield %v136, %v123, %v141 : memref<?xi64>, memref<5xi64>, i64
  }
  cf.br ^bb9(%v17 : memref<?x3xi64>)
^bb9(%v149: memref<?x3xi64>):
  %v151 = memref.cast %v149 : memref<?x3xi64> to memref<?x?xi64>
  %v152 = memref.cast %v17 : memref<?x3xi64> to memref<?x?xi64>
  %v153 = arith.cmpi sge, %v24, %i2 : i64
  %v154 = arith.select %v153, %v151, %v152 : memref<?x?xi64>
  cf.br ^bb3(%v154 : memref<?x?xi64>)
^bb3(%v155: memref<?x?xi64>):
  %v160 = memref.load %v17[%c1, %c0] : memref<?x3xi64>
  %v161 = arith.addi %i0, %v160 : i64
  %v162 = memref.load %v31[%c1] : memref<5xi64>
  %v163 = arith.addi %v161, %v162 : i64
  %v164 = memref.load %v155[%c0, %c0] : memref<?x?xi64>
  %v165 = arith.addi %v163, %v164 : i64
  func.call @printI64(%v165) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   15
//   after:
//   9
//   
