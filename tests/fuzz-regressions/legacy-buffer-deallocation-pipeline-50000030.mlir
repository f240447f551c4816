// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50000030 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im2 = arith.constant -2 : i64
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %i6 = arith.constant 6 : i64
  %v37 = memref.alloc() : memref<2xi64>
  %v38 = arith.addi %i5, %i1 : i64
  memref.store %v38, %v37[%c0] : memref<2xi64>
  %v44 = arith.cmpi slt, %i1, %i0 : i64
  cf.cond_br %v44, ^bb1, ^bb2
^bb1:
  %v72, %v73 = scf.while (%v46 = %v37, %v47 = %i0) : (memref<2xi64>, i64) -> (memref<2xi64>, i64) {
    %v48 = arith.cmpi slt, %v47, %i2 : i64
    scf.condition(%v48) %v46, %v47 : memref<2xi64>, i64
  } do {
^bb0(%v49: memref<2xi64>, %v50: i64):
    %v71 = arith.addi %v50, %i1 : i64
    scf.yield %v49, %v71 : memref<2xi64>, i64
  }
  %v78 = memref.cast %v72 : memref<2xi64> to memref<?xi64>
  %v79 = memref.cast %v37 : memref<2xi64> to memref<?xi64>
  %v80 = arith.cmpi sgt, %v73, %i1 : i64
  %v81 = arith.select %v80, %v78, %v79 : memref<?xi64>
  %v82 = memref.cast %v72 : memref<2xi64> to memref<?xi64>
  %v83 = memref.cast %v72 : memref<2xi64> to memref<?xi64>
  %v84 = arith.constant true
  %v85 = arith.select %v84, %v82, %v83 : memref<?xi64>
  cf.br ^bb3(%v81, %v85 : memref<?xi64>, memref<?xi64>)
^bb2:
  %v86 = memref.alloc(%c4) : memref<?xi64>
  %v122, %v123 = scf.for %v91 = %c0 to %c1 step %c1 iter_args(%v92 = %v86, %v93 = %i5) -> (memref<?xi64>, i64) {
    %v116 = memref.alloc(%c4) : memref<?xi64>
    %v121 = arith.addi %v93, %im1 : i64
    scf.yield %v116, %v121 : memref<?xi64>, i64
  }
  %v124 = arith.cmpi slt, %i2, %i1 : i64
  %v176 = scf.if %v124 -> (memref<?xi64>) {
    scf.yield %v122 : memref<?xi64>
  } else {
    %v173 = memref.cast %v37 : memref<2xi64> to memref<?xi64>
    %v174 = arith.cmpi slt, %i0, %i3 : i64
    %v175 = arith.select %v174, %v173, %v122 : memref<?xi64>
    scf.yield %v175 : memref<?xi64>
  }
  %v255 = memref.cast %v37 : memref<2xi64> to memref<?xi64>
  %v256 = arith.constant true
  %v257 = arith.select %v256, %v255, %v176 : memref<?xi64>
  cf.br ^bb3(%v257, %v176 : memref<?xi64>, memref<?xi64>)
^bb3(%v258: memref<?xi64>, %v259: memref<?xi64>):
  %v260 = arith.andi %i6, %i3 : i64
  %v261 = arith.index_cast %v260 : i64 to index
  %v395, %v396 = scf.index_switch %v261 -> memref<?xi64>, memref<?xi64>
  case 2 {
    %v277 = memref.alloca(%c3) : memref<?xi64>
    scf.yield %v277, %v259 : memref<?xi64>, memref<?xi64>
  }
  case 3 {
    %v285 = memref.cast %v37 : memref<2xi64> to memref<?xi64>
    %v286 = memref.cast %v37 : memref<2xi64> to memref<?xi64>
    scf.yield %v285, %v286 : memref<?xi64>, memref<?xi64>
  }
  default {
    %v287 = arith.constant true
    scf.if %v287 {
    } else {
      %v340 = arith.cmpi ne, %i2, %i3 : i64
      scf.if %v340 {
        affine.for %v348 = 0 to 2 {
          %v349 = arith.index_cast %v348 : index to i64
          %v350 = arith.addi %im2, %v349 : i64
          affine.store %v350, %v37[%v348] : memref<2xi64>
        }
      } else {
      }
    }
    %v386 = memref.alloc(%c3) : memref<?xi64>
    %v390 = memref.alloca(%c4) : memref<?xi64>
    scf.yield %v386, %v390 : memref<?xi64>, memref<?xi64>
  }
  %v444 = memref.load %v258[%c0] : memref<?xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
