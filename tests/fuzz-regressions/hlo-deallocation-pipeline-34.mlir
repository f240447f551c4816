// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 34 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
memref.global "private" constant @g1 : memref<4xi64> = dense<[20, 21, 22, 23]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v172 = memref.alloc(%c3) : memref<?xi64>
  %v175 = arith.addi %im2, %i3 : i64
  memref.store %v175, %v172[%c2] : memref<?xi64>
  %v176 = memref.get_global @g1 : memref<4xi64>
  %v177 = arith.andi %im2, %i3 : i64
  %v178 = arith.index_cast %v177 : i64 to index
  %v179 = memref.alloc(%c2) : memref<?xi64>
  %v182 = memref.alloc() : memref<4xi64>
  %v185 = arith.addi %i1, %i3 : i64
  memref.store %v185, %v182[%c2] : memref<4xi64>
  %v219, %v220, %v221 = scf.for %v187 = %c0 to %v178 step %c1 iter_args(%v188 = %v179, %v189 = %v182, %v190 = %i4) -> (memref<?xi64>, memref<4xi64>, i64) {
    %v196 = memref.cast %v176 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v197 = memref.cast %v172 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
    %v198 = arith.cmpi slt, %i6, %i2 : i64
    %v199 = arith.select %v198, %v196, %v197 : memref<?xi64, strided<[?], offset: ?>>
    %v200 = memref.cast %v176 : memref<4xi64> to memref<?xi64>
    %v214, %v215, %v216 = scf.for %v201 = %c0 to %c3 step %c1 iter_args(%v202 = %v199, %v203 = %v200, %v204 = %v190) -> (memref<?xi64, strided<[?], offset: ?>>, memref<?xi64>, i64) {
      %v208 = memref.cast %v172 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
      %v209 = memref.alloc(%c6) : memref<?xi64>
      %v213 = arith.addi %v204, %i1 : i64
      scf.yield %v208, %v209, %v213 : memref<?xi64, strided<[?], offset: ?>>, memref<?xi64>, i64
    }
    %v217 = memref.cast %v189 : memref<4xi64> to memref<?xi64>
    %v218 = arith.addi %v190, %v216 : i64
    scf.yield %v217, %v189, %v218 : memref<?xi64>, memref<4xi64>, i64
  }
  %v222 = arith.andi %im2, %i3 : i64
  %v223 = arith.index_cast %v222 : i64 to index
  scf.index_switch %v223
  case 2 {
    memref.store %i1, %v219[%c0] : memref<?xi64>
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
  }
  %v317 = memref.load %v172[%c2] : memref<?xi64>
  %v318 = arith.addi %i0, %v317 : i64
  %v319 = memref.load %v176[%c0] : memref<4xi64>
  %v320 = arith.addi %v318, %v319 : i64
  %v321 = memref.load %v219[%c0] : memref<?xi64>
  %v322 = arith.addi %v320, %v321 : i64
  %v323 = memref.load %v220[%c2] : memref<4xi64>
  %v324 = arith.addi %v322, %v323 : i64
  func.call @printI64(%v324) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   26
//   after:
//   21
//   
