// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 61 --count 1 --pipeline buffer-deallocation-pipeline`.
// Failure: pass failed: 'bufferization.dealloc' op using value defined outside the region

func.func private @f0(%arg0: memref<?xi64>, %arg1: memref<4xi64>, %arg2: memref<2x3xi64>, %x: i64) -> (memref<4xi64>) {
  %v23 = memref.alloc() : memref<4xi64>
  return %v23 : memref<4xi64>
}
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %v28 = memref.alloc(%c1) : memref<?x3xi64>
  %v35 = arith.muli %i5, %im2 : i64
  %v36 = memref.reinterpret_cast %v28 to offset: [%c1], sizes: [2], strides: [1] : memref<?x3xi64> to memref<2xi64, strided<[1], offset: ?>>
  %v37 = arith.cmpi slt, %v35, %i1 : i64
  cf.cond_br %v37, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%v36, %v28 : memref<2xi64, strided<[1], offset: ?>>, memref<?x3xi64>)
^bb2:
  scf.execute_region {
    %v43 = memref.alloc(%c3) : memref<?xi64>
    %v51 = memref.alloc() : memref<4xi64>
    %v56 = memref.alloc(%c2) : memref<?x3xi64>
    %v63 = memref.cast %v56 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v64 = memref.cast %v51 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    cf.br ^bb4(%v63, %v64, %i0 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64, strided<[?], offset: ?>>, i64)
  ^bb4(%v65: memref<?x?xi64, strided<[?, ?], offset: ?>>, %v66: memref<?xi64, strided<[?], offset: ?>>, %v67: i64):
    %v68 = arith.cmpi slt, %v67, %i3 : i64
    cf.cond_br %v68, ^bb5, ^bb6
  ^bb5:
    %v70 = memref.cast %v51 : memref<4xi64> to memref<?xi64>
    %v71 = arith.cmpi sgt, %v67, %i3 : i64
    %v72 = arith.select %v71, %v43, %v70 : memref<?xi64>
    %v73 = memref.alloc() : memref<2x3xi64>
    %v80 = func.call @f0(%v72, %v51, %v73, %im2) : (memref<?xi64>, memref<4xi64>, memref<2x3xi64>, i64) -> (memref<4xi64>)
    %v84 = memref.alloc() : memref<1x3xi64>
    %v91 = memref.cast %v84 : memref<1x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v92 = memref.alloc() : memref<2xi64>
    %v95 = memref.cast %v92 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v69 = arith.addi %v67, %i1 : i64
    cf.br ^bb4(%v91, %v95, %v69 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64, strided<[?], offset: ?>>, i64)
  ^bb6:
    scf.yield
  }
  cf.br ^bb3(%v36, %v28 : memref<2xi64, strided<[1], offset: ?>>, memref<?x3xi64>)
^bb3(%v109: memref<2xi64, strided<[1], offset: ?>>, %v110: memref<?x3xi64>):
  return
}

// Details:
//   'bufferization.dealloc' op using value defined outside the region
//   verification failed after pass 'ownership-based-buffer-deallocation'
