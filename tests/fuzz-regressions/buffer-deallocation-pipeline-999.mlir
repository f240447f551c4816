// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 999 --count 1 --pipeline buffer-deallocation-pipeline`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %im2 = arith.constant -2 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %i6 = arith.constant 6 : i64
  %v1 = memref.alloc(%c3) : memref<?x3xi64>
  scf.for %v2 = %c0 to %c3 step %c1 {
    scf.for %v3 = %c0 to %c3 step %c1 {
      %v4 = arith.index_cast %v2 : index to i64
      %v5 = arith.addi %i6, %v4 : i64
      %v6 = arith.index_cast %v3 : index to i64
      %v7 = arith.addi %v5, %v6 : i64
      memref.store %v7, %v1[%v2, %v3] : memref<?x3xi64>
    }
  }
  %v8 = arith.constant false
  cf.cond_br %v8, ^bb1, ^bb2
^bb1:
  %v115 = memref.alloc(%c5, %c4) : memref<?x?xi64>
  cf.br ^bb3(%v115 : memref<?x?xi64>)
^bb2:
  %v122 = arith.constant false
  cf.cond_br %v122, ^bb10, ^bb11
^bb10:
  %v133 = memref.alloc(%c3) : memref<?x3xi64>
  %v140 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64>
  cf.br ^bb12(%v133, %v140 : memref<?x3xi64>, memref<?x?xi64>)
^bb11:
  %v141 = memref.alloc(%c5) : memref<?x3xi64>
  %v182, %v183 = scf.while (%v148 = %v141, %v149 = %i0) : (memref<?x3xi64>, i64) -> (memref<?x3xi64>, i64) {
    %v168 = arith.constant false
    %v169 = arith.select %v168, %v148, %v1 : memref<?x3xi64>
    %v170 = arith.cmpi slt, %v149, %i3 : i64
    scf.condition(%v170) %v169, %v149 : memref<?x3xi64>, i64
  } do {
^bb0(%v171: memref<?x3xi64>, %v172: i64):
    %v174 = memref.alloc(%c4) : memref<?x3xi64>
    %v181 = arith.addi %v172, %i1 : i64
    scf.yield %v174, %v181 : memref<?x3xi64>, i64
  }
  %v197 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64>
  %v198 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64>
  %v199 = arith.cmpi sge, %v183, %i1 : i64
  %v200 = arith.select %v199, %v197, %v198 : memref<?x?xi64>
  cf.br ^bb12(%v1, %v200 : memref<?x3xi64>, memref<?x?xi64>)
^bb12(%v201: memref<?x3xi64>, %v202: memref<?x?xi64>):
  cf.br ^bb3(%v202 : memref<?x?xi64>)
^bb3(%v203: memref<?x?xi64>):
  %v217 = scf.execute_region -> (memref<?x3xi64>) {
    %v204 = bufferization.clone %v203 : memref<?x?xi64> to memref<?x?xi64>
    memref.store %i5, %v204[%c0, %c2] : memref<?x?xi64>
    %v210 = memref.alloc(%c5) : memref<?x3xi64>
    scf.for %v211 = %c0 to %c5 step %c1 {
      scf.for %v212 = %c0 to %c3 step %c1 {
        %v213 = arith.index_cast %v211 : index to i64
        %v214 = arith.addi %i3, %v213 : i64
        %v215 = arith.index_cast %v212 : index to i64
        %v216 = arith.addi %v214, %v215 : i64
        memref.store %v216, %v210[%v211, %v212] : memref<?x3xi64>
      }
    }
    scf.yield %v210 : memref<?x3xi64>
  }
  %v218 = memref.reinterpret_cast %v1 to offset: [%c1], sizes: [2, 2], strides: [2, 1] : memref<?x3xi64> to memref<2x2xi64, strided<[2, 1], offset: ?>>
  %v219 = memref.alloc() : memref<4xi64>
  %v221 = arith.addi %im2, %i2 : i64
  memref.store %v221, %v219[%c1] : memref<4xi64>
  %v224 = arith.andi %i3, %i3 : i64
  %v225 = arith.index_cast %v224 : i64 to index
  %v323, %v324 = scf.index_switch %v225 -> memref<?x?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>
  case 0 {
    %v241 = memref.cast %v217 : memref<?x3xi64> to memref<?x?xi64>
    %v242 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v243 = memref.cast %v203 : memref<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v244 = arith.constant true
    %v245 = arith.select %v244, %v242, %v243 : memref<?x?xi64, strided<[?, ?], offset: ?>>
    scf.yield %v241, %v245 : memref<?x?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>
  }
  case 1 {
    %v247 = memref.alloc(%c4, %c3) : memref<?x?xi64>
    %v254 = memref.cast %v1 : memref<?x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    scf.yield %v247, %v254 : memref<?x?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>
  }
  default {
    %v315 = memref.alloc(%c5) : memref<3x?xi64>
    %v322 = memref.cast %v315 : memref<3x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    scf.yield %v203, %v322 : memref<?x?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>
  }
  %v325 = memref.load %v1[%c2, %c2] : memref<?x3xi64>
  %v326 = arith.addi %i0, %v325 : i64
  %v327 = memref.load %v203[%c0, %c2] : memref<?x?xi64>
  %v328 = arith.addi %v326, %v327 : i64
  %v329 = memref.load %v217[%c2, %c0] : memref<?x3xi64>
  %v330 = arith.addi %v328, %v329 : i64
  %v331 = memref.load %v218[%c0, %c0] : memref<2x2xi64, strided<[2, 1], offset: ?>>
  %v332 = arith.addi %v330, %v331 : i64
  %v333 = memref.load %v219[%c1] : memref<4xi64>
  %v334 = arith.addi %v332, %v333 : i64
  %v335 = memref.load %v323[%c0, %c2] : memref<?x?xi64>
  %v336 = arith.addi %v334, %v335 : i64
  func.call @printI64(%v336) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   38
//   after:
//   32
//   
