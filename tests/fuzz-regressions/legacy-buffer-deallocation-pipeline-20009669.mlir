// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 20009669 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v224 = memref.alloc() : memref<2xi64>
  %v225 = arith.addi %im1, %i1 : i64
  memref.store %v225, %v224[%c0] : memref<2xi64>
  %v226 = arith.addi %im1, %i2 : i64
  memref.store %v226, %v224[%c1] : memref<2xi64>
  %v227 = arith.addi %i0, %i2 : i64
  %v228 = arith.andi %v227, %i3 : i64
  %v229 = arith.index_cast %v228 : i64 to index
  %v284, %v285 = scf.index_switch %v229 -> memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>
  case 0 {
    %v230 = memref.load %v224[%c0] : memref<2xi64>
    %v243 = arith.andi %v227, %i3 : i64
    %v244 = arith.index_cast %v243 : i64 to index
    %v256, %v257, %v258 = scf.for %v245 = %c0 to %v244 step %c1 iter_args(%v246 = %v224, %v247 = %v224, %v248 = %v230) -> (memref<2xi64>, memref<2xi64>, i64) {
      %v252 = memref.alloc() : memref<2xi64>
      %v255 = arith.addi %v248, %i0 : i64
      scf.yield %v247, %v252, %v255 : memref<2xi64>, memref<2xi64>, i64
    }
    %v259 = memref.cast %v224 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v260 = arith.constant false
    %v261 = arith.select %v260, %v257, %v257 : memref<2xi64>
    scf.yield %v259, %v261 : memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>
  }
  case 1 {
    %v263 = memref.alloca() : memref<3xi64>
    %v267 = memref.cast %v263 : memref<3xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v267, %v224 : memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>
  }
  default {
    %v269 = arith.cmpi sle, %i0, %i3 : i64
    %v281, %v282 = scf.if %v269 -> (memref<2xi64>, memref<2xi64>) {
      %v271 = memref.alloc() : memref<2xi64>
      scf.yield %v271, %v224 : memref<2xi64>, memref<2xi64>
    } else {
      %v274 = memref.alloc() : memref<2xi64>
      scf.yield %v274, %v274 : memref<2xi64>, memref<2xi64>
    }
    %v283 = memref.cast %v224 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v283, %v282 : memref<?xi64, strided<[?], offset: ?>>, memref<2xi64>
  }
  %v286 = memref.subview %v284[0] [2] [1] : memref<?xi64, strided<[?], offset: ?>> to memref<2xi64, strided<[?], offset: ?>>
  %v287 = memref.alloc() : memref<2xi64>
  linalg.copy ins(%v286 : memref<2xi64, strided<[?], offset: ?>>) outs(%v287 : memref<2xi64>)
  %v288 = memref.alloca() : memref<6xi64>
  scf.for %v289 = %c0 to %c6 step %c1 {
    %v290 = arith.index_cast %v289 : index to i64
    %v291 = arith.addi %i6, %v290 : i64
    memref.store %v291, %v288[%v289] : memref<6xi64>
  }
  %v398, %v399 = scf.for %v292 = %c0 to %c1 step %c1 iter_args(%v293 = %v288, %v294 = %v227) -> (memref<6xi64>, i64) {
    %v397 = arith.addi %v294, %i4 : i64
    scf.yield %v293, %v397 : memref<6xi64>, i64
  }
  %v400 = memref.alloc(%c3) : memref<?xi64>
  %v404 = memref.cast %v400 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  cf.br ^bb4(%v285, %v404, %i0 : memref<2xi64>, memref<?xi64, strided<[?], offset: ?>>, i64)
^bb4(%v405: memref<2xi64>, %v406: memref<?xi64, strided<[?], offset: ?>>, %v407: i64):
  %v408 = arith.cmpi slt, %v407, %i0 : i64
  cf.cond_br %v408, ^bb5, ^bb6
^bb5:
  %v510 = memref.alloc() : memref<2xi64>
  %v513 = memref.cast %v224 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v409 = arith.addi %v407, %i1 : i64
  cf.br ^bb4(%v510, %v513, %v409 : memref<2xi64>, memref<?xi64, strided<[?], offset: ?>>, i64)
^bb6:
  affine.for %v556 = 0 to 2 {
    %v557 = arith.index_cast %v556 : index to i64
    %v558 = arith.addi %v227, %v557 : i64
    affine.store %v558, %v285[%v556] : memref<2xi64>
  }
  %v559 = memref.load %v224[%c1] : memref<2xi64>
  %v560 = arith.addi %i0, %v559 : i64
  %v561 = memref.load %v284[%c1] : memref<?xi64, strided<[?], offset: ?>>
  %v562 = arith.addi %v560, %v561 : i64
  %v563 = memref.load %v285[%c0] : memref<2xi64>
  %v564 = arith.addi %v562, %v563 : i64
  %v565 = memref.load %v287[%c1] : memref<2xi64>
  %v566 = arith.addi %v564, %v565 : i64
  %v567 = memref.load %v398[%c2] : memref<6xi64>
  %v568 = arith.addi %v566, %v567 : i64
  %v569 = memref.load %v405[%c1] : memref<2xi64>
  %v570 = arith.addi %v568, %v569 : i64
  func.call @printI64(%v570) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   20
//   after:
//   17
//   
