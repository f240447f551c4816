// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 40019392 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %v154 = memref.alloc() : memref<4xi64>
  %v156 = arith.addi %i2, %i2 : i64
  memref.store %v156, %v154[%c1] : memref<4xi64>
  %v159 = arith.andi %i0, %i3 : i64
  %v160 = arith.index_cast %v159 : i64 to index
  %v161 = memref.alloc() : memref<2xi64>
  %v162 = arith.addi %i3, %i1 : i64
  memref.store %v162, %v161[%c0] : memref<2xi64>
  %v175, %v176, %v177 = scf.for %v164 = %c0 to %v160 step %c1 iter_args(%v165 = %v154, %v166 = %v161, %v167 = %i1) -> (memref<4xi64>, memref<2xi64>, i64) {
    %v168 = arith.index_cast %v164 : index to i64
    %v169 = memref.alloc() : memref<4xi64>
    %v174 = arith.addi %v167, %v168 : i64
    scf.yield %v169, %v166, %v174 : memref<4xi64>, memref<2xi64>, i64
  }
  %v180 = memref.load %v154[%c1] : memref<4xi64>
  %v182 = arith.constant true
  cf.cond_br %v182, ^bb4, ^bb5
^bb4:
  %v203 = memref.cast %v175 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb6(%v203 : memref<?xi64, strided<[?], offset: ?>>)
^bb5:
  %v205 = memref.alloc(%c4) : memref<?xi64>
  %v210 = memref.cast %v205 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb6(%v210 : memref<?xi64, strided<[?], offset: ?>>)
^bb6(%v211: memref<?xi64, strided<[?], offset: ?>>):
  affine.for %v212 = 0 to 4 {
    %v213 = arith.index_cast %v212 : index to i64
    %v214 = arith.addi %v180, %v213 : i64
    affine.store %v214, %v175[%v212] : memref<4xi64>
  }
  %v215 = memref.load %v154[%c2] : memref<4xi64>
  %v216 = arith.addi %i0, %v215 : i64
  %v217 = memref.load %v175[%c2] : memref<4xi64>
  %v218 = arith.addi %v216, %v217 : i64
  %v219 = memref.load %v176[%c0] : memref<2xi64>
  %v220 = arith.addi %v218, %v219 : i64
  %v221 = memref.load %v211[%c1] : memref<?xi64, strided<[?], offset: ?>>
  %v222 = arith.addi %v220, %v221 : i64
  func.call @printI64(%v222) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   21
//   after:
//   16
//   
