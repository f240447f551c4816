// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 21 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: pass failed: cannot tell which buffer this ownership indicator owns; the lowering needs the indicators in the order hlo-deallocate pr

func.func private @f1(%arg0: memref<?x?xi64>, %arg1: memref<4xi64>, %arg2: memref<2xi64>, %x: i64) -> (memref<?x?xi64>) {
  %i2 = arith.constant 2 : i64
  %i4 = arith.constant 4 : i64
  %v338 = arith.cmpi sgt, %x, %i2 : i64
  cf.cond_br %v338, ^bb10, ^bb11
^bb10:
  %v339 = arith.constant true
  %v380, %v381 = scf.if %v339 -> (memref<?xi64>, memref<6xi64>) {
    %v340 = arith.cmpi eq, %x, %i4 : i64
    %v365 = scf.if %v340 -> (memref<?xi64, strided<[?], offset: ?>>) {
      %v345 = memref.alloc() : memref<5xi64>
      %v349 = memref.cast %v345 : memref<5xi64> to memref<?xi64, strided<[?], offset: ?>>
      scf.yield %v349 : memref<?xi64, strided<[?], offset: ?>>
    } else {
      %v359 = memref.alloc() : memref<4xi64>
      %v364 = memref.cast %v359 : memref<4xi64> to memref<?xi64, strided<[?], offset: ?>>
      scf.yield %v364 : memref<?xi64, strided<[?], offset: ?>>
    }
    %v369 = memref.cast %arg1 : memref<4xi64> to memref<?xi64>
    %v370 = memref.alloc() : memref<6xi64>
    scf.yield %v369, %v370 : memref<?xi64>, memref<6xi64>
  } else {
    %v375 = memref.cast %arg1 : memref<4xi64> to memref<?xi64>
    %v376 = memref.alloc() : memref<6xi64>
    scf.yield %v375, %v376 : memref<?xi64>, memref<6xi64>
  }
  cf.br ^bb12
^bb11:
  cf.br ^bb12
^bb12:
  return %arg0 : memref<?x?xi64>
}
func.func @main() {
  return
}

// Details:
//   cannot tell which buffer this ownership indicator owns; the lowering needs the indicators in the order hlo-deallocate produces
