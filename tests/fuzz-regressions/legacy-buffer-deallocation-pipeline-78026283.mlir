// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 78026283 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline'`.
// Failure: printed output differs (fixed: a function left to the ownership-based strategy returned one buffer at two positions, and this strategy's callers free each call result; legacy::returns now clones a returned buffer equal to an earlier one)

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @f0(%arg0: memref<2xi64>, %x: i64) -> (memref<?x3xi64>, memref<?x3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i6 = arith.constant 6 : i64
  %v1 = memref.alloca(%c4) : memref<?x3xi64>
  %v8 = memref.alloc() : memref<4xi64>
  %v106, %v107, %v108 = scf.while (%v13 = %v1, %v14 = %v8, %v15 = %i0) : (memref<?x3xi64>, memref<4xi64>, i64) -> (memref<?x3xi64>, memref<4xi64>, i64) {
    memref.store %x, %v13[%c0, %c1] : memref<?x3xi64>
    %v50 = arith.cmpi eq, %x, %i3 : i64
    %v51 = arith.select %v50, %v13, %v13 : memref<?x3xi64>
    %v52 = arith.cmpi slt, %i6, %i3 : i64
    %v53 = arith.select %v52, %v51, %v51 : memref<?x3xi64>
    %v54 = arith.cmpi slt, %v15, %i0 : i64
    scf.condition(%v54) %v53, %v14, %v15 : memref<?x3xi64>, memref<4xi64>, i64
  } do {
^bb0(%v55: memref<?x3xi64>, %v56: memref<4xi64>, %v57: i64):
    %v98 = memref.alloc(%c3) : memref<?x3xi64>
    %v105 = arith.addi %v57, %i1 : i64
    scf.yield %v98, %v56, %v105 : memref<?x3xi64>, memref<4xi64>, i64
  }
  %v151 = scf.execute_region -> (memref<2x3xi64>) {
    %v144 = memref.alloc() : memref<2x3xi64>
    scf.for %v145 = %c0 to %c2 step %c1 {
      scf.for %v146 = %c0 to %c3 step %c1 {
        %v147 = arith.index_cast %v145 : index to i64
        %v148 = arith.addi %x, %v147 : i64
        %v149 = arith.index_cast %v146 : index to i64
        %v150 = arith.addi %v148, %v149 : i64
        memref.store %v150, %v144[%v145, %v146] : memref<2x3xi64>
      }
    }
    scf.yield %v144 : memref<2x3xi64>
  }
  %v152 = memref.cast %v151 : memref<2x3xi64> to memref<?x3xi64>
  %v153 = memref.cast %v151 : memref<2x3xi64> to memref<?x3xi64>
  return %v152, %v153 : memref<?x3xi64>, memref<?x3xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i4 = arith.constant 4 : i64
  %i5 = arith.constant 5 : i64
  %v384 = memref.alloc() : memref<6xi64>
  scf.for %v385 = %c0 to %c6 step %c1 {
    %v386 = arith.index_cast %v385 : index to i64
    %v387 = arith.addi %i4, %v386 : i64
    memref.store %v387, %v384[%v385] : memref<6xi64>
  }
  %v388 = memref.alloc() : memref<2xi64>
  %v391, %v392 = func.call @f0(%v388, %i5) : (memref<2xi64>, i64) -> (memref<?x3xi64>, memref<?x3xi64>)
  %v407 = arith.constant true
  %v425, %v426 = scf.if %v407 -> (memref<4xi64>, memref<6xi64>) {
    %v408 = memref.load %v384[%c4] : memref<6xi64>
    %v409 = memref.alloc() : memref<4xi64>
    %v413 = arith.addi %v408, %i4 : i64
    memref.store %v413, %v409[%c3] : memref<4xi64>
    %v414 = memref.alloc() : memref<6xi64>
    scf.for %v415 = %c0 to %c6 step %c1 {
      %v416 = arith.index_cast %v415 : index to i64
      %v417 = arith.addi %v408, %v416 : i64
      memref.store %v417, %v414[%v415] : memref<6xi64>
    }
    scf.yield %v409, %v414 : memref<4xi64>, memref<6xi64>
  } else {
    %v420 = memref.alloca() : memref<4xi64>
    scf.yield %v420, %v384 : memref<4xi64>, memref<6xi64>
  }
  %v427 = memref.alloc() : memref<6xi64>
  scf.for %v428 = %c0 to %c6 step %c1 {
    %v429 = arith.index_cast %v428 : index to i64
    %v430 = arith.addi %i5, %v429 : i64
    memref.store %v430, %v427[%v428] : memref<6xi64>
  }
  cf.br ^bb13(%v427, %i0 : memref<6xi64>, i64)
^bb13(%v431: memref<6xi64>, %v432: i64):
  %v433 = arith.cmpi slt, %v432, %i2 : i64
  cf.cond_br %v433, ^bb14, ^bb15
^bb14:
  %v435 = memref.alloc() : memref<6xi64>
  %v459, %v460, %v461 = scf.while (%v439 = %v435, %v440 = %v431, %v441 = %i0) : (memref<6xi64>, memref<6xi64>, i64) -> (memref<6xi64>, memref<6xi64>, i64) {
    %v443 = arith.cmpi sgt, %v432, %i0 : i64
    %v444 = arith.select %v443, %v431, %v440 : memref<6xi64>
    %v445 = arith.cmpi slt, %v441, %i0 : i64
    scf.condition(%v445) %v444, %v431, %v441 : memref<6xi64>, memref<6xi64>, i64
  } do {
^bb0(%v446: memref<6xi64>, %v447: memref<6xi64>, %v448: i64):
    %v454 = memref.alloc() : memref<6xi64>
    %v458 = arith.addi %v448, %i1 : i64
    scf.yield %v454, %v447, %v458 : memref<6xi64>, memref<6xi64>, i64
  }
  %v434 = arith.addi %v432, %i1 : i64
  cf.br ^bb13(%v459, %v434 : memref<6xi64>, i64)
^bb15:
  %v462 = memref.load %v384[%c1] : memref<6xi64>
  %v463 = arith.addi %i0, %v462 : i64
  %v464 = memref.load %v391[%c0, %c1] : memref<?x3xi64>
  %v465 = arith.addi %v463, %v464 : i64
  %v466 = memref.load %v392[%c0, %c0] : memref<?x3xi64>
  %v467 = arith.addi %v465, %v466 : i64
  %v468 = memref.load %v425[%c3] : memref<4xi64>
  %v469 = arith.addi %v467, %v468 : i64
  %v470 = memref.load %v426[%c1] : memref<6xi64>
  %v471 = arith.addi %v469, %v470 : i64
  %v472 = memref.load %v431[%c1] : memref<6xi64>
  %v473 = arith.addi %v471, %v472 : i64
  func.call @printI64(%v473) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   43
//   after:
//   38
//   
