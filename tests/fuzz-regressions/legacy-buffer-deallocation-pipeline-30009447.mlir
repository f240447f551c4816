// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 30009447 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v44 = memref.alloc(%c1) : memref<?xi64>
  %v45 = arith.addi %i4, %i1 : i64
  memref.store %v45, %v44[%c0] : memref<?xi64>
  %v124, %v125, %v126 = scf.for %v46 = %c0 to %c0 step %c1 iter_args(%v47 = %v44, %v48 = %v44, %v49 = %i2) -> (memref<?xi64>, memref<?xi64>, i64) {
    %v119 = memref.alloc(%c3) : memref<?xi64>
    %v123 = arith.addi %v49, %i1 : i64
    scf.yield %v119, %v47, %v123 : memref<?xi64>, memref<?xi64>, i64
  }
  %v127 = memref.alloca(%c2) : memref<?xi64>
  %v130 = memref.alloc() : memref<2x3xi64>
  %v323, %v324, %v325 = scf.while (%v137 = %v127, %v138 = %v130, %v139 = %i0) : (memref<?xi64>, memref<2x3xi64>, i64) -> (memref<?xi64>, memref<2x3xi64>, i64) {
    %v234 = arith.andi %v126, %i3 : i64
    %v235 = arith.index_cast %v234 : i64 to index
    %v236 = memref.alloc() : memref<2x3xi64>
    %v243 = memref.alloc() : memref<2xi64>
    %v267, %v268, %v269 = scf.for %v246 = %c0 to %v235 step %c1 iter_args(%v247 = %v236, %v248 = %v243, %v249 = %v126) -> (memref<2x3xi64>, memref<2xi64>, i64) {
      %v263 = memref.alloc() : memref<2xi64>
      %v265 = arith.addi %i6, %i2 : i64
      memref.store %v265, %v263[%c1] : memref<2xi64>
      %v266 = arith.addi %v249, %v126 : i64
      scf.yield %v247, %v263, %v266 : memref<2x3xi64>, memref<2xi64>, i64
    }
    %v270 = memref.cast %v268 : memref<2xi64> to memref<?xi64>
    %v271 = memref.alloca() : memref<2x3xi64>
    scf.for %v272 = %c0 to %c2 step %c1 {
      scf.for %v273 = %c0 to %c3 step %c1 {
        %v274 = arith.index_cast %v272 : index to i64
        %v275 = arith.addi %v126, %v274 : i64
        %v276 = arith.index_cast %v273 : index to i64
        %v277 = arith.addi %v275, %v276 : i64
        memref.store %v277, %v271[%v272, %v273] : memref<2x3xi64>
      }
    }
    %v278 = arith.cmpi slt, %v139, %i2 : i64
    scf.condition(%v278) %v270, %v271, %v139 : memref<?xi64>, memref<2x3xi64>, i64
  } do {
^bb0(%v279: memref<?xi64>, %v280: memref<2x3xi64>, %v281: i64):
    %v282 = arith.cmpi eq, %v281, %i2 : i64
    %v318 = scf.if %v282 -> (memref<6xi64>) {
      %v309 = memref.alloc() : memref<6xi64>
      scf.yield %v309 : memref<6xi64>
    } else {
      %v314 = memref.alloc() : memref<6xi64>
      scf.for %v315 = %c0 to %c6 step %c1 {
        %v316 = arith.index_cast %v315 : index to i64
        %v317 = arith.addi %im1, %v316 : i64
        memref.store %v317, %v314[%v315] : memref<6xi64>
      }
      scf.yield %v314 : memref<6xi64>
    }
    %v319 = memref.load %v318[%c1] : memref<6xi64>
    %v320 = arith.cmpi sle, %v319, %i0 : i64
    %v321 = arith.select %v320, %v279, %v279 : memref<?xi64>
    %v322 = arith.addi %v281, %i1 : i64
    scf.yield %v321, %v280, %v322 : memref<?xi64>, memref<2x3xi64>, i64
  }
  %v338, %v339 = scf.while (%v326 = %v124, %v327 = %i0) : (memref<?xi64>, i64) -> (memref<?xi64>, i64) {
    %v328 = arith.cmpi slt, %v327, %i0 : i64
    scf.condition(%v328) %v326, %v327 : memref<?xi64>, i64
  } do {
^bb0(%v329: memref<?xi64>, %v330: i64):
    %v333 = memref.alloc(%c3) : memref<?xi64>
    %v337 = arith.addi %v330, %i1 : i64
    scf.yield %v333, %v337 : memref<?xi64>, i64
  }
  %v340 = memref.load %v323[%c1] : memref<?xi64>
  %v341 = arith.andi %v340, %i3 : i64
  %v342 = arith.index_cast %v341 : i64 to index
  %v553, %v554 = scf.index_switch %v342 -> memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64>
  case 0 {
    %v410 = memref.alloc() : memref<2x4xi64>
    %v417 = memref.cast %v410 : memref<2x4xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v418 = memref.alloc(%c2) : memref<?xi64>
    scf.yield %v417, %v418 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64>
  }
  case 1 {
    %v421 = memref.alloc() : memref<6xi64>
    %v425 = memref.alloc() : memref<2xi64>
    %v452, %v453, %v454 = scf.while (%v428 = %v421, %v429 = %v425, %v430 = %i0) : (memref<6xi64>, memref<2xi64>, i64) -> (memref<6xi64>, memref<2xi64>, i64) {
      %v435 = memref.alloc() : memref<6xi64>
      %v439 = memref.alloc() : memref<2xi64>
      %v442 = arith.cmpi slt, %v430, %i0 : i64
      scf.condition(%v442) %v435, %v439, %v430 : memref<6xi64>, memref<2xi64>, i64
    } do {
  ^bb0(%v443: memref<6xi64>, %v444: memref<2xi64>, %v445: i64):
      %v451 = arith.addi %v445, %i1 : i64
      scf.yield %v443, %v444, %v451 : memref<6xi64>, memref<2xi64>, i64
    }
    %v459 = arith.andi %v126, %i3 : i64
    %v460 = arith.index_cast %v459 : i64 to index
    %v524 = scf.index_switch %v460 -> memref<2xi64>
    case 1 {
      scf.yield %v453 : memref<2xi64>
    }
    case 2 {
      scf.yield %v453 : memref<2xi64>
    }
    default {
      %v505 = memref.alloc() : memref<2xi64>
      %v508 = memref.cast %v505 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
      %v522, %v523 = scf.while (%v509 = %v508, %v510 = %i0) : (memref<?xi64, strided<[?], offset: ?>>, i64) -> (memref<?xi64, strided<[?], offset: ?>>, i64) {
        %v511 = memref.alloc(%c2) : memref<?xi64>
        %v514 = memref.cast %v511 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
        %v515 = arith.cmpi slt, %v510, %i1 : i64
        scf.condition(%v515) %v514, %v510 : memref<?xi64, strided<[?], offset: ?>>, i64
      } do {
    ^bb0(%v516: memref<?xi64, strided<[?], offset: ?>>, %v517: i64):
        memref.store %v340, %v124[%c0] : memref<?xi64>
        %v518 = memref.cast %v125 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
        %v519 = arith.cmpi sle, %v340, %i4 : i64
        %v520 = arith.select %v519, %v516, %v518 : memref<?xi64, strided<[?], offset: ?>>
        %v521 = arith.addi %v517, %i1 : i64
        scf.yield %v520, %v521 : memref<?xi64, strided<[?], offset: ?>>, i64
      }
      scf.yield %v453 : memref<2xi64>
    }
    %v526 = memref.alloc(%c5) : memref<3x?xi64>
    %v533 = memref.cast %v526 : memref<3x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    scf.yield %v533, %v44 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64>
  }
  default {
    %v543 = memref.alloc(%c3) : memref<?x4xi64>
    %v550 = memref.cast %v543 : memref<?x4xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v551 = memref.alloc(%c1) : memref<?xi64>
    scf.yield %v550, %v551 : memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?xi64>
  }
  %v555 = memref.load %v44[%c0] : memref<?xi64>
  %v556 = arith.addi %i0, %v555 : i64
  %v557 = memref.load %v124[%c0] : memref<?xi64>
  %v558 = arith.addi %v556, %v557 : i64
  %v559 = memref.load %v125[%c0] : memref<?xi64>
  %v560 = arith.addi %v558, %v559 : i64
  %v561 = memref.load %v323[%c1] : memref<?xi64>
  %v562 = arith.addi %v560, %v561 : i64
  %v563 = memref.load %v324[%c0, %c2] : memref<2x3xi64>
  %v564 = arith.addi %v562, %v563 : i64
  %v565 = memref.load %v338[%c0] : memref<?xi64>
  %v566 = arith.addi %v564, %v565 : i64
  func.call @printI64(%v566) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   32
//   after:
//   27
//   
