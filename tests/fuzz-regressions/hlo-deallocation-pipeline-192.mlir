// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 192 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: heap errors after the passes: use_after_free

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %v1 = memref.alloc() : memref<2x3xi64>
  scf.for %v2 = %c0 to %c2 step %c1 {
    scf.for %v3 = %c0 to %c3 step %c1 {
      %v4 = arith.index_cast %v2 : index to i64
      %v5 = arith.addi %im2, %v4 : i64
      %v6 = arith.index_cast %v3 : index to i64
      %v7 = arith.addi %v5, %v6 : i64
      memref.store %v7, %v1[%v2, %v3] : memref<2x3xi64>
    }
  }
  %v224 = memref.load %v1[%c0, %c0] : memref<2x3xi64>
  %v225 = arith.cmpi sge, %v224, %i0 : i64
  cf.cond_br %v225, ^bb1, ^bb2
^bb1:
  %v236 = memref.alloc() : memref<2x3xi64>
  %v243 = memref.alloca() : memref<6xi64>
  cf.br ^bb3(%v236, %v243 : memref<2x3xi64>, memref<6xi64>)
^bb2:
  %v247 = memref.load %v1[%c0, %c1] : memref<2x3xi64>
  %v252 = memref.alloc() : memref<6xi64>
  scf.for %v253 = %c0 to %c6 step %c1 {
    %v254 = arith.index_cast %v253 : index to i64
    %v255 = arith.addi %v247, %v254 : i64
    memref.store %v255, %v252[%v253] : memref<6xi64>
  }
  cf.br ^bb3(%v1, %v252 : memref<2x3xi64>, memref<6xi64>)
^bb3(%v256: memref<2x3xi64>, %v257: memref<6xi64>):
  %v258 = memref.load %v1[%c0, %c0] : memref<2x3xi64>
  %v259 = memref.alloc() : memref<2xi64>
  %v462, %v463, %v464 = scf.while (%v262 = %v259, %v263 = %v257, %v264 = %i0) : (memref<2xi64>, memref<6xi64>, i64) -> (memref<2xi64>, memref<6xi64>, i64) {
    %v414 = memref.alloc() : memref<6xi64>
    scf.for %v415 = %c0 to %c6 step %c1 {
      %v416 = arith.index_cast %v415 : index to i64
      %v417 = arith.addi %v258, %v416 : i64
      memref.store %v417, %v414[%v415] : memref<6xi64>
    }
    %v418 = arith.cmpi slt, %v264, %i1 : i64
    scf.condition(%v418) %v262, %v414, %v264 : memref<2xi64>, memref<6xi64>, i64
  } do {
^bb0(%v419: memref<2xi64>, %v420: memref<6xi64>, %v421: i64):
    %v458 = memref.alloca() : memref<2xi64>
    %v459 = arith.addi %v224, %i1 : i64
    memref.store %v459, %v458[%c0] : memref<2xi64>
    %v461 = arith.addi %v421, %i1 : i64
    scf.yield %v458, %v257, %v461 : memref<2xi64>, memref<6xi64>, i64
  }
  %v465 = memref.cast %v256 : memref<2x3xi64> to memref<?x?xi64>
  %v466 = memref.cast %v1 : memref<2x3xi64> to memref<?x3xi64>
  cf.br ^bb4(%v465, %v466, %i0 : memref<?x?xi64>, memref<?x3xi64>, i64)
^bb4(%v467: memref<?x?xi64>, %v468: memref<?x3xi64>, %v469: i64):
  %v470 = arith.cmpi slt, %v469, %i1 : i64
  cf.cond_br %v470, ^bb5, ^bb6
^bb5:
  %v546 = memref.cast %v1 : memref<2x3xi64> to memref<?x?xi64>
  %v471 = arith.addi %v469, %i1 : i64
  cf.br ^bb4(%v546, %v468, %v471 : memref<?x?xi64>, memref<?x3xi64>, i64)
^bb6:
  %v547 = memref.load %v1[%c0, %c1] : memref<2x3xi64>
  %v548 = arith.addi %i0, %v547 : i64
  %v549 = memref.load %v256[%c1, %c1] : memref<2x3xi64>
  %v550 = arith.addi %v548, %v549 : i64
  %v551 = memref.load %v257[%c2] : memref<6xi64>
  %v552 = arith.addi %v550, %v551 : i64
  %v553 = memref.load %v462[%c0] : memref<2xi64>
  %v554 = arith.addi %v552, %v553 : i64
  %v555 = memref.load %v463[%c5] : memref<6xi64>
  %v556 = arith.addi %v554, %v555 : i64
  %v557 = memref.load %v467[%c1, %c2] : memref<?x?xi64>
  %v558 = arith.addi %v556, %v557 : i64
  func.call @printI64(%v558) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   use_after_free at <fuzz>:74:11: access to heap buffer #0 (48 bytes at 0x100000000), freed at <fuzz>:68:3 (allocated at <fuzz>:17:9)
//   use_after_free at <fuzz>:76:11: access to heap buffer #0 (48 bytes at 0x100000000), freed at <fuzz>:68:3 (allocated at <fuzz>:17:9)
//   use_after_free at <fuzz>:84:11: access to heap buffer #0 (48 bytes at 0x100000000), freed at <fuzz>:68:3 (allocated at <fuzz>:17:9)
