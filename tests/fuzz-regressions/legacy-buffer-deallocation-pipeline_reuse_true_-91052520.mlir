// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=reuse=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 91052520 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline{reuse=true}'`.
// Failure: heap errors after the passes: leak

memref.global "private" constant @g1 : memref<4xi64> = dense<[20, 21, 22, 23]>
func.func private @f1(%arg0: memref<?x?xi64, strided<[?, ?], offset: ?>>, %arg1: memref<?x3xi64>, %arg2: memref<6xi64>) -> (memref<6xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %i4 = arith.constant 4 : i64
  %v135 = memref.alloc() : memref<6xi64>
  scf.for %v136 = %c0 to %c6 step %c1 {
    %v137 = arith.index_cast %v136 : index to i64
    %v138 = arith.addi %i4, %v137 : i64
    memref.store %v138, %v135[%v136] : memref<6xi64>
  }
  return %v135 : memref<6xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %im2 = arith.constant -2 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v139 = memref.alloc() : memref<6xi64>
  scf.for %v140 = %c0 to %c6 step %c1 {
    %v141 = arith.index_cast %v140 : index to i64
    %v142 = arith.addi %i6, %v141 : i64
    memref.store %v142, %v139[%v140] : memref<6xi64>
  }
  %v143 = arith.cmpi sgt, %im2, %i4 : i64
  %v170, %v171 = scf.if %v143 -> (memref<?xi64, strided<[?], offset: ?>>, memref<6xi64>) {
    %v147 = memref.alloc() : memref<6xi64>
    %v151 = memref.cast %v147 : memref<6xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v151, %v139 : memref<?xi64, strided<[?], offset: ?>>, memref<6xi64>
  } else {
    %v169 = memref.cast %v139 : memref<6xi64> to memref<?xi64, strided<[?], offset: ?>>
    scf.yield %v169, %v139 : memref<?xi64, strided<[?], offset: ?>>, memref<6xi64>
  }
  %v177 = memref.alloc(%c2) : memref<?x4xi64>
  %v184 = memref.cast %v177 : memref<?x4xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v185 = memref.alloc(%c2) : memref<?x3xi64>
  %v192 = memref.alloc() : memref<6xi64>
  %v196 = func.call @f1(%v184, %v185, %v192) : (memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<?x3xi64>, memref<6xi64>) -> (memref<6xi64>)
  %v197 = arith.andi %i2, %i3 : i64
  %v198 = arith.index_cast %v197 : i64 to index
  scf.for %v199 = %c0 to %v198 step %c1 {
    %v202 = memref.load %v196[%c2] : memref<6xi64>
    %v203 = arith.cmpi sgt, %im2, %i3 : i64
    %v263, %v264 = scf.if %v203 -> (memref<?xi64>, memref<4xi64>) {
      %v204 = arith.andi %v202, %i3 : i64
      %v205 = arith.index_cast %v204 : i64 to index
      %v217 = scf.index_switch %v205 -> memref<2xi64>
      case 2 {
        %v207 = memref.alloc() : memref<2xi64>
        scf.yield %v207 : memref<2xi64>
      }
      case 3 {
        memref.store %v202, %v139[%c0] : memref<6xi64>
        %v210 = memref.alloc() : memref<2xi64>
        scf.yield %v210 : memref<2xi64>
      }
      default {
        %v214 = memref.alloca() : memref<2xi64>
        scf.yield %v214 : memref<2xi64>
      }
      %v250 = memref.alloca(%c2) : memref<?xi64>
      %v253 = memref.alloc() : memref<4xi64>
      scf.yield %v250, %v253 : memref<?xi64>, memref<4xi64>
    } else {
      %v259 = memref.get_global @g1 : memref<4xi64>
      %v260 = memref.alloc(%c2) : memref<?xi64>
      scf.yield %v260, %v259 : memref<?xi64>, memref<4xi64>
    }
    %v265 = memref.alloc(%c2) : memref<?xi64>
    %v267 = arith.addi %i1, %i2 : i64
    memref.store %v267, %v265[%c1] : memref<?xi64>
  }
  %v288 = memref.load %v170[%c3] : memref<?xi64, strided<[?], offset: ?>>
  return
}

// Details:
//   leak at <fuzz>:86:3: heap buffer #6 (16 bytes) is never freed (allocated at <fuzz>:78:15)
//   leak at <fuzz>:86:3: heap buffer #7 (16 bytes) is never freed (allocated at <fuzz>:78:15)
