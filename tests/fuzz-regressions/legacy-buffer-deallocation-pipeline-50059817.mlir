// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50059817 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v94 = memref.alloc() : memref<2xi64>
  %v113 = bufferization.clone %v94 : memref<2xi64> to memref<2xi64>
  %v114 = arith.cmpi sge, %i3, %i4 : i64
  cf.cond_br %v114, ^bb1, ^bb2
^bb1:
  %v122 = memref.cast %v113 : memref<2xi64> to memref<?xi64>
  %v123 = memref.cast %v94 : memref<2xi64> to memref<?xi64>
  %v124 = arith.cmpi sgt, %i2, %i1 : i64
  %v125 = arith.select %v124, %v122, %v123 : memref<?xi64>
  %v126 = memref.cast %v113 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb3(%v125, %v126 : memref<?xi64>, memref<?xi64, strided<[?], offset: ?>>)
^bb2:
  %v127 = memref.alloc() : memref<2xi64>
  %v130 = memref.cast %v127 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v131 = memref.alloc(%c3) : memref<?x3xi64>
  %v147, %v148, %v149 = scf.for %v138 = %c0 to %c2 step %c1 iter_args(%v139 = %v130, %v140 = %v131, %v141 = %i3) -> (memref<?xi64, strided<[?], offset: ?>>, memref<?x3xi64>, i64) {
    %v146 = arith.addi %v141, %i5 : i64
    scf.yield %v139, %v140, %v146 : memref<?xi64, strided<[?], offset: ?>>, memref<?x3xi64>, i64
  }
  %v150 = memref.alloc() : memref<4xi64>
  %v155 = memref.alloc() : memref<4xi64>
  %v156 = arith.addi %v149, %i1 : i64
  memref.store %v156, %v155[%c0] : memref<4xi64>
  %v160 = arith.cmpi eq, %v149, %i1 : i64
  %v161 = arith.select %v160, %v150, %v155 : memref<4xi64>
  %v163 = memref.cast %v161 : memref<4xi64> to memref<?xi64>
  %v164 = memref.cast %v161 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb3(%v163, %v164 : memref<?xi64>, memref<?xi64, strided<[?], offset: ?>>)
^bb3(%v165: memref<?xi64>, %v166: memref<?xi64, strided<[?], offset: ?>>):
  %v167 = memref.load %v165[%c0] : memref<?xi64>
  %v168 = arith.cmpi eq, %i3, %i0 : i64
  %v328, %v329 = scf.if %v168 -> (memref<2xi64>, memref<?xi64>) {
    %v238 = memref.alloc(%c2) : memref<?xi64>
    scf.yield %v94, %v238 : memref<2xi64>, memref<?xi64>
  } else {
    %v327 = memref.cast %v94 : memref<2xi64> to memref<?xi64>
    scf.yield %v94, %v327 : memref<2xi64>, memref<?xi64>
  }
  %v330 = arith.andi %v167, %i3 : i64
  %v331 = arith.index_cast %v330 : i64 to index
  scf.index_switch %v331
  case 2 {
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
    %v424 = arith.andi %v167, %i3 : i64
    %v425 = arith.index_cast %v424 : i64 to index
    %v573 = scf.index_switch %v425 -> memref<?xi64>
    case 0 {
      %v510 = memref.cast %v113 : memref<2xi64> to memref<?xi64>
      %v511 = arith.cmpi sge, %v167, %i2 : i64
      %v512 = arith.select %v511, %v510, %v165 : memref<?xi64>
      scf.yield %v512 : memref<?xi64>
    }
    case 1 {
      %v513 = arith.cmpi sgt, %v167, %i1 : i64
      %v567 = scf.if %v513 -> (memref<?xi64>) {
        %v536 = memref.alloc(%c3) : memref<?xi64>
        scf.yield %v536 : memref<?xi64>
      } else {
        memref.store %v167, %v113[%c0] : memref<2xi64>
        %v566 = memref.cast %v113 : memref<2xi64> to memref<?xi64>
        scf.yield %v566 : memref<?xi64>
      }
      scf.yield %v329 : memref<?xi64>
    }
    default {
      scf.yield %v329 : memref<?xi64>
    }
  }
  %v578 = memref.load %v165[%c0] : memref<?xi64>
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
