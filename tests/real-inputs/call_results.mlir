// RUN: dealloc-opt %s --buffer-deallocation-pipeline
// Bufferized from call_results.tensor.mlir by bufferize.sh; do not edit.

module {
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @show(%arg0: memref<?xf32>) {
    %cast = memref.cast %arg0 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @maybe_fresh(%arg0: memref<?xf32>, %arg1: i1) -> memref<?xf32> {
    %0 = scf.if %arg1 -> (memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %dim = memref.dim %arg0, %c0 : memref<?xf32>
      %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
      linalg.map ins(%arg0 : memref<?xf32>) outs(%alloc : memref<?xf32>)
        (%in: f32, %init: f32) {
          %cst = arith.constant 3.000000e+00 : f32
          %1 = arith.addf %in, %cst : f32
          linalg.yield %1 : f32
        }
      scf.yield %alloc : memref<?xf32>
    } else {
      scf.yield %arg0 : memref<?xf32>
    }
    return %0 : memref<?xf32>
  }
  func.func @reshape(%arg0: memref<6xf32>) -> memref<?xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce ins(%expand_shape : memref<2x3xf32>) outs(%alloc : memref<3xf32>) dimensions = [0] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    %cast = memref.cast %alloc : memref<3xf32> to memref<?xf32>
    return %cast : memref<?xf32>
  }
  func.func @nested(%arg0: memref<?xf32>, %arg1: index) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %c0) : (memref<?xf32>, index) -> (memref<?xf32>, index) {
      %1 = arith.cmpi ult, %arg3, %arg1 : index
      %c0_0 = arith.constant 0 : index
      %dim = memref.dim %arg2, %c0_0 : memref<?xf32>
      %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
      memref.copy %arg2, %alloc : memref<?xf32> to memref<?xf32>
      scf.condition(%1) %alloc, %arg3 : memref<?xf32>, index
    } do {
    ^bb0(%arg2: memref<?xf32>, %arg3: index):
      %1 = scf.for %arg4 = %c0 to %c2 step %c1 iter_args(%arg5 = %arg2) -> (memref<?xf32>) {
        %3 = arith.remui %arg4, %c2 : index
        %4 = arith.cmpi eq, %3, %c0 : index
        %5 = arith.cmpi eq, %arg3, %c1 : index
        %6 = arith.andi %4, %5 : i1
        %7 = func.call @maybe_fresh(%arg5, %6) : (memref<?xf32>, i1) -> memref<?xf32>
        scf.yield %7 : memref<?xf32>
      }
      %2 = arith.addi %arg3, %c1 : index
      scf.yield %1, %2 : memref<?xf32>, index
    }
    return %0#0 : memref<?xf32>
  }
  func.func @main() {
    %c3 = arith.constant 3 : index
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %1 = call @reshape(%0) : (memref<6xf32>) -> memref<?xf32>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %1, %c0 : memref<?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %1, %alloc : memref<?xf32> to memref<?xf32>
    call @show(%alloc) : (memref<?xf32>) -> ()
    %2 = call @nested(%1, %c3) : (memref<?xf32>, index) -> memref<?xf32>
    %c0_0 = arith.constant 0 : index
    %dim_1 = memref.dim %2, %c0_0 : memref<?xf32>
    %alloc_2 = memref.alloc(%dim_1) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %2, %alloc_2 : memref<?xf32> to memref<?xf32>
    call @show(%alloc_2) : (memref<?xf32>) -> ()
    %true = arith.constant true
    %3 = call @maybe_fresh(%2, %true) : (memref<?xf32>, i1) -> memref<?xf32>
    %c0_3 = arith.constant 0 : index
    %dim_4 = memref.dim %3, %c0_3 : memref<?xf32>
    %alloc_5 = memref.alloc(%dim_4) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %3, %alloc_5 : memref<?xf32> to memref<?xf32>
    %4 = scf.execute_region -> memref<?xf32> {
      %c0_6 = arith.constant 0 : index
      %cst = arith.constant 1.100000e+01 : f32
      %c0_7 = arith.constant 0 : index
      %dim_8 = memref.dim %alloc_5, %c0_7 : memref<?xf32>
      %alloc_9 = memref.alloc(%dim_8) {alignment = 64 : i64} : memref<?xf32>
      memref.copy %alloc_5, %alloc_9 : memref<?xf32> to memref<?xf32>
      memref.store %cst, %alloc_9[%c0_6] : memref<?xf32>
      scf.yield %alloc_9 : memref<?xf32>
    }
    call @show(%4) : (memref<?xf32>) -> ()
    call @show(%alloc_5) : (memref<?xf32>) -> ()
    call @show(%2) : (memref<?xf32>) -> ()
    return
  }
}

