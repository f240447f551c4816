// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50000033 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func private @f0(%arg0: memref<?x?xi64>, %arg1: memref<?x3xi64>, %x: i64) -> (memref<?xi64>, memref<6xi64>) {
  %c2 = arith.constant 2 : index
  %v2 = memref.alloc(%c2) : memref<?xi64>
  %v5 = memref.alloc() : memref<6xi64>
  return %v2, %v5 : memref<?xi64>, memref<6xi64>
}
func.func private @f2(%arg0: memref<?x3xi64>, %arg1: memref<?xi64, strided<[?], offset: ?>>, %arg2: memref<4xi64>) -> (memref<?x3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %i6 = arith.constant 6 : i64
  %v58 = arith.cmpi sgt, %i5, %i1 : i64
  cf.cond_br %v58, ^bb1, ^bb2
^bb1:
  %v59 = memref.alloc() : memref<6xi64>
  %v147, %v148 = scf.for %v63 = %c0 to %c1 step %c1 iter_args(%v64 = %v59, %v65 = %i6) -> (memref<6xi64>, i64) {
    %v66 = arith.index_cast %v63 : index to i64
    %v67 = memref.load %arg0[%c1, %c0] : memref<?x3xi64>
    %v68 = memref.alloca(%c2) : memref<?x3xi64>
    %v101, %v102 = scf.for %v75 = %c0 to %c1 step %c1 iter_args(%v76 = %v68, %v77 = %v67) -> (memref<?x3xi64>, i64) {
      %v79 = memref.alloc(%c2) : memref<?x3xi64>
      %v86 = memref.alloc(%c3) : memref<?x3xi64>
      %v93 = arith.cmpi ne, %v66, %i3 : i64
      %v94 = arith.select %v93, %v79, %v86 : memref<?x3xi64>
      %v100 = arith.addi %v77, %v65 : i64
      scf.yield %v94, %v100 : memref<?x3xi64>, i64
    }
    %v115 = scf.execute_region -> (memref<6xi64>) {
      %v103 = memref.cast %arg0 : memref<?x3xi64> to memref<?x?xi64>
      %v104, %v105 = func.call @f0(%v103, %arg0, %i1) : (memref<?x?xi64>, memref<?x3xi64>, i64) -> (memref<?xi64>, memref<6xi64>)
      scf.yield %v105 : memref<6xi64>
    }
    %v116 = memref.cast %v64 : memref<6xi64> to memref<?xi64>
    %v140, %v141 = scf.for %v117 = %c0 to %c3 step %c1 iter_args(%v118 = %v116, %v119 = %i4) -> (memref<?xi64>, i64) {
      affine.for %v121 = 0 to 2 {
        affine.for %v122 = 0 to 3 {
          %v123 = arith.index_cast %v121 : index to i64
          %v124 = arith.addi %v65, %v123 : i64
          %v125 = arith.index_cast %v122 : index to i64
          %v126 = arith.addi %v124, %v125 : i64
          affine.store %v126, %v101[%v121, %v122] : memref<?x3xi64>
        }
      }
      %v127 = memref.alloc(%c2) : memref<?x3xi64>
      %v134 = memref.load %v127[%c1, %c1] : memref<?x3xi64>
      %v135 = memref.cast %v115 : memref<6xi64> to memref<?xi64>
      %v136 = memref.cast %arg2 : memref<4xi64> to memref<?xi64>
      %v137 = arith.constant true
      %v138 = arith.select %v137, %v135, %v136 : memref<?xi64>
      %v139 = arith.addi %v119, %v134 : i64
      scf.yield %v138, %v139 : memref<?xi64>, i64
    }
    %v142 = memref.alloc() : memref<6xi64>
    %v146 = arith.addi %v65, %i1 : i64
    scf.yield %v142, %v146 : memref<6xi64>, i64
  }
  %v149 = memref.alloc(%c4, %c4) : memref<?x?xi64>
  %v156 = memref.alloc() : memref<5xi64>
  %v160 = memref.cast %v156 : memref<5xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb3(%v149, %v160 : memref<?x?xi64>, memref<?xi64, strided<[?], offset: ?>>)
^bb2:
  %v256 = memref.cast %arg0 : memref<?x3xi64> to memref<?x?xi64>
  %v257 = memref.alloca() : memref<5xi64>
  %v261 = memref.cast %v257 : memref<5xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb3(%v256, %v261 : memref<?x?xi64>, memref<?xi64, strided<[?], offset: ?>>)
^bb3(%v262: memref<?x?xi64>, %v263: memref<?xi64, strided<[?], offset: ?>>):
  return %arg0 : memref<?x3xi64>
}
func.func @main() {
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
