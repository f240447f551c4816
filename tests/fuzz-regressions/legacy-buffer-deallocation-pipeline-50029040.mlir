// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50029040 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v19 = memref.alloca() : memref<6xi64>
  scf.for %v20 = %c0 to %c6 step %c1 {
    %v21 = arith.index_cast %v20 : index to i64
    %v22 = arith.addi %i3, %v21 : i64
    memref.store %v22, %v19[%v20] : memref<6xi64>
  }
  %v23 = arith.cmpi sgt, %im1, %i1 : i64
  cf.cond_br %v23, ^bb1, ^bb2
^bb1:
  cf.br ^bb4(%v19, %v19, %i0 : memref<6xi64>, memref<6xi64>, i64)
^bb4(%v25: memref<6xi64>, %v26: memref<6xi64>, %v27: i64):
  %v28 = arith.cmpi slt, %v27, %i0 : i64
  cf.cond_br %v28, ^bb5, ^bb6
^bb5:
  %v36 = affine.for %v35 = 0 to 6 iter_args(%v37 = %i4) -> (i64) {
    %v38 = affine.load %v25[%v35] : memref<6xi64>
    %v39 = arith.addi %v37, %v38 : i64
    affine.yield %v39 : i64
  }
  %v40 = memref.alloc() : memref<6xi64>
  %v44 = arith.cmpi sgt, %v36, %i0 : i64
  %v45 = arith.select %v44, %v19, %v19 : memref<6xi64>
  %v29 = arith.addi %v27, %i1 : i64
  cf.br ^bb4(%v40, %v45, %v29 : memref<6xi64>, memref<6xi64>, i64)
^bb6:
  %v55 = memref.cast %v25 : memref<6xi64> to memref<?xi64>
  cf.br ^bb3(%v55, %v19 : memref<?xi64>, memref<6xi64>)
^bb2:
  %v56 = memref.load %v19[%c3] : memref<6xi64>
  %v57 = arith.cmpi sgt, %v56, %i0 : i64
  cf.cond_br %v57, ^bb7, ^bb8
^bb7:
  %v96 = memref.alloca() : memref<2x3xi64>
  %v103 = memref.alloc() : memref<6xi64>
  scf.for %v104 = %c0 to %c6 step %c1 {
    %v105 = arith.index_cast %v104 : index to i64
    %v106 = arith.addi %v56, %v105 : i64
    memref.store %v106, %v103[%v104] : memref<6xi64>
  }
  cf.br ^bb9(%v96, %v103 : memref<2x3xi64>, memref<6xi64>)
^bb8:
  %v108 = memref.alloc() : memref<2x3xi64>
  %v115 = memref.alloc() : memref<6xi64>
  cf.br ^bb9(%v108, %v115 : memref<2x3xi64>, memref<6xi64>)
^bb9(%v119: memref<2x3xi64>, %v120: memref<6xi64>):
  %v126 = memref.cast %v120 : memref<6xi64> to memref<?xi64>
  %v127 = arith.constant false
  %v128 = arith.select %v127, %v19, %v120 : memref<6xi64>
  cf.br ^bb3(%v126, %v128 : memref<?xi64>, memref<6xi64>)
^bb3(%v129: memref<?xi64>, %v130: memref<6xi64>):
  %v131 = memref.alloc(%c3) : memref<?x3xi64>
  %v158, %v159 = scf.while (%v138 = %v131, %v139 = %i0) : (memref<?x3xi64>, i64) -> (memref<?x3xi64>, i64) {
    %v143 = memref.alloc(%c2) : memref<?x3xi64>
    %v150 = arith.cmpi slt, %v139, %i1 : i64
    scf.condition(%v150) %v143, %v139 : memref<?x3xi64>, i64
  } do {
^bb0(%v151: memref<?x3xi64>, %v152: i64):
    %v157 = arith.addi %v152, %i1 : i64
    scf.yield %v151, %v157 : memref<?x3xi64>, i64
  }
  memref.store %v159, %v19[%c1] : memref<6xi64>
  %v179 = memref.load %v130[%c3] : memref<6xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
