// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 45 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: pass failed: cannot tell which buffer this ownership indicator owns; the lowering needs the indicators in the order hlo-deallocate pr

func.func private @f0(%arg0: memref<?xi64, strided<[?], offset: ?>>, %arg1: memref<2x3xi64>, %arg2: memref<?x3xi64>) -> (memref<4xi64>, memref<?x3xi64>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v1 = arith.cmpi sle, %i6, %i4 : i64
  cf.cond_br %v1, ^bb1, ^bb2
^bb1:
  %v86 = memref.alloc() : memref<6xi64>
  cf.br ^bb3(%arg1, %v86 : memref<2x3xi64>, memref<6xi64>)
^bb2:
  %v194, %v195 = scf.while (%v136 = %arg0, %v137 = %i0) : (memref<?xi64, strided<[?], offset: ?>>, i64) -> (memref<?xi64, strided<[?], offset: ?>>, i64) {
    %v139 = memref.alloca() : memref<2xi64>
    %v142 = memref.cast %v139 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v143 = arith.cmpi slt, %v137, %i0 : i64
    scf.condition(%v143) %v142, %v137 : memref<?xi64, strided<[?], offset: ?>>, i64
  } do {
^bb0(%v144: memref<?xi64, strided<[?], offset: ?>>, %v145: i64):
    %v146 = memref.load %v144[%c0] : memref<?xi64, strided<[?], offset: ?>>
    %v151 = arith.cmpi sgt, %v145, %i2 : i64
    %v186 = scf.if %v151 -> (memref<?x?xi64, strided<[?, ?], offset: ?>>) {
      %v153 = memref.alloc() : memref<2x3xi64>
      %v165 = memref.cast %arg2 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v166 = memref.cast %v153 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v167 = arith.cmpi sgt, %v146, %i3 : i64
      %v168 = arith.select %v167, %v165, %v166 : memref<?x?xi64, strided<[?, ?], offset: ?>>
      scf.yield %v168 : memref<?x?xi64, strided<[?, ?], offset: ?>>
    } else {
      %v175 = memref.cast %arg1 : memref<2x3xi64> to memref<?x3xi64>
      %v176 = memref.alloc(%c3) : memref<?x3xi64>
      %v183 = arith.cmpi sge, %v145, %i0 : i64
      %v184 = arith.select %v183, %v175, %v176 : memref<?x3xi64>
      %v185 = memref.cast %v184 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
      scf.yield %v185 : memref<?x?xi64, strided<[?, ?], offset: ?>>
    }
    %v188 = memref.alloc() : memref<3xi64>
    %v192 = memref.cast %v188 : memref<3xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v193 = arith.addi %v145, %i1 : i64
    scf.yield %v192, %v193 : memref<?xi64, strided<[?], offset: ?>>, i64
  }
  %v196 = memref.alloc() : memref<6xi64>
  cf.br ^bb3(%arg1, %v196 : memref<2x3xi64>, memref<6xi64>)
^bb3(%v200: memref<2x3xi64>, %v201: memref<6xi64>):
  %v239 = memref.alloc() : memref<4xi64>
  %v244 = memref.cast %v200 : memref<2x3xi64> to memref<?x3xi64>
  return %v239, %v244 : memref<4xi64>, memref<?x3xi64>
}
func.func @main() {
  return
}

// Details:
//   cannot tell which buffer this ownership indicator owns; the lowering needs the indicators in the order hlo-deallocate produces
