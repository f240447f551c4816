// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 19 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: pass failed: 'memref.extract_aligned_pointer_as_index' op using value defined outside the region

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %v5 = memref.alloc(%c2) : memref<?x3xi64>
  scf.for %v6 = %c0 to %c2 step %c1 {
    scf.for %v7 = %c0 to %c3 step %c1 {
      %v8 = arith.index_cast %v6 : index to i64
      %v9 = arith.addi %i3, %v8 : i64
      %v10 = arith.index_cast %v7 : index to i64
      %v11 = arith.addi %v9, %v10 : i64
      memref.store %v11, %v5[%v6, %v7] : memref<?x3xi64>
    }
  }
  %v12 = memref.load %v5[%c0, %c1] : memref<?x3xi64>
  %v14 = memref.alloc() : memref<2x3xi64>
  cf.br ^bb1(%v14, %i0 : memref<2x3xi64>, i64)
^bb1(%v21: memref<2x3xi64>, %v22: i64):
  %v23 = arith.cmpi slt, %v22, %i2 : i64
  cf.cond_br %v23, ^bb2, ^bb3
^bb2:
  %v25 = arith.andi %im2, %i3 : i64
  %v26 = arith.index_cast %v25 : i64 to index
  %v99 = scf.index_switch %v26 -> memref<?x3xi64>
  case 0 {
    %v27 = arith.cmpi sge, %v12, %i0 : i64
    %v53 = scf.if %v27 -> (memref<2x3xi64>) {
      scf.yield %v21 : memref<2x3xi64>
    } else {
      %v46 = memref.alloc() : memref<2x3xi64>
      scf.yield %v46 : memref<2x3xi64>
    }
    %v58 = memref.alloc(%c2) : memref<?x3xi64>
    scf.yield %v58 : memref<?x3xi64>
  }
  case 1 {
    %v67 = memref.alloc(%c2) : memref<?x3xi64>
    scf.yield %v67 : memref<?x3xi64>
  }
  default {
    %v98 = memref.cast %v21 : memref<2x3xi64> to memref<?x3xi64>
    scf.yield %v98 : memref<?x3xi64>
  }
  %v24 = arith.addi %v22, %i1 : i64
  cf.br ^bb1(%v21, %v24 : memref<2x3xi64>, i64)
^bb3:
  return
}

// Details:
//   'memref.extract_aligned_pointer_as_index' op using value defined outside the region
//   verification failed after pass 'hlo-lower-deallocation'
