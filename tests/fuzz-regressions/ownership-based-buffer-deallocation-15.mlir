// RUN: dealloc-opt %s --ownership-based-buffer-deallocation
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 15 --count 1 --pipeline ownership-based-buffer-deallocation`.
// Failure: pass failed: 'bufferization.dealloc' op using value defined outside the region

func.func @main() {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %v12 = arith.constant false
  cf.cond_br %v12, ^bb1, ^bb2
^bb1:
  %v84 = memref.alloc(%c4) : memref<?xi64>
  cf.br ^bb3(%v84 : memref<?xi64>)
^bb2:
  %v119 = memref.alloc(%c2) : memref<?xi64>
  cf.br ^bb3(%v119 : memref<?xi64>)
^bb3(%v122: memref<?xi64>):
  %v305 = scf.execute_region -> (memref<4xi64>) {
    %v232 = memref.alloc() : memref<2xi64>
    cf.br ^bb16(%v232, %i0 : memref<2xi64>, i64)
  ^bb16(%v235: memref<2xi64>, %v236: i64):
    %v237 = arith.cmpi slt, %v236, %i3 : i64
    cf.cond_br %v237, ^bb17, ^bb18
  ^bb17:
    %v238 = arith.addi %v236, %i1 : i64
    cf.br ^bb16(%v235, %v238 : memref<2xi64>, i64)
  ^bb18:
    %v300 = memref.alloc() : memref<4xi64>
    scf.yield %v300 : memref<4xi64>
  }
  return
}

// Details:
//   'bufferization.dealloc' op using value defined outside the region
//   verification failed after pass 'ownership-based-buffer-deallocation'
