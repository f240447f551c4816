// RUN: dealloc-opt %s --ownership-based-buffer-deallocation
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 8964196 --count 1 --pipeline 'ownership-based-buffer-deallocation'`.
// Failure: a leak. The loop took over a buffer that an earlier loop result aliases, listed
// before the new owner in the block's dealloc with a false condition: the dealloc passes over
// a memref aliasing an earlier one of its list, whatever that one's condition.

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
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v1 = memref.alloc() : memref<2xi64>
  %v4 = arith.cmpi sle, %i1, %i0 : i64
  cf.cond_br %v4, ^bb1, ^bb2
^bb1:
  %v11 = memref.cast %v1 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb3(%v11 : memref<?xi64, strided<[?], offset: ?>>)
^bb2:
  %v12 = arith.cmpi sgt, %i6, %i2 : i64
  %v80, %v81 = scf.if %v12 -> (memref<?x3xi64>, memref<2xi64>) {
    %v13 = memref.alloc() : memref<6xi64>
    %v36, %v37 = scf.for %v17 = %c0 to %c0 step %c1 iter_args(%v18 = %v13, %v19 = %i4) -> (memref<6xi64>, i64) {
      %v31 = memref.alloc() : memref<6xi64>
      %v35 = arith.addi %v19, %im2 : i64
      scf.yield %v31, %v35 : memref<6xi64>, i64
    }
    %v61, %v62 = scf.for %v38 = %c0 to %c3 step %c1 iter_args(%v39 = %v13, %v40 = %im1) -> (memref<6xi64>, i64) {
      %v41 = arith.index_cast %v38 : index to i64
      %v58 = arith.cmpi eq, %v41, %i2 : i64
      %v59 = arith.select %v58, %v39, %v39 : memref<6xi64>
      %v60 = arith.addi %v40, %im1 : i64
      scf.yield %v59, %v60 : memref<6xi64>, i64
    }
    %v63 = memref.alloc(%c4) : memref<?x3xi64>
    scf.yield %v63, %v1 : memref<?x3xi64>, memref<2xi64>
  } else {
    %v70 = memref.alloc(%c3) : memref<?x3xi64>
    %v77 = memref.alloca() : memref<2xi64>
    scf.yield %v70, %v77 : memref<?x3xi64>, memref<2xi64>
  }
  %v179 = memref.alloc() : memref<3xi64>
  %v183 = memref.cast %v179 : memref<3xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb3(%v183 : memref<?xi64, strided<[?], offset: ?>>)
^bb3(%v184: memref<?xi64, strided<[?], offset: ?>>):
  return
}

// Details:
//   leak at <fuzz>:50:3: heap buffer #1 (48 bytes) is never freed (allocated at <fuzz>:26:12)
