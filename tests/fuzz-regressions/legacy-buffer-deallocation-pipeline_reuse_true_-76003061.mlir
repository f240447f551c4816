// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=reuse=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 76003061 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline{reuse=true}'`.
// Failure: heap errors after the passes: double_free (fixed: a function left to the ownership-based strategy returned one buffer at two positions, and this strategy's callers free each call result; legacy::returns now clones a returned buffer equal to an earlier one)

func.func private @f1(%arg0: memref<?xi64>) -> (memref<?xi64>, memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  cf.br ^bb1(%arg0, %i0 : memref<?xi64>, i64)
^bb1(%v78: memref<?xi64>, %v79: i64):
  %v80 = arith.cmpi slt, %v79, %i2 : i64
  cf.cond_br %v80, ^bb2, ^bb3
^bb2:
  %v82 = memref.alloc(%c3) : memref<?xi64>
  %v86 = memref.alloc() : memref<4xi64>
  %v87 = arith.addi %i5, %i1 : i64
  memref.store %v87, %v86[%c0] : memref<4xi64>
  %v91 = arith.cmpi eq, %v79, %i0 : i64
  cf.cond_br %v91, ^bb4, ^bb5
^bb4:
  %v92 = memref.alloc(%c3) : memref<?xi64>
  %v143, %v144, %v145 = scf.while (%v96 = %v92, %v97 = %v78, %v98 = %i0) : (memref<?xi64>, memref<?xi64>, i64) -> (memref<?xi64>, memref<?xi64>, i64) {
    %v114 = memref.alloc(%c4) : memref<?xi64>
    %v119 = memref.alloc(%c3) : memref<?xi64>
    %v123 = arith.cmpi slt, %v98, %i0 : i64
    scf.condition(%v123) %v114, %v119, %v98 : memref<?xi64>, memref<?xi64>, i64
  } do {
^bb0(%v124: memref<?xi64>, %v125: memref<?xi64>, %v126: i64):
    %v139 = memref.cast %v86 : memref<4xi64> to memref<?xi64>
    %v140 = arith.cmpi sle, %v79, %i3 : i64
    %v141 = arith.select %v140, %v139, %v125 : memref<?xi64>
    %v142 = arith.addi %v126, %i1 : i64
    scf.yield %v141, %arg0, %v142 : memref<?xi64>, memref<?xi64>, i64
  }
  %v149 = memref.cast %v86 : memref<4xi64> to memref<?xi64>
  cf.br ^bb6(%v149 : memref<?xi64>)
^bb5:
  cf.br ^bb6(%v82 : memref<?xi64>)
^bb6(%v222: memref<?xi64>):
  %v81 = arith.addi %v79, %i1 : i64
  cf.br ^bb1(%v222, %v81 : memref<?xi64>, i64)
^bb3:
  %v224 = arith.cmpi sgt, %v79, %i1 : i64
  %v225 = arith.select %v224, %v78, %arg0 : memref<?xi64>
  return %v78, %v225 : memref<?xi64>, memref<?xi64>
}
func.func @main() {
  %c2 = arith.constant 2 : index
  %i0 = arith.constant 0 : i64
  %i2 = arith.constant 2 : i64
  %v229 = arith.cmpi sgt, %i0, %i2 : i64
  cf.cond_br %v229, ^bb16, ^bb17
^bb16:
  cf.br ^bb18
^bb17:
  %v311 = memref.alloc(%c2) : memref<?xi64>
  %v314, %v315 = func.call @f1(%v311) : (memref<?xi64>) -> (memref<?xi64>, memref<?xi64>)
  cf.br ^bb18
^bb18:
  return
}

// Details:
//   double_free at <fuzz>:62:18: double free of heap buffer #6 (24 bytes) (allocated at <fuzz>:19:10)
