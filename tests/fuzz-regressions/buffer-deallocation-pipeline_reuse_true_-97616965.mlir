// RUN: dealloc-opt %s --buffer-deallocation-pipeline=reuse=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 97616965 --count 1 --pipeline 'buffer-deallocation-pipeline{reuse=true}'`.
// Failure: pass failed: MemRef value does not have valid ownership

func.func private @f0(%arg0: memref<2xi64>, %arg1: memref<4xi64>) -> (memref<2xi64>, memref<2xi64>) {
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v1 = memref.alloc() : memref<6xi64>
  %v298, %v299 = scf.while (%v5 = %v1, %v6 = %i0) : (memref<6xi64>, i64) -> (memref<6xi64>, i64) {
    %v219 = arith.cmpi slt, %v6, %i3 : i64
    scf.condition(%v219) %v5, %v6 : memref<6xi64>, i64
  } do {
^bb0(%v220: memref<6xi64>, %v221: i64):
    %v222 = arith.xori %v221, %v221 : i64
    %v296 = scf.execute_region -> (memref<2xi64>) {
      %v224 = memref.alloc() : memref<4xi64>
      %v248, %v249 = scf.while (%v229 = %v224, %v230 = %i0) : (memref<4xi64>, i64) -> (memref<4xi64>, i64) {
        %v231 = memref.alloc() : memref<4xi64>
        %v236 = arith.cmpi slt, %v230, %i3 : i64
        scf.condition(%v236) %v231, %v230 : memref<4xi64>, i64
      } do {
    ^bb0(%v237: memref<4xi64>, %v238: i64):
        %v247 = arith.addi %v238, %i1 : i64
        scf.yield %v237, %v247 : memref<4xi64>, i64
      }
      %v250 = arith.cmpi ne, %v249, %i2 : i64
      %v268, %v269 = scf.if %v250 -> (memref<4xi64>, memref<?xi64, strided<[?], offset: ?>>) {
        %v258 = memref.cast %v220 : memref<6xi64> to memref<?xi64, strided<[?], offset: ?>>
        scf.yield %v248, %v258 : memref<4xi64>, memref<?xi64, strided<[?], offset: ?>>
      } else {
        %v263 = memref.alloc() : memref<5xi64>
        %v267 = memref.cast %v263 : memref<5xi64> to memref<?xi64, strided<[?], offset: ?>>
        scf.yield %arg1, %v267 : memref<4xi64>, memref<?xi64, strided<[?], offset: ?>>
      }
      %v270 = arith.cmpi ne, %i2, %i0 : i64
      cf.cond_br %v270, ^bb1, ^bb2
    ^bb1:
      %v284 = memref.alloc() : memref<4xi64>
      %v288 = arith.addi %v222, %i4 : i64
      memref.store %v288, %v284[%c3] : memref<4xi64>
      cf.br ^bb3(%arg0, %v284 : memref<2xi64>, memref<4xi64>)
    ^bb2:
      cf.br ^bb3(%arg0, %v268 : memref<2xi64>, memref<4xi64>)
    ^bb3(%v293: memref<2xi64>, %v294: memref<4xi64>):
      scf.yield %arg0 : memref<2xi64>
    }
    %v297 = arith.addi %v221, %i1 : i64
    scf.yield %v220, %v297 : memref<6xi64>, i64
  }
  return %arg0, %arg0 : memref<2xi64>, memref<2xi64>
}
func.func @main() {
  return
}

// Details:
//   MemRef value does not have valid ownership
