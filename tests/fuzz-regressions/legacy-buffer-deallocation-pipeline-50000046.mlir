// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 50000046 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure (fixed by the ownership-fallback of buffer-deallocation in the pipeline): pass failed: buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copyi

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v1 = memref.alloc() : memref<4xi64>
  %v6 = arith.andi %i0, %i3 : i64
  %v7 = arith.index_cast %v6 : i64 to index
  %v171, %v172 = scf.index_switch %v7 -> memref<?xi64>, memref<4xi64>
  case 1 {
    %v8 = arith.maxsi %i4, %i1 : i64
    %v9 = arith.cmpi slt, %v8, %i3 : i64
    %v79, %v80 = scf.if %v9 -> (memref<?x3xi64>, memref<4xi64>) {
      %v32 = memref.alloc(%c2) : memref<?x3xi64>
      %v39 = memref.alloc() : memref<4xi64>
      scf.yield %v32, %v39 : memref<?x3xi64>, memref<4xi64>
    } else {
      %v72 = memref.alloc(%c4) : memref<?x3xi64>
      scf.yield %v72, %v1 : memref<?x3xi64>, memref<4xi64>
    }
    %v109 = memref.cast %v80 : memref<4xi64> to memref<?xi64>
    %v110 = arith.cmpi eq, %i5, %i2 : i64
    %v111 = arith.select %v110, %v80, %v1 : memref<4xi64>
    scf.yield %v109, %v111 : memref<?xi64>, memref<4xi64>
  }
  case 2 {
    %v113 = memref.cast %v1 : memref<4xi64> to memref<?xi64>
    scf.yield %v113, %v1 : memref<?xi64>, memref<4xi64>
  }
  default {
    %v162 = memref.alloc(%c5) : memref<?xi64>
    scf.for %v163 = %c0 to %c5 step %c1 {
      %v164 = arith.index_cast %v163 : index to i64
      %v165 = arith.addi %im2, %v164 : i64
      memref.store %v165, %v162[%v163] : memref<?xi64>
    }
    %v166 = memref.alloc() : memref<4xi64>
    scf.yield %v162, %v166 : memref<?xi64>, memref<4xi64>
  }
  %v173 = memref.load %v171[%c1] : memref<?xi64>
  %v229 = arith.cmpi sge, %v173, %i2 : i64
  cf.cond_br %v229, ^bb1, ^bb2
^bb1:
  %v232 = memref.cast %v172 : memref<4xi64> to memref<?xi64>
  %v233 = memref.cast %v1 : memref<4xi64> to memref<?xi64>
  %v234 = arith.constant false
  %v235 = arith.select %v234, %v232, %v233 : memref<?xi64>
  cf.br ^bb3(%v235 : memref<?xi64>)
^bb2:
  %v236 = memref.alloca() : memref<4xi64>
  %v241 = arith.cmpi sle, %v173, %i1 : i64
  %v242 = arith.select %v241, %v172, %v1 : memref<4xi64>
  %v243 = arith.constant true
  %v244 = arith.select %v243, %v236, %v242 : memref<4xi64>
  %v246 = arith.andi %v173, %i3 : i64
  %v247 = arith.index_cast %v246 : i64 to index
  %v316, %v317 = scf.index_switch %v247 -> memref<?xi64>, memref<?xi64>
  case 2 {
    %v252 = arith.cmpi sge, %i4, %i4 : i64
    scf.if %v252 {
    } else {
      affine.for %v271 = 0 to 4 {
        %v272 = arith.index_cast %v271 : index to i64
        %v273 = arith.addi %v173, %v272 : i64
        affine.store %v273, %v1[%v271] : memref<4xi64>
      }
    }
    %v278 = memref.alloc(%c4) : memref<?xi64>
    %v283 = memref.cast %v1 : memref<4xi64> to memref<?xi64>
    %v284 = memref.cast %v172 : memref<4xi64> to memref<?xi64>
    %v285 = arith.cmpi sgt, %i3, %i4 : i64
    %v286 = arith.select %v285, %v283, %v284 : memref<?xi64>
    scf.yield %v278, %v286 : memref<?xi64>, memref<?xi64>
  }
  case 3 {
    %v301 = memref.alloc(%c4) : memref<?xi64>
    %v306 = memref.alloc(%c6) : memref<?xi64>
    scf.yield %v301, %v306 : memref<?xi64>, memref<?xi64>
  }
  default {
    %v311 = memref.cast %v172 : memref<4xi64> to memref<?xi64>
    %v312 = memref.cast %v172 : memref<4xi64> to memref<?xi64>
    %v313 = arith.cmpi sge, %i2, %i1 : i64
    %v314 = arith.select %v313, %v311, %v312 : memref<?xi64>
    %v315 = memref.cast %v244 : memref<4xi64> to memref<?xi64>
    scf.yield %v314, %v315 : memref<?xi64>, memref<?xi64>
  }
  %v325 = memref.cast %v244 : memref<4xi64> to memref<?xi64>
  cf.br ^bb3(%v325 : memref<?xi64>)
^bb3(%v326: memref<?xi64>):
  return
}

// Details:
//   buffer-deallocation: this op writes to a buffer while a copy made for deallocation is in use through another name; copying would change what the program computes
