// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 39 --count 1 --pipeline buffer-deallocation-pipeline`.
// Failure: pass failed: 'bufferization.dealloc' op using value defined outside the region

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v1 = memref.alloc() : memref<6xi64>
  %v5 = memref.alloc(%c3) : memref<?x3xi64>
  %v12 = memref.alloc() : memref<4xi64>
  cf.br ^bb1(%v5, %v12, %i0 : memref<?x3xi64>, memref<4xi64>, i64)
^bb1(%v17: memref<?x3xi64>, %v18: memref<4xi64>, %v19: i64):
  %v20 = arith.cmpi slt, %v19, %i1 : i64
  cf.cond_br %v20, ^bb2, ^bb3
^bb2:
  %v21 = arith.addi %v19, %i1 : i64
  cf.br ^bb1(%v17, %v18, %v21 : memref<?x3xi64>, memref<4xi64>, i64)
^bb3:
  %v66 = arith.cmpi eq, %i4, %i1 : i64
  %v144 = scf.if %v66 -> (memref<?xi64, strided<[?], offset: ?>>) {
    %v67 = memref.alloc() : memref<4xi64>
    %v72 = arith.maxsi %i1, %v19 : i64
    %v73 = memref.alloc() : memref<4xi64>
    %v78 = arith.cmpi sgt, %v72, %i2 : i64
    %v79 = arith.select %v78, %v18, %v73 : memref<4xi64>
    %v82 = memref.cast %v79 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v83 = memref.cast %v67 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v84 = arith.cmpi sle, %im2, %i0 : i64
    %v85 = arith.select %v84, %v82, %v83 : memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v85 : memref<?xi64, strided<[?], offset: ?>>
  } else {
    %v139 = scf.execute_region -> (memref<?x3xi64>) {
      %v111 = arith.cmpi sge, %i0, %i3 : i64
      %v130 = scf.if %v111 -> (memref<?x3xi64>) {
        scf.yield %v17 : memref<?x3xi64>
      } else {
        scf.yield %v17 : memref<?x3xi64>
      }
      %v131 = memref.cast %v18 : memref<4xi64> to memref<?xi64>
      cf.br ^bb10(%v131, %i0 : memref<?xi64>, i64)
    ^bb10(%v132: memref<?xi64>, %v133: i64):
      %v134 = arith.cmpi slt, %v133, %i0 : i64
      cf.cond_br %v134, ^bb11, ^bb12
    ^bb11:
      memref.store %v19, %v132[%c1] : memref<?xi64>
      %v138 = memref.cast %v18 : memref<4xi64> to memref<?xi64>
      %v135 = arith.addi %v133, %i1 : i64
      cf.br ^bb10(%v138, %v135 : memref<?xi64>, i64)
    ^bb12:
      scf.yield %v130 : memref<?x3xi64>
    }
    %v140 = memref.cast %v18 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v141 = memref.cast %v1 : memref<6xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v142 = arith.cmpi eq, %i5, %i2 : i64
    %v143 = arith.select %v142, %v140, %v141 : memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v143 : memref<?xi64, strided<[?], offset: ?>>
  }
  return
}

// Details:
//   'bufferization.dealloc' op using value defined outside the region
//   verification failed after pass 'ownership-based-buffer-deallocation'
