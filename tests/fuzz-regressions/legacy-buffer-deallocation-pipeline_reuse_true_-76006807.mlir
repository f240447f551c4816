// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=reuse=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 76006807 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline{reuse=true}'`.
// Failure: printed output differs (fixed: a function left to the ownership-based strategy returned one buffer at two positions, and this strategy's callers free each call result; legacy::returns now clones a returned buffer equal to an earlier one)

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @f0(%arg0: memref<?x3xi64>, %arg1: memref<?x?xi64>) -> (memref<?x?xi64>, memref<2x3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v1 = memref.subview %arg0[0, 0] [2, 3] [1, 1] : memref<?x3xi64> to memref<2x3xi64, strided<[3, 1]>>
  %v2 = memref.alloc() : memref<2x3xi64>
  linalg.copy ins(%v1 : memref<2x3xi64, strided<[3, 1]>>) outs(%v2 : memref<2x3xi64>)
  %v3 = arith.cmpi sle, %im2, %i3 : i64
  %v244 = scf.if %v3 -> (memref<?x3xi64>) {
    %v4 = memref.load %v2[%c1, %c0] : memref<2x3xi64>
    %v5 = memref.load %arg1[%c1, %c2] : memref<?x?xi64>
    %v6 = arith.cmpi sge, %v5, %i0 : i64
    %v149, %v150 = scf.if %v6 -> (memref<?x?xi64>, memref<4xi64>) {
      %v38 = memref.alloc(%c3, %c5) : memref<?x?xi64>
      %v45 = memref.alloc() : memref<4xi64>
      scf.yield %v38, %v45 : memref<?x?xi64>, memref<4xi64>
    } else {
      %v51 = arith.cmpi sge, %v4, %i4 : i64
      %v81, %v82 = scf.if %v51 -> (memref<?x?xi64>, memref<6xi64>) {
        %v67 = memref.cast %arg0 : memref<?x3xi64> to memref<?x?xi64>
        %v68 = memref.alloc() : memref<6xi64>
        scf.yield %v67, %v68 : memref<?x?xi64>, memref<6xi64>
      } else {
        %v76 = memref.cast %v2 : memref<2x3xi64> to memref<?x?xi64>
        %v77 = memref.alloc() : memref<6xi64>
        scf.yield %v76, %v77 : memref<?x?xi64>, memref<6xi64>
      }
      %v141 = memref.cast %arg0 : memref<?x3xi64> to memref<?x?xi64>
      %v142 = arith.constant true
      %v143 = arith.select %v142, %v81, %v141 : memref<?x?xi64>
      %v144 = memref.alloc() : memref<4xi64>
      scf.yield %v143, %v144 : memref<?x?xi64>, memref<4xi64>
    }
    %v151 = arith.constant false
    %v233, %v234 = scf.if %v151 -> (memref<?x3xi64>, memref<2x3xi64>) {
      %v157 = memref.cast %v2 : memref<2x3xi64> to memref<?x3xi64>
      %v158 = arith.cmpi ne, %v4, %i4 : i64
      %v159 = arith.select %v158, %v157, %arg0 : memref<?x3xi64>
      scf.yield %v159, %v2 : memref<?x3xi64>, memref<2x3xi64>
    } else {
      %v160 = memref.cast %arg0 : memref<?x3xi64> to memref<?x?xi64>
      %v179, %v180 = scf.for %v161 = %c0 to %c1 step %c1 iter_args(%v162 = %v160, %v163 = %v4) -> (memref<?x?xi64>, i64) {
        %v171 = memref.alloc(%c2, %c5) : memref<?x?xi64>
        %v178 = arith.addi %v163, %i2 : i64
        scf.yield %v171, %v178 : memref<?x?xi64>, i64
      }
      scf.execute_region {
        memref.store %v180, %v2[%c1, %c2] : memref<2x3xi64>
        scf.yield
      }
      %v189 = arith.cmpi slt, %v4, %i0 : i64
      %v217, %v218 = scf.if %v189 -> (memref<?x?xi64>, memref<?xi64>) {
        %v197 = memref.load %v149[%c1, %c2] : memref<?x?xi64>
        %v202 = arith.cmpi ne, %v180, %i3 : i64
        %v203 = arith.select %v202, %arg1, %v179 : memref<?x?xi64>
        %v204 = memref.cast %v150 : memref<4xi64> to memref<?xi64>
        scf.yield %v203, %v204 : memref<?x?xi64>, memref<?xi64>
      } else {
        %v207 = memref.alloca(%c4, %c3) : memref<?x?xi64>
        %v214 = memref.alloc(%c2) : memref<?xi64>
        scf.yield %v207, %v214 : memref<?x?xi64>, memref<?xi64>
      }
      %v219 = memref.alloc(%c4) : memref<?x3xi64>
      %v226 = memref.alloc() : memref<2x3xi64>
      scf.yield %v219, %v226 : memref<?x3xi64>, memref<2x3xi64>
    }
    %v235 = memref.cast %v2 : memref<2x3xi64> to memref<?x3xi64>
    scf.yield %v235 : memref<?x3xi64>
  } else {
    %v237 = memref.alloca(%c4) : memref<?x3xi64>
    scf.yield %v237 : memref<?x3xi64>
  }
  %v255 = memref.cast %v2 : memref<2x3xi64> to memref<?x?xi64>
  return %v255, %v2 : memref<?x?xi64>, memref<2x3xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %im2 = arith.constant -2 : i64
  %i2 = arith.constant 2 : i64
  scf.execute_region {
    %v274 = memref.alloc(%c3) : memref<?x3xi64>
    scf.for %v275 = %c0 to %c3 step %c1 {
      scf.for %v276 = %c0 to %c3 step %c1 {
        %v277 = arith.index_cast %v275 : index to i64
        %v278 = arith.addi %i2, %v277 : i64
        %v279 = arith.index_cast %v276 : index to i64
        %v280 = arith.addi %v278, %v279 : i64
        memref.store %v280, %v274[%v275, %v276] : memref<?x3xi64>
      }
    }
    %v281 = memref.alloc(%c3, %c4) : memref<?x?xi64>
    scf.for %v282 = %c0 to %c3 step %c1 {
      scf.for %v283 = %c0 to %c4 step %c1 {
        %v284 = arith.index_cast %v282 : index to i64
        %v285 = arith.addi %im2, %v284 : i64
        %v286 = arith.index_cast %v283 : index to i64
        %v287 = arith.addi %v285, %v286 : i64
        memref.store %v287, %v281[%v282, %v283] : memref<?x?xi64>
      }
    }
    %v288, %v289 = func.call @f0(%v274, %v281) : (memref<?x3xi64>, memref<?x?xi64>) -> (memref<?x?xi64>, memref<2x3xi64>)
    %v290 = memref.load %v289[%c0, %c2] : memref<2x3xi64>
    %v291 = memref.alloc() : memref<2x3xi64>
    scf.for %v292 = %c0 to %c2 step %c1 {
      scf.for %v293 = %c0 to %c3 step %c1 {
        %v294 = arith.index_cast %v292 : index to i64
        %v295 = arith.addi %v290, %v294 : i64
        %v296 = arith.index_cast %v293 : index to i64
        %v297 = arith.addi %v295, %v296 : i64
        memref.store %v297, %v291[%v292, %v293] : memref<2x3xi64>
      }
    }
    %v298 = memref.load %v291[%c1, %c1] : memref<2x3xi64>
    func.call @printI64(%v298) : (i64) -> ()
    func.call @printNewline() : () -> ()
    scf.yield
  }
  return
}

// Details:
//   before:
//   6
//   after:
//   2
//   
