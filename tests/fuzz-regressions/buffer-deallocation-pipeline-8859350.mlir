// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 8859350 --count 1 --pipeline 'buffer-deallocation-pipeline'`.
// Failure (of a mutant, not of the code as committed): heap errors after the passes: double_free.
// The outer loop's body yields one buffer in both positions (`%v153` and its cast). Asked
// whether `%v50` may be `%v49`, a flow search that follows the back edge compares `%v153` with
// `%v49` of the trip that ends, not of the next one: `CarriedApart::apart_through_flow` must
// refuse points of an op that defines `x` (`holds_x`); without that check this program frees
// the buffer twice.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %v1 = memref.alloca() : memref<2xi64>
  %v3 = arith.addi %i0, %i2 : i64
  memref.store %v3, %v1[%c1] : memref<2xi64>
  %v43 = memref.load %v1[%c1] : memref<2xi64>
  %v44 = memref.alloc() : memref<6xi64>
  %v48 = memref.cast %v1 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
  %v185, %v186, %v187 = scf.while (%v49 = %v44, %v50 = %v48, %v51 = %i0) : (memref<6xi64>, memref<?xi64, strided<[?], offset: ?>>, i64) -> (memref<6xi64>, memref<?xi64, strided<[?], offset: ?>>, i64) {
    memref.store %v43, %v50[%c0] : memref<?xi64, strided<[?], offset: ?>>
    %v60 = arith.cmpi ne, %v43, %i2 : i64
    scf.if %v60 {
    } else {
      %v62 = memref.alloc() : memref<6xi64>
      %v98, %v99 = scf.while (%v66 = %v62, %v67 = %i0) : (memref<6xi64>, i64) -> (memref<6xi64>, i64) {
        %v78 = memref.alloc() : memref<6xi64>
        %v82 = arith.cmpi slt, %v67, %i2 : i64
        scf.condition(%v82) %v78, %v67 : memref<6xi64>, i64
      } do {
    ^bb0(%v83: memref<6xi64>, %v84: i64):
        %v93 = memref.alloc() : memref<6xi64>
        %v97 = arith.addi %v84, %i1 : i64
        scf.yield %v93, %v97 : memref<6xi64>, i64
      }
      %v117 = arith.andi %v43, %i3 : i64
      %v118 = arith.index_cast %v117 : i64 to index
      scf.index_switch %v118
      case 1 {
        scf.yield
      }
      case 2 {
        scf.yield
      }
      default {
        memref.store %v99, %v49[%c3] : memref<6xi64>
      }
    }
    %v147 = memref.alloc() : memref<6xi64>
    %v151 = memref.cast %v1 : memref<2xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v152 = arith.cmpi slt, %v51, %i1 : i64
    scf.condition(%v152) %v147, %v151, %v51 : memref<6xi64>, memref<?xi64, strided<[?], offset: ?>>, i64
  } do {
^bb0(%v153: memref<6xi64>, %v154: memref<?xi64, strided<[?], offset: ?>>, %v155: i64):
    %v183 = memref.cast %v153 : memref<6xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v184 = arith.addi %v155, %i1 : i64
    scf.yield %v153, %v183, %v184 : memref<6xi64>, memref<?xi64, strided<[?], offset: ?>>, i64
  }
  return
}
