// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 74002759 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: printed output differs (7 3 4 became 7 9 14): the flag fallback made the loop argument %v262 a flagged merge, and its re-check missed that the clone of %v269 yielded by the scf.if, copied again into %v261 by the loop, is read after the store through %v262 on the next trip. Fixed: with the pipeline's ownership-fallback no flags are tried

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v170 = memref.alloc() : memref<4xi64>
  %v175 = arith.constant false
  %v197, %v198 = scf.if %v175 -> (memref<?xi64>, memref<6xi64>) {
    %v182 = memref.alloca(%c3) : memref<?xi64>
    %v186 = memref.alloc() : memref<6xi64>
    scf.yield %v182, %v186 : memref<?xi64>, memref<6xi64>
  } else {
    %v192 = memref.cast %v170 : memref<4xi64> to memref<?xi64>
    %v193 = memref.alloc() : memref<6xi64>
    scf.yield %v192, %v193 : memref<?xi64>, memref<6xi64>
  }
  %v210 = memref.alloc() : memref<2x3xi64>
  scf.for %v211 = %c0 to %c2 step %c1 {
    scf.for %v212 = %c0 to %c3 step %c1 {
      %v213 = arith.index_cast %v211 : index to i64
      %v214 = arith.addi %i4, %v213 : i64
      %v215 = arith.index_cast %v212 : index to i64
      %v216 = arith.addi %v214, %v215 : i64
      memref.store %v216, %v210[%v211, %v212] : memref<2x3xi64>
    }
  }
  %v217 = memref.load %v210[%c1, %c2] : memref<2x3xi64>
  %v218 = arith.xori %v217, %v217 : i64
  %v219 = arith.andi %v217, %i3 : i64
  %v220 = arith.index_cast %v219 : i64 to index
  %v302 = scf.index_switch %v220 -> memref<?xi64, strided<[?], offset: ?>>
  case 0 {
    %v228 = memref.alloc() : memref<7xi64>
    %v232 = memref.cast %v228 : memref<7xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v232 : memref<?xi64, strided<[?], offset: ?>>
  }
  case 1 {
    %v245 = memref.alloc(%c6) : memref<?xi64>
    %v249 = memref.cast %v245 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v249 : memref<?xi64, strided<[?], offset: ?>>
  }
  default {
    %v252 = memref.alloc(%c2) : memref<?xi64>
    %v253 = arith.addi %i2, %i1 : i64
    memref.store %v253, %v252[%c0] : memref<?xi64>
    %v254 = arith.addi %i2, %i2 : i64
    memref.store %v254, %v252[%c1] : memref<?xi64>
    %v255 = memref.alloc() : memref<4xi64>
    %v298, %v299, %v300 = scf.for %v260 = %c0 to %c3 step %c1 iter_args(%v261 = %v252, %v262 = %v255, %v263 = %i4) -> (memref<?xi64>, memref<4xi64>, i64) {
      %v264 = arith.index_cast %v260 : index to i64
      memref.store %i0, %v262[%c1] : memref<4xi64>
      %v269 = memref.alloc() : memref<4xi64>
      %v271 = arith.addi %v263, %i2 : i64
      memref.store %v271, %v269[%c1] : memref<4xi64>
      %v274 = arith.cmpi sle, %v218, %i1 : i64
      %v294 = scf.if %v274 -> (memref<?xi64>) {
        memref.store %i2, %v269[%c0] : memref<4xi64>
        %v276 = affine.for %v275 = 0 to 2 iter_args(%v277 = %v264) -> (i64) {
          %v278 = affine.load %v261[%v275] : memref<?xi64>
          %v279 = arith.addi %v277, %v278 : i64
          affine.yield %v279 : i64
        }
        func.call @printI64(%v276) : (i64) -> ()
        func.call @printNewline() : () -> ()
        %v280 = memref.cast %v269 : memref<4xi64> to memref<?xi64>
        scf.yield %v280 : memref<?xi64>
      } else {
        %v290 = memref.alloc(%c5) : memref<?xi64>
        scf.yield %v290 : memref<?xi64>
      }
      %v295 = arith.cmpi eq, %v263, %i2 : i64
      %v296 = arith.select %v295, %v261, %v294 : memref<?xi64>
      %v297 = arith.addi %v263, %v263 : i64
      scf.yield %v296, %v269, %v297 : memref<?xi64>, memref<4xi64>, i64
    }
    %v301 = memref.cast %v198 : memref<6xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v301 : memref<?xi64, strided<[?], offset: ?>>
  }
  return
}

// Details:
//   before:
//   7
//   3
//   4
//   after:
//   7
//   9
//   14
