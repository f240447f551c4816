// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Every named op on memrefs, checked by execution (interpreter and mlir-runner-22 must print the
// same): inputs are made by linalg.generic from linalg.index, so each element differs.
func.func private @printMemrefF32(memref<*xf32>)

func.func @iota(%m: memref<3x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%m : memref<3x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %k = arith.muli %i, %c4 : index
    %l = arith.addi %k, %j : index
    %n = arith.index_cast %l : index to i32
    %f = arith.sitofp %n : i32 to f32
    %half = arith.constant 0.5 : f32
    %g = arith.subf %f, %half : f32
    linalg.yield %g : f32
  }
  return
}

func.func @show(%m: memref<3x4xf32>) {
  %u = memref.cast %m : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = memref.alloc() : memref<3x4xf32>
  %b = memref.alloc() : memref<3x4xf32>
  %c = memref.alloc() : memref<3x4xf32>
  call @iota(%a) : (memref<3x4xf32>) -> ()
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%b : memref<3x4xf32>)
  linalg.add ins(%a, %b : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.sub ins(%a, %b : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.mul ins(%a, %a : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.div ins(%a, %b : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.max ins(%a, %b : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.min ins(%a, %b : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.negf ins(%a : memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.copy ins(%a : memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.map { arith.mulf } ins(%a, %c : memref<3x4xf32>, memref<3x4xf32>) outs(%b : memref<3x4xf32>)
  call @show(%b) : (memref<3x4xf32>) -> ()
  %row = memref.alloc() : memref<4xf32>
  %three = arith.constant 3.0 : f32
  linalg.fill ins(%three : f32) outs(%row : memref<4xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<div> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%a, %row : memref<3x4xf32>, memref<4xf32>) outs(%c : memref<3x4xf32>)
  call @show(%c) : (memref<3x4xf32>) -> ()
  linalg.elementwise kind=#linalg.elementwise_kind<max_signed> ins(%a, %c : memref<3x4xf32>, memref<3x4xf32>) outs(%b : memref<3x4xf32>)
  call @show(%b) : (memref<3x4xf32>) -> ()
  memref.dealloc %row : memref<4xf32>
  memref.dealloc %a : memref<3x4xf32>
  memref.dealloc %b : memref<3x4xf32>
  memref.dealloc %c : memref<3x4xf32>
  return
}

// -----

// Contractions, transpose, broadcast and reduce on memrefs; a view (subview) as an operand.
func.func private @printMemrefF32(memref<*xf32>)

func.func @iota(%m: memref<3x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%m : memref<3x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.subi %j, %i : index
    %n = arith.index_cast %k : index to i32
    %f = arith.sitofp %n : i32 to f32
    linalg.yield %f : f32
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<3x4xf32>
  call @iota(%a) : (memref<3x4xf32>) -> ()
  %t = memref.alloc() : memref<4x3xf32>
  linalg.transpose ins(%a : memref<3x4xf32>) outs(%t : memref<4x3xf32>) permutation = [1, 0]
  %p = memref.alloc() : memref<3x3xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%p : memref<3x3xf32>)
  linalg.matmul ins(%a, %t : memref<3x4xf32>, memref<4x3xf32>) outs(%p : memref<3x3xf32>)
  %pu = memref.cast %p : memref<3x3xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %v = memref.alloc() : memref<4xf32>
  %one = arith.constant 1.5 : f32
  linalg.fill ins(%one : f32) outs(%v : memref<4xf32>)
  %y = memref.alloc() : memref<3xf32>
  linalg.fill ins(%zero : f32) outs(%y : memref<3xf32>)
  linalg.matvec ins(%a, %v : memref<3x4xf32>, memref<4xf32>) outs(%y : memref<3xf32>)
  %yu = memref.cast %y : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  linalg.fill ins(%zero : f32) outs(%v : memref<4xf32>)
  linalg.vecmat ins(%y, %a : memref<3xf32>, memref<3x4xf32>) outs(%v : memref<4xf32>)
  %vu = memref.cast %v : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  %s = memref.alloc() : memref<f32>
  linalg.fill ins(%zero : f32) outs(%s : memref<f32>)
  linalg.dot ins(%v, %v : memref<4xf32>, memref<4xf32>) outs(%s : memref<f32>)
  %su = memref.cast %s : memref<f32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<2x3x4xf32>
  linalg.broadcast ins(%a : memref<3x4xf32>) outs(%b : memref<2x3x4xf32>) dimensions = [0]
  %bt = memref.alloc() : memref<2x4x3xf32>
  linalg.transpose ins(%b : memref<2x3x4xf32>) outs(%bt : memref<2x4x3xf32>) permutation = [0, 2, 1]
  %bp = memref.alloc() : memref<2x3x3xf32>
  linalg.fill ins(%one : f32) outs(%bp : memref<2x3x3xf32>)
  linalg.batch_matmul ins(%b, %bt : memref<2x3x4xf32>, memref<2x4x3xf32>) outs(%bp : memref<2x3x3xf32>)
  %bpu = memref.cast %bp : memref<2x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%bpu) : (memref<*xf32>) -> ()
  %cols = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%cols : memref<4xf32>)
  linalg.reduce ins(%a : memref<3x4xf32>) outs(%cols : memref<4xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %m = arith.addf %in, %init : f32
      linalg.yield %m : f32
    }
  %cu = memref.cast %cols : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %sub = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %sq = memref.alloc() : memref<2x2xf32>
  linalg.copy ins(%sub : memref<2x2xf32, strided<[4, 1], offset: 5>>) outs(%sq : memref<2x2xf32>)
  %squ = memref.cast %sq : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%squ) : (memref<*xf32>) -> ()
  return
}

// -----

// A 2-D convolution (NHWC input, HWCF filter), unit strides and strides of 2: the input map
// has compound expressions, so its loop ranges come from the filter and the output.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %in = memref.alloc() : memref<1x5x5x1xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%in : memref<1x5x5x1xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c5 = arith.constant 5 : index
    %k = arith.muli %i, %c5 : index
    %l = arith.addi %k, %j : index
    %n = arith.index_cast %l : index to i32
    %f = arith.sitofp %n : i32 to f32
    linalg.yield %f : f32
  }
  %filter = memref.alloc() : memref<3x3x1x2xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%filter : memref<3x3x1x2xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %f = linalg.index 3 : index
    %s = arith.addi %i, %f : index
    %n = arith.index_cast %s : index to i32
    %v = arith.sitofp %n : i32 to f32
    linalg.yield %v : f32
  }
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<1x3x3x2xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<1x3x3x2xf32>)
  linalg.conv_2d_nhwc_hwcf ins(%in, %filter : memref<1x5x5x1xf32>, memref<3x3x1x2xf32>) outs(%out : memref<1x3x3x2xf32>)
  %ou = memref.cast %out : memref<1x3x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  %out2 = memref.alloc() : memref<1x2x2x2xf32>
  linalg.fill ins(%zero : f32) outs(%out2 : memref<1x2x2x2xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %filter : memref<1x5x5x1xf32>, memref<3x3x1x2xf32>) outs(%out2 : memref<1x2x2x2xf32>)
  %o2u = memref.cast %out2 : memref<1x2x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%o2u) : (memref<*xf32>) -> ()
  return
}
