// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50052298 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %v13 = memref.alloc(%c2) : memref<?xi64>
  %v15 = arith.addi %i5, %i2 : i64
  memref.store %v15, %v13[%c1] : memref<?xi64>
  %v16 = memref.alloc() : memref<2xi64>
  cf.br ^bb1(%v16, %i0 : memref<2xi64>, i64)
^bb1(%v19: memref<2xi64>, %v20: i64):
  %v21 = arith.cmpi slt, %v20, %i2 : i64
  cf.cond_br %v21, ^bb2, ^bb3
^bb2:
  %v24 = memref.alloc() : memref<2xi64>
  %v22 = arith.addi %v20, %i1 : i64
  cf.br ^bb1(%v24, %v22 : memref<2xi64>, i64)
^bb3:
  %v27 = memref.alloc(%c2) : memref<?x3xi64>
  %v263, %v264 = scf.while (%v34 = %v27, %v35 = %i0) : (memref<?x3xi64>, i64) -> (memref<?x3xi64>, i64) {
    affine.for %v36 = 0 to 2 {
      %v37 = arith.index_cast %v36 : index to i64
      %v38 = arith.addi %v20, %v37 : i64
      affine.store %v38, %v19[%v36] : memref<2xi64>
    }
    %v41 = memref.alloc(%c2) : memref<?x3xi64>
    %v48 = arith.cmpi slt, %v35, %i1 : i64
    scf.condition(%v48) %v41, %v35 : memref<?x3xi64>, i64
  } do {
^bb0(%v49: memref<?x3xi64>, %v50: i64):
    %v51 = memref.alloc(%c4) : memref<?x3xi64>
    %v79, %v80 = scf.while (%v58 = %v51, %v59 = %i0) : (memref<?x3xi64>, i64) -> (memref<?x3xi64>, i64) {
      %v67 = arith.cmpi slt, %v59, %i3 : i64
      scf.condition(%v67) %v49, %v59 : memref<?x3xi64>, i64
    } do {
  ^bb0(%v68: memref<?x3xi64>, %v69: i64):
      %v71 = memref.alloc(%c3) : memref<?x3xi64>
      %v78 = arith.addi %v69, %i1 : i64
      scf.yield %v71, %v78 : memref<?x3xi64>, i64
    }
    %v92 = arith.cmpi sle, %im1, %i0 : i64
    scf.if %v92 {
      %v123 = memref.alloc() : memref<2xi64>
      %v163, %v164, %v165 = scf.while (%v126 = %v123, %v127 = %v19, %v128 = %i0) : (memref<2xi64>, memref<2xi64>, i64) -> (memref<2xi64>, memref<2xi64>, i64) {
        %v146 = arith.constant true
        %v147 = arith.select %v146, %v127, %v19 : memref<2xi64>
        %v148 = arith.cmpi slt, %v128, %i2 : i64
        scf.condition(%v148) %v127, %v147, %v128 : memref<2xi64>, memref<2xi64>, i64
      } do {
    ^bb0(%v149: memref<2xi64>, %v150: memref<2xi64>, %v151: i64):
        %v152 = memref.load %v13[%c1] : memref<?xi64>
        %v158 = memref.load %v150[%c1] : memref<2xi64>
        %v159 = memref.alloc() : memref<2xi64>
        %v161 = arith.addi %v152, %i2 : i64
        memref.store %v161, %v159[%c1] : memref<2xi64>
        %v162 = arith.addi %v151, %i1 : i64
        scf.yield %v149, %v159, %v162 : memref<2xi64>, memref<2xi64>, i64
      }
    } else {
    }
    %v262 = arith.addi %v50, %i1 : i64
    scf.yield %v79, %v262 : memref<?x3xi64>, i64
  }
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
