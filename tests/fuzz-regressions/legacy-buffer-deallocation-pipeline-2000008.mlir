// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 2000008 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: pass failed: buffer-deallocation: this op writes to a buffer while a copy made for
// deallocation is in use through another name (one new buffer yielded as two iteration arguments,
// both written; @main is ours, calling the shrunk function).

func.func @f0(%arg0: memref<6xi64>, %arg1: memref<6xi64>) -> (memref<6xi64>, memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %v6 = arith.andi %im2, %i3 : i64
  %v7 = arith.index_cast %v6 : i64 to index
  %v8 = memref.alloc(%c3) : memref<?x3xi64>
  %v15 = memref.alloc() : memref<2x3xi64>
  %v121, %v122, %v123 = scf.for %v22 = %c0 to %v7 step %c1 iter_args(%v23 = %v8, %v24 = %v15, %v25 = %i2) -> (memref<?x3xi64>, memref<2x3xi64>, i64) {
    %v26 = arith.index_cast %v22 : index to i64
    %v27 = memref.alloc(%c7) : memref<?xi64>
    %v31 = memref.alloc() : memref<6xi64>
    %v86, %v87, %v88 = scf.for %v35 = %c0 to %c1 step %c1 iter_args(%v36 = %v27, %v37 = %v31, %v38 = %i3) -> (memref<?xi64>, memref<6xi64>, i64) {
      %v39 = arith.index_cast %v35 : index to i64
      %v43 = arith.constant true
      scf.if %v43 {
        %v44 = memref.cast %v24 : memref<2x3xi64> to memref<?x?xi64>
        %v45 = memref.alloc(%c4, %c4) : memref<?x?xi64>
        %v52 = arith.cmpi slt, %i0, %i1 : i64
        %v53 = arith.select %v52, %v44, %v45 : memref<?x?xi64>
        affine.for %v54 = 0 to 2 {
          affine.for %v55 = 0 to 3 {
            %v56 = arith.index_cast %v54 : index to i64
            %v57 = arith.addi %v39, %v56 : i64
            %v58 = arith.index_cast %v55 : index to i64
            %v59 = arith.addi %v57, %v58 : i64
            affine.store %v59, %v53[%v54, %v55] : memref<?x?xi64>
          }
        }
      } else {
        %v68 = memref.subview %v23[0, 0] [2, 3] [1, 1] : memref<?x3xi64> to memref<2x3xi64, strided<[3, 1]>>
        linalg.fill ins(%v26 : i64) outs(%v68 : memref<2x3xi64, strided<[3, 1]>>)
      }
      %v81 = memref.alloc(%c6) : memref<?xi64>
      %v85 = arith.addi %v38, %i5 : i64
      scf.yield %v81, %arg1, %v85 : memref<?xi64>, memref<6xi64>, i64
    }
    %v89 = memref.alloc() : memref<2x3xi64>
    %v119 = memref.cast %v89 : memref<2x3xi64> to memref<?x3xi64>
    %v120 = arith.addi %v25, %i5 : i64
    scf.yield %v119, %v89, %v120 : memref<?x3xi64>, memref<2x3xi64>, i64
  }
  %v221 = memref.alloc() : memref<6xi64>
  %v225 = memref.alloc(%c1) : memref<?xi64>
  return %v221, %v225 : memref<6xi64>, memref<?xi64>
}
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<6xi64>
  %b = memref.alloc() : memref<6xi64>
  %r0, %r1 = func.call @f0(%a, %b) : (memref<6xi64>, memref<6xi64>) -> (memref<6xi64>, memref<?xi64>)
  %c1 = arith.constant 1 : index
  %x = memref.dim %r1, %c0 : memref<?xi64>
  %i = arith.index_cast %x : index to i64
  func.call @printI64(%i) : (i64) -> ()
  memref.dealloc %r0 : memref<6xi64>
  memref.dealloc %r1 : memref<?xi64>
  memref.dealloc %a : memref<6xi64>
  memref.dealloc %b : memref<6xi64>
  return
}
