// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from kv_cache.tensor.mlir by bufferize.sh; do not edit.

module {
  memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<4x2xf32>) {
    %cast = memref.cast %arg0 : memref<4x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @show_dyn(%arg0: memref<?x2xf32>) {
    %cast = memref.cast %arg0 : memref<?x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @show_vec(%arg0: memref<6xf32>) {
    %cast = memref.cast %arg0 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @key(%arg0: index) -> memref<1x2xf32> {
    %0 = arith.index_cast %arg0 : index to i32
    %1 = arith.sitofp %0 : i32 to f32
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %2 = arith.mulf %1, %cst : f32
    %3 = arith.subf %cst_0, %2 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x2xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    memref.store %1, %alloc[%c0, %c0] : memref<1x2xf32>
    memref.store %3, %alloc[%c0, %c1] : memref<1x2xf32>
    return %alloc : memref<1x2xf32>
  }
  func.func @rotating(%arg0: index) -> (memref<4x2xf32>, memref<6xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4x2xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<6xf32>)
    %0 = memref.get_global @__constant_2xf32 : memref<2xf32>
    %1:2 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %alloc, %arg3 = %alloc_0) -> (memref<4x2xf32>, memref<6xf32>) {
      %2 = func.call @key(%arg1) : (index) -> memref<1x2xf32>
      %3 = arith.remui %arg1, %c4 : index
      %subview = memref.subview %arg2[%3, 0] [1, 2] [1, 1] : memref<4x2xf32> to memref<1x2xf32, strided<[2, 1], offset: ?>>
      memref.copy %2, %subview : memref<1x2xf32> to memref<1x2xf32, strided<[2, 1], offset: ?>>
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<4xf32>)
      linalg.matvec ins(%arg2, %0 : memref<4x2xf32>, memref<2xf32>) outs(%alloc_1 : memref<4xf32>)
      %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<f32>
      linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<f32>)
      linalg.reduce { arith.addf } ins(%alloc_1 : memref<4xf32>) outs(%alloc_2 : memref<f32>) dimensions = [0] 
      %4 = memref.load %alloc_2[] : memref<f32>
      memref.store %4, %arg3[%arg1] : memref<6xf32>
      scf.yield %arg2, %arg3 : memref<4x2xf32>, memref<6xf32>
    }
    return %1#0, %1#1 : memref<4x2xf32>, memref<6xf32>
  }
  func.func @growing(%arg0: index) -> memref<?x2xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc(%c0) {alignment = 64 : i64} : memref<?x2xf32>
    %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %alloc) -> (memref<?x2xf32>) {
      %cast = memref.cast %arg2 : memref<?x2xf32> to memref<?x2xf32, strided<[?, ?], offset: ?>>
      %dim = memref.dim %cast, %c0 : memref<?x2xf32, strided<[?, ?], offset: ?>>
      %1 = arith.addi %dim, %c1 : index
      %alloc_0 = memref.alloc(%1) {alignment = 64 : i64} : memref<?x2xf32>
      %subview = memref.subview %alloc_0[0, 0] [%dim, 2] [1, 1] : memref<?x2xf32> to memref<?x2xf32, strided<[2, 1]>>
      memref.copy %arg2, %subview : memref<?x2xf32> to memref<?x2xf32, strided<[2, 1]>>
      %2 = func.call @key(%arg1) : (index) -> memref<1x2xf32>
      %subview_1 = memref.subview %alloc_0[%dim, 0] [1, 2] [1, 1] : memref<?x2xf32> to memref<1x2xf32, strided<[2, 1], offset: ?>>
      memref.copy %2, %subview_1 : memref<1x2xf32> to memref<1x2xf32, strided<[2, 1], offset: ?>>
      scf.yield %alloc_0 : memref<?x2xf32>
    }
    return %0 : memref<?x2xf32>
  }
  func.func @main() {
    %c6 = arith.constant 6 : index
    %0:2 = call @rotating(%c6) : (index) -> (memref<4x2xf32>, memref<6xf32>)
    call @show(%0#0) : (memref<4x2xf32>) -> ()
    call @show_vec(%0#1) : (memref<6xf32>) -> ()
    %c5 = arith.constant 5 : index
    %1 = call @growing(%c5) : (index) -> memref<?x2xf32>
    call @show_dyn(%1) : (memref<?x2xf32>) -> ()
    return
  }
}

