// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 72000024 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v64 = memref.alloc() : memref<2x3xi64>
  scf.for %v65 = %c0 to %c2 step %c1 {
    scf.for %v66 = %c0 to %c3 step %c1 {
      %v67 = arith.index_cast %v65 : index to i64
      %v68 = arith.addi %i6, %v67 : i64
      %v69 = arith.index_cast %v66 : index to i64
      %v70 = arith.addi %v68, %v69 : i64
      memref.store %v70, %v64[%v65, %v66] : memref<2x3xi64>
    }
  }
  %v71 = memref.load %v64[%c1, %c1] : memref<2x3xi64>
  %v77 = arith.cmpi ne, %i0, %i3 : i64
  scf.if %v77 {
    %v84 = memref.alloc(%c3, %c3) : memref<?x?xi64>
    scf.for %v85 = %c0 to %c3 step %c1 {
      scf.for %v86 = %c0 to %c3 step %c1 {
        %v87 = arith.index_cast %v85 : index to i64
        %v88 = arith.addi %i4, %v87 : i64
        %v89 = arith.index_cast %v86 : index to i64
        %v90 = arith.addi %v88, %v89 : i64
        memref.store %v90, %v84[%v85, %v86] : memref<?x?xi64>
      }
    }
    %v91 = memref.cast %v84 : memref<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v186, %v187, %v188 = scf.while (%v92 = %v64, %v93 = %v91, %v94 = %i0) : (memref<2x3xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64) -> (memref<2x3xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64) {
      memref.store %v71, %v92[%c0, %c1] : memref<2x3xi64>
      %v95 = memref.load %v93[%c0, %c1] : memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v159 = memref.alloc(%c3, %c5) : memref<?x?xi64>
      scf.for %v160 = %c0 to %c3 step %c1 {
        scf.for %v161 = %c0 to %c5 step %c1 {
          %v162 = arith.index_cast %v160 : index to i64
          %v163 = arith.addi %v95, %v162 : i64
          %v164 = arith.index_cast %v161 : index to i64
          %v165 = arith.addi %v163, %v164 : i64
          memref.store %v165, %v159[%v160, %v161] : memref<?x?xi64>
        }
      }
      %v166 = memref.cast %v159 : memref<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v167 = arith.cmpi slt, %v94, %i2 : i64
      scf.condition(%v167) %v92, %v166, %v94 : memref<2x3xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64
    } do {
  ^bb0(%v168: memref<2x3xi64>, %v169: memref<?x?xi64, strided<[?, ?], offset: ?>>, %v170: i64):
      %v179 = memref.load %v169[%c1, %c1] : memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v180 = arith.cmpi sgt, %v179, %i2 : i64
      %v181 = arith.select %v180, %v64, %v64 : memref<2x3xi64>
      %v182 = memref.cast %v168 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v183 = arith.cmpi ne, %i4, %i2 : i64
      %v184 = arith.select %v183, %v182, %v169 : memref<?x?xi64, strided<[?, ?], offset: ?>>
      %v185 = arith.addi %v170, %i1 : i64
      scf.yield %v181, %v184, %v185 : memref<2x3xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64
    }
  } else {
  }
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
