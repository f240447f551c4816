// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from control_flow.tensor.mlir by bufferize.sh; do not edit.

#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @smooth(%arg0: memref<6xf32>, %arg1: index) -> memref<6xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 5.000000e-01 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (memref<6xf32>) {
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg3 : memref<6xf32>) outs(%alloc : memref<6xf32>) {
      ^bb0(%in: f32, %out: f32):
        %1 = linalg.index 0 : index
        %2 = arith.index_cast %1 : index to i32
        %3 = arith.sitofp %2 : i32 to f32
        %4 = arith.mulf %in, %cst : f32
        %5 = arith.addf %4, %3 : f32
        linalg.yield %5 : f32
      }
      %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
      memref.copy %alloc, %alloc_0 : memref<6xf32> to memref<6xf32>
      scf.yield %alloc_0 : memref<6xf32>
    }
    return %0 : memref<6xf32>
  }
  func.func @pick(%arg0: memref<6xf32>, %arg1: memref<6xf32>, %arg2: i1) -> memref<6xf32> {
    %0 = scf.if %arg2 -> (memref<6xf32>) {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
      linalg.add ins(%arg0, %arg1 : memref<6xf32>, memref<6xf32>) outs(%alloc : memref<6xf32>)
      scf.yield %alloc : memref<6xf32>
    } else {
      scf.yield %arg1 : memref<6xf32>
    }
    return %0 : memref<6xf32>
  }
  func.func @grow(%arg0: memref<6xf32>, %arg1: f32) -> memref<6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.while (%arg2 = %arg0) : (memref<6xf32>) -> memref<6xf32> {
      %cast = memref.cast %arg2 : memref<6xf32> to memref<6xf32, strided<[?], offset: ?>>
      %cast_0 = memref.cast %arg2 : memref<6xf32> to memref<6xf32, strided<[?], offset: ?>>
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
      linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
      linalg.reduce { arith.addf } ins(%cast_0 : memref<6xf32, strided<[?], offset: ?>>) outs(%alloc : memref<f32>) dimensions = [0] 
      %1 = memref.load %alloc[] : memref<f32>
      %2 = arith.cmpf olt, %1, %arg1 : f32
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
      memref.copy %cast, %alloc_1 : memref<6xf32, strided<[?], offset: ?>> to memref<6xf32>
      scf.condition(%2) %alloc_1 : memref<6xf32>
    } do {
    ^bb0(%arg2: memref<6xf32>):
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
      linalg.add ins(%arg2, %arg2 : memref<6xf32>, memref<6xf32>) outs(%alloc : memref<6xf32>)
      scf.yield %alloc : memref<6xf32>
    }
    return %0 : memref<6xf32>
  }
  func.func @show(%arg0: memref<6xf32>) {
    %cast = memref.cast %arg0 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %c3 = arith.constant 3 : index
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc : memref<6xf32> to memref<6xf32>
    %1 = call @smooth(%alloc, %c3) : (memref<6xf32>, index) -> memref<6xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %1, %alloc_0 : memref<6xf32> to memref<6xf32>
    call @show(%alloc_0) : (memref<6xf32>) -> ()
    %true = arith.constant true
    %false = arith.constant false
    %2 = call @pick(%1, %0, %true) : (memref<6xf32>, memref<6xf32>, i1) -> memref<6xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %2, %alloc_1 : memref<6xf32> to memref<6xf32>
    %3 = call @pick(%1, %0, %false) : (memref<6xf32>, memref<6xf32>, i1) -> memref<6xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %3, %alloc_2 : memref<6xf32> to memref<6xf32>
    call @show(%alloc_1) : (memref<6xf32>) -> ()
    call @show(%alloc_2) : (memref<6xf32>) -> ()
    %cst = arith.constant 5.000000e+02 : f32
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc_3 : memref<6xf32> to memref<6xf32>
    %4 = call @grow(%alloc_3, %cst) : (memref<6xf32>, f32) -> memref<6xf32>
    call @show(%4) : (memref<6xf32>) -> ()
    return
  }
}

