// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50000064 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v7 = memref.alloc() : memref<4xi64>
  %v8 = arith.addi %i2, %i1 : i64
  memref.store %v8, %v7[%c0] : memref<4xi64>
  %v9 = arith.addi %i2, %i2 : i64
  memref.store %v9, %v7[%c1] : memref<4xi64>
  %v10 = arith.addi %i2, %i3 : i64
  memref.store %v10, %v7[%c2] : memref<4xi64>
  %v11 = arith.addi %i2, %i4 : i64
  memref.store %v11, %v7[%c3] : memref<4xi64>
  %v13 = affine.for %v12 = 0 to 4 iter_args(%v14 = %i1) -> (i64) {
    %v15 = affine.load %v7[%v12] : memref<4xi64>
    %v16 = arith.addi %v14, %v15 : i64
    affine.yield %v16 : i64
  }
  %v33 = memref.alloc() : memref<4xi64>
  %v35 = memref.alloc(%c6) : memref<?xi64>
  cf.br ^bb1(%v33, %v35, %i0 : memref<4xi64>, memref<?xi64>, i64)
^bb1(%v39: memref<4xi64>, %v40: memref<?xi64>, %v41: i64):
  %v42 = arith.cmpi slt, %v41, %i0 : i64
  cf.cond_br %v42, ^bb2, ^bb3
^bb2:
  %v44 = arith.andi %v13, %i3 : i64
  %v45 = arith.index_cast %v44 : i64 to index
  %v123 = scf.index_switch %v45 -> memref<?xi64>
  case 2 {
    %v71 = memref.alloc(%c4) : memref<?xi64>
    scf.yield %v71 : memref<?xi64>
  }
  case 3 {
    %v76 = memref.alloc() : memref<4xi64>
    %v107 = memref.cast %v76 : memref<4xi64> to memref<?xi64>
    scf.yield %v107 : memref<?xi64>
  }
  default {
    %v122 = memref.cast %v39 : memref<4xi64> to memref<?xi64>
    scf.yield %v122 : memref<?xi64>
  }
  memref.store %i1, %v33[%c0] : memref<4xi64>
  cf.br ^bb4(%v33, %i0 : memref<4xi64>, i64)
^bb4(%v140: memref<4xi64>, %v141: i64):
  %v142 = arith.cmpi slt, %v141, %i2 : i64
  cf.cond_br %v142, ^bb5, ^bb6
^bb5:
  %v144 = memref.load %v123[%c2] : memref<?xi64>
  %v208 = memref.alloc() : memref<4xi64>
  %v143 = arith.addi %v141, %i1 : i64
  cf.br ^bb4(%v208, %v143 : memref<4xi64>, i64)
^bb6:
  %v213 = memref.cast %v7 : memref<4xi64> to memref<?xi64>
  %v43 = arith.addi %v41, %i1 : i64
  cf.br ^bb1(%v140, %v213, %v43 : memref<4xi64>, memref<?xi64>, i64)
^bb3:
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
