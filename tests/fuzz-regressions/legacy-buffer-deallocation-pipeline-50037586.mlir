// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50037586 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v92 = memref.alloc() : memref<2x3xi64>
  scf.for %v93 = %c0 to %c2 step %c1 {
    scf.for %v94 = %c0 to %c3 step %c1 {
      %v95 = arith.index_cast %v93 : index to i64
      %v96 = arith.addi %i2, %v95 : i64
      %v97 = arith.index_cast %v94 : index to i64
      %v98 = arith.addi %v96, %v97 : i64
      memref.store %v98, %v92[%v93, %v94] : memref<2x3xi64>
    }
  }
  %v99 = arith.cmpi slt, %i6, %i4 : i64
  cf.cond_br %v99, ^bb1, ^bb2
^bb1:
  %v148 = memref.cast %v92 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  cf.br ^bb3(%v92, %v148 : memref<2x3xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>)
^bb2:
  %v268 = memref.alloc() : memref<2x3xi64>
  linalg.copy ins(%v92 : memref<2x3xi64>) outs(%v268 : memref<2x3xi64>)
  %v269 = arith.constant false
  %v270 = arith.select %v269, %v92, %v268 : memref<2x3xi64>
  %v271 = memref.cast %v92 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v272 = memref.cast %v268 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v273 = arith.cmpi sge, %im2, %i0 : i64
  %v274 = arith.select %v273, %v271, %v272 : memref<?x?xi64, strided<[?, ?], offset: ?>>
  cf.br ^bb3(%v270, %v274 : memref<2x3xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>)
^bb3(%v275: memref<2x3xi64>, %v276: memref<?x?xi64, strided<[?, ?], offset: ?>>):
  memref.store %i1, %v92[%c1, %c0] : memref<2x3xi64>
  %v328 = memref.load %v275[%c1, %c1] : memref<2x3xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
