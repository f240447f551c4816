// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from cf_tensors.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<[4.000000e+01, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<4xf32>) {
    %cast = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @pingpong(%arg0: memref<4xf32>, %arg1: f32) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e-01 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %arg0, %alloc_0 : memref<4xf32> to memref<4xf32>
    %0:2 = scf.while (%arg2 = %alloc, %arg3 = %alloc_0) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
      %cast = memref.cast %arg2 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      %cast_1 = memref.cast %arg2 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      %1 = memref.load %cast_1[%c0] : memref<4xf32, strided<[?], offset: ?>>
      %2 = arith.cmpf olt, %1, %arg1 : f32
      %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      memref.copy %cast, %alloc_2 : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
      %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      memref.copy %arg3, %alloc_3 : memref<4xf32> to memref<4xf32>
      scf.condition(%2) %alloc_2, %alloc_3 : memref<4xf32>, memref<4xf32>
    } do {
    ^bb0(%arg2: memref<4xf32>, %arg3: memref<4xf32>):
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg2, %arg3 : memref<4xf32>, memref<4xf32>) outs(%alloc_1 : memref<4xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %1 = arith.addf %in, %in_2 : f32
        %cst_3 = arith.constant 1.000000e+00 : f32
        %2 = arith.addf %1, %cst_3 : f32
        linalg.yield %2 : f32
      }
      scf.yield %alloc_1, %arg2 : memref<4xf32>, memref<4xf32>
    }
    return %0#1 : memref<4xf32>
  }
  func.func @cfg(%arg0: memref<4xf32>, %arg1: index) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%c0, %arg0 : index, memref<4xf32>)
  ^bb1(%0: index, %1: memref<4xf32>):  // 3 preds: ^bb0, ^bb2, ^bb3
    %2 = arith.cmpi uge, %0, %arg1 : index
    cf.cond_br %2, ^bb4(%1 : memref<4xf32>), ^bb2
  ^bb2:  // pred: ^bb1
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %cst = arith.constant 2.000000e+00 : f32
    linalg.map ins(%1 : memref<4xf32>) outs(%alloc : memref<4xf32>)
      (%in: f32, %init: f32) {
        %7 = arith.mulf %in, %cst : f32
        linalg.yield %7 : f32
      }
    %3 = arith.addi %0, %c1 : index
    %c2 = arith.constant 2 : index
    %4 = arith.remui %0, %c2 : index
    %5 = arith.cmpi ne, %4, %c0 : index
    cf.cond_br %5, ^bb3, ^bb1(%3, %alloc : index, memref<4xf32>)
  ^bb3:  // pred: ^bb2
    cf.br ^bb1(%3, %1 : index, memref<4xf32>)
  ^bb4(%6: memref<4xf32>):  // pred: ^bb1
    return %6 : memref<4xf32>
  }
  func.func @switch(%arg0: memref<4xf32>, %arg1: index) -> memref<4xf32> {
    %0 = scf.index_switch %arg1 -> memref<4xf32, strided<[?], offset: ?>> 
    case 0 {
      %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      %cst = arith.constant 7.000000e+00 : f32
      linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<4xf32>)
      %cast = memref.cast %alloc_0 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast : memref<4xf32, strided<[?], offset: ?>>
    }
    case 1 {
      %cast = memref.cast %arg0 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast : memref<4xf32, strided<[?], offset: ?>>
    }
    default {
      %c2 = arith.constant 2 : index
      %cst = arith.constant 9.000000e+00 : f32
      memref.store %cst, %arg0[%c2] : memref<4xf32>
      %cast = memref.cast %arg0 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast : memref<4xf32, strided<[?], offset: ?>>
    }
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
    return %alloc : memref<4xf32>
  }
  func.func @rec(%arg0: memref<4xf32>) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg0[%c0] : memref<4xf32>
    %cst = arith.constant 2.000000e+00 : f32
    %1 = arith.cmpf olt, %0, %cst : f32
    %2 = scf.if %1 -> (memref<4xf32>) {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      linalg.map ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>)
        (%in: f32, %init: f32) {
          %cst_0 = arith.constant 1.000000e+00 : f32
          %3 = arith.addf %in, %cst_0 : f32
          linalg.yield %3 : f32
        }
      scf.yield %alloc : memref<4xf32>
    } else {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      linalg.map ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>)
        (%in: f32, %init: f32) {
          %cst_0 = arith.constant 5.000000e-01 : f32
          %4 = arith.mulf %in, %cst_0 : f32
          linalg.yield %4 : f32
        }
      %3 = func.call @rec(%alloc) : (memref<4xf32>) -> memref<4xf32>
      scf.yield %3 : memref<4xf32>
    }
    return %2 : memref<4xf32>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %cst = arith.constant 5.000000e+01 : f32
    %1 = call @pingpong(%0, %cst) : (memref<4xf32>, f32) -> memref<4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %1, %alloc : memref<4xf32> to memref<4xf32>
    call @show(%alloc) : (memref<4xf32>) -> ()
    %2 = call @cfg(%1, %c3) : (memref<4xf32>, index) -> memref<4xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %2, %alloc_0 : memref<4xf32> to memref<4xf32>
    call @show(%alloc_0) : (memref<4xf32>) -> ()
    scf.for %arg0 = %c0 to %c3 step %c1 {
      %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      memref.copy %2, %alloc_2 : memref<4xf32> to memref<4xf32>
      %5 = func.call @switch(%alloc_2, %arg0) : (memref<4xf32>, index) -> memref<4xf32>
      func.call @show(%5) : (memref<4xf32>) -> ()
    }
    %3 = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %3, %alloc_1 : memref<4xf32> to memref<4xf32>
    %4 = call @rec(%alloc_1) : (memref<4xf32>) -> memref<4xf32>
    call @show(%4) : (memref<4xf32>) -> ()
    call @show(%2) : (memref<4xf32>) -> ()
    return
  }
}

