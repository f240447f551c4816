// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=reuse=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 71006385 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline{reuse=true}'`.
// Failure: heap errors after the passes: use_after_free

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v14 = memref.alloc() : memref<2x3xi64>
  scf.for %v15 = %c0 to %c2 step %c1 {
    scf.for %v16 = %c0 to %c3 step %c1 {
      %v17 = arith.index_cast %v15 : index to i64
      %v18 = arith.addi %i6, %v17 : i64
      %v19 = arith.index_cast %v16 : index to i64
      %v20 = arith.addi %v18, %v19 : i64
      memref.store %v20, %v14[%v15, %v16] : memref<2x3xi64>
    }
  }
  %v21 = memref.alloc() : memref<4xi64>
  %v26 = memref.alloc() : memref<4xi64>
  %v62, %v63, %v64 = scf.while (%v31 = %v21, %v32 = %v26, %v33 = %i0) : (memref<4xi64>, memref<4xi64>, i64) -> (memref<4xi64>, memref<4xi64>, i64) {
    %v34 = arith.cmpi sgt, %i4, %i3 : i64
    %v35 = arith.select %v34, %v31, %v32 : memref<4xi64>
    %v36 = arith.cmpi slt, %v33, %i1 : i64
    scf.condition(%v36) %v32, %v35, %v33 : memref<4xi64>, memref<4xi64>, i64
  } do {
^bb0(%v37: memref<4xi64>, %v38: memref<4xi64>, %v39: i64):
    %v40 = arith.cmpi slt, %v39, %i0 : i64
    %v41 = arith.select %v40, %v38, %v38 : memref<4xi64>
    %v42 = arith.constant false
    %v43 = arith.select %v42, %v37, %v41 : memref<4xi64>
    %v51 = memref.alloc() : memref<4xi64>
    %v52 = arith.addi %im1, %i1 : i64
    memref.store %v52, %v51[%c0] : memref<4xi64>
    %v53 = arith.addi %im1, %i2 : i64
    memref.store %v53, %v51[%c1] : memref<4xi64>
    %v56 = memref.alloc() : memref<4xi64>
    %v57 = arith.addi %v39, %i1 : i64
    memref.store %v57, %v56[%c0] : memref<4xi64>
    %v59 = arith.addi %v39, %i3 : i64
    memref.store %v59, %v56[%c2] : memref<4xi64>
    %v61 = arith.addi %v39, %i1 : i64
    scf.yield %v51, %v56, %v61 : memref<4xi64>, memref<4xi64>, i64
  }
  %v65 = memref.subview %v62[%c0] [2] [2] : memref<4xi64> to memref<2xi64, strided<[2], offset: ?>>
  %v67 = memref.alloc() : memref<2x3xi64>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v14 : memref<2x3xi64>) outs(%v67 : memref<2x3xi64>) {
^bb0(%v68: i64, %v70: i64):
    %v71 = arith.addi %v68, %i0 : i64
    linalg.yield %v71 : i64
  }
  %v72 = memref.expand_shape %v63 [[0, 1]] output_shape [2, 2] : memref<4xi64> into memref<2x2xi64>
  %v73 = memref.load %v14[%c1, %c0] : memref<2x3xi64>
  %v74 = arith.addi %i0, %v73 : i64
  %v75 = memref.load %v62[%c0] : memref<4xi64>
  %v76 = arith.addi %v74, %v75 : i64
  %v77 = memref.load %v63[%c1] : memref<4xi64>
  %v78 = arith.addi %v76, %v77 : i64
  %v79 = memref.load %v65[%c1] : memref<2xi64, strided<[2], offset: ?>>
  %v80 = arith.addi %v78, %v79 : i64
  %v81 = memref.load %v67[%c1, %c1] : memref<2x3xi64>
  %v82 = arith.addi %v80, %v81 : i64
  %v83 = memref.load %v72[%c0, %c0] : memref<2x2xi64>
  %v84 = arith.addi %v82, %v83 : i64
  func.call @printI64(%v84) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   use_after_free at <fuzz>:73:10: access to freed heap buffer #2 (32 bytes) (allocated at <fuzz>:30:10)
//   #map = affine_map<(d0, d1) -> (d0, d1)>
