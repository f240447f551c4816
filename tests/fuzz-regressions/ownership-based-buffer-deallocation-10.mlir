// RUN: dealloc-opt %s --ownership-based-buffer-deallocation
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 10 --count 1 --pipeline ownership-based-buffer-deallocation`.
// Failure: pass failed: 'bufferization.dealloc' op using value defined outside the region

func.func private @f0(%arg0: memref<?x?xi64>, %arg1: memref<?x3xi64>, %arg2: memref<?xi64, strided<[?], offset: ?>>, %x: i64) -> (memref<?x3xi64>) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v1 = arith.cmpi eq, %x, %i0 : i64
  cf.cond_br %v1, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg0, %arg0 : memref<?x?xi64>, memref<?x?xi64>)
^bb2:
  %v112 = arith.cmpi eq, %i5, %i4 : i64
  cf.cond_br %v112, ^bb4, ^bb5
^bb4:
  cf.br ^bb6
^bb5:
  %v122 = memref.alloc(%c3, %c5) : memref<?x?xi64>
  cf.br ^bb6
^bb6:
  scf.execute_region {
    %v191 = memref.alloc() : memref<6xi64>
    %v195 = memref.alloc() : memref<2xi64>
    cf.br ^bb7(%v191, %v195, %i0 : memref<6xi64>, memref<2xi64>, i64)
  ^bb7(%v198: memref<6xi64>, %v199: memref<2xi64>, %v200: i64):
    %v201 = arith.cmpi slt, %v200, %i1 : i64
    cf.cond_br %v201, ^bb8, ^bb9
  ^bb8:
    %v202 = arith.addi %v200, %i1 : i64
    cf.br ^bb7(%v198, %v199, %v202 : memref<6xi64>, memref<2xi64>, i64)
  ^bb9:
    scf.yield
  }
  %v207 = memref.alloc(%c3, %c5) : memref<?x?xi64>
  cf.br ^bb3(%v207, %arg0 : memref<?x?xi64>, memref<?x?xi64>)
^bb3(%v214: memref<?x?xi64>, %v215: memref<?x?xi64>):
  %v216 = memref.alloc(%c3) : memref<?x3xi64>
  return %v216 : memref<?x3xi64>
}
func.func @main() {
  return
}

// Details:
//   'bufferization.dealloc' op using value defined outside the region
//   verification failed after pass 'ownership-based-buffer-deallocation'
