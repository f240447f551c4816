// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=hoist=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 75009661 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline{hoist=true}'`.
// Failure: heap errors after the passes: double_free (fixed: a function left to the ownership-based strategy returned one buffer at two positions, and this strategy's callers free each call result; legacy::returns now clones a returned buffer equal to an earlier one)

func.func private @f0(%arg0: memref<?xi64>, %arg1: memref<?xi64>) -> (memref<4xi64>, memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v2 = memref.alloc() : memref<2xi64>
  %v3 = arith.constant false
  cf.cond_br %v3, ^bb1, ^bb2
^bb1:
  %v7 = arith.cmpi sgt, %i5, %i4 : i64
  cf.cond_br %v7, ^bb4, ^bb5
^bb4:
  %v52 = memref.alloca() : memref<4xi64>
  cf.br ^bb6(%v52, %v2 : memref<4xi64>, memref<2xi64>)
^bb5:
  %v65 = memref.alloc() : memref<4xi64>
  %v70 = memref.realloc %v65 : memref<4xi64> to memref<4xi64>
  cf.br ^bb6(%v70, %v2 : memref<4xi64>, memref<2xi64>)
^bb6(%v72: memref<4xi64>, %v73: memref<2xi64>):
  %v78 = arith.constant true
  scf.if %v78 {
    %v79 = memref.load %arg0[%c1] : memref<?xi64>
    memref.store %v79, %v72[%c0] : memref<4xi64>
  } else {
  }
  %v82 = memref.cast %v72 : memref<4xi64> to memref<?xi64>
  cf.br ^bb3(%v82 : memref<?xi64>)
^bb2:
  %v169 = memref.cast %v2 : memref<2xi64> to memref<?xi64>
  cf.br ^bb3(%v169 : memref<?xi64>)
^bb3(%v170: memref<?xi64>):
  %v171 = memref.alloc() : memref<4xi64>
  %v256 = memref.cast %v171 : memref<4xi64> to memref<?xi64>
  return %v171, %v256 : memref<4xi64>, memref<?xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %im1 = arith.constant -1 : i64
  %v277 = memref.alloc(%c2) : memref<?x3xi64>
  %v299, %v300 = scf.for %v284 = %c0 to %c2 step %c1 iter_args(%v285 = %v277, %v286 = %im1) -> (memref<?x3xi64>, i64) {
    %v288 = memref.alloc(%c3) : memref<?xi64>
    %v292 = memref.alloc(%c3) : memref<?xi64>
    %v296, %v297 = func.call @f0(%v288, %v292) : (memref<?xi64>, memref<?xi64>) -> (memref<4xi64>, memref<?xi64>)
    %v298 = arith.addi %v286, %v286 : i64
    scf.yield %v285, %v298 : memref<?x3xi64>, i64
  }
  return
}

// Details:
//   double_free at <fuzz>:50:20: double free of heap buffer #3 (32 bytes) (allocated at <fuzz>:36:11)
//   double_free at <fuzz>:50:20: double free of heap buffer #7 (32 bytes) (allocated at <fuzz>:36:11)
