// RUN: dealloc-opt %s --split-input-file

// linalg.generic on memrefs: maps, iterator types, linalg.index, trailing attrs.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @generic_memref(%v: memref<8xf32>, %m: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%v : memref<8xf32>) outs(%m : memref<4x8xf32>) attrs = {foo = 1} {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// linalg.generic on tensors with a reduction, doc and library_call, block args renamed.
func.func @generic_tensor(%a: tensor<4x8xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"], library_call = "sum_rows", doc = "row sums"} ins(%a : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// linalg.generic with two inputs (names in, in_0), only outs, and no ins.
func.func @generic_names(%a: memref<4xi32>, %b: memref<4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%a : memref<4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %s = arith.muli %x, %y : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%b : memref<4xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  }
  return
}

// -----

// Named ops on memrefs: fill, copy, element-wise binary and unary ops.
func.func @named_elementwise(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: f32) {
  linalg.fill ins(%c : f32) outs(%a : memref<4x4xf32>)
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  linalg.add ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.sub ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.mul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.div ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.max ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.min ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.negf ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  return
}

// -----

// Named ops with attributes before and after the operands; integer elements.
func.func @named_attrs(%a: memref<4xi64>, %c: i64) {
  linalg.fill {foo} ins(%c : i64) outs(%a : memref<4xi64>)
  linalg.add ins(%a, %a : memref<4xi64>, memref<4xi64>) outs(%a : memref<4xi64>) {bar = "x"}
  linalg.max ins(%a, %a : memref<4xi64>, memref<4xi64>) outs(%a : memref<4xi64>)
  return
}

// -----

// Contractions on memrefs: matmul (default and explicit maps), batch_matmul, matvec, vecmat, dot.
func.func @contractions(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>, %v: memref<8xf32>, %w: memref<4xf32>, %s: memref<f32>, %bm: memref<2x4x4xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%b, %b : memref<8x4xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>)
  linalg.batch_matmul ins(%bm, %bm : memref<2x4x4xf32>, memref<2x4x4xf32>) outs(%bm : memref<2x4x4xf32>)
  linalg.matvec ins(%a, %v : memref<4x8xf32>, memref<8xf32>) outs(%w : memref<4xf32>)
  linalg.vecmat ins(%w, %a : memref<4xf32>, memref<4x8xf32>) outs(%v : memref<8xf32>)
  linalg.dot ins(%v, %v : memref<8xf32>, memref<8xf32>) outs(%s : memref<f32>)
  return
}

// -----

// Named ops on tensors return their outputs.
func.func @named_tensors(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.add ins(%m, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
  %cst = arith.constant 1.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%s : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}

// -----

// transpose and broadcast, on memrefs and on tensors (results named transposed, broadcasted).
func.func @transpose_broadcast(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %v: memref<8xf32>, %t: tensor<4x8xf32>, %u: tensor<8x4xf32>, %tv: tensor<8xf32>) -> (tensor<8x4xf32>, tensor<4x8xf32>) {
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%b : memref<8x4xf32>) permutation = [1, 0]
  linalg.broadcast ins(%v : memref<8xf32>) outs(%a : memref<4x8xf32>) dimensions = [0] {foo}
  %0 = linalg.transpose ins(%t : tensor<4x8xf32>) outs(%u : tensor<8x4xf32>) permutation = [1, 0]
  %1 = linalg.broadcast ins(%tv : tensor<8xf32>) outs(%t : tensor<4x8xf32>) dimensions = [0]
  return %0, %1 : tensor<8x4xf32>, tensor<4x8xf32>
}

// -----

// linalg.map: explicit body, short form (with and without fastmath), attributes.
func.func @map(%a: memref<4xf32>, %b: memref<4xf32>, %i: memref<4xi32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  linalg.map ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%a : memref<4xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %0 = arith.addf %y, %x : f32
      linalg.yield %0 : f32
    }
  linalg.map ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%a : memref<4xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %0 = arith.mulf %x, %y fastmath<fast> : f32
      linalg.yield %0 : f32
    }
  linalg.map { arith.subf } ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>) {foo}
  linalg.map { arith.addi } ins(%i, %i : memref<4xi32>, memref<4xi32>) outs(%i : memref<4xi32>)
  %r = linalg.map { arith.negf } ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>)
  return %r : tensor<4xf32>
}

// -----

// linalg.reduce: explicit body, short form (init first), tensors.
func.func @reduce(%a: memref<4x8xf32>, %v: memref<8xf32>, %t: tensor<4x8xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%v : memref<8xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  linalg.reduce { arith.maximumf } ins(%a : memref<4x8xf32>) outs(%v : memref<8xf32>) dimensions = [0]
  %r = linalg.reduce ins(%t : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.maximumf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<4xf32>
}

// -----

// Named ops written in generic form print in custom form.
func.func @from_generic(%a: memref<4x4xf32>, %c: f32) {
  "linalg.fill"(%c, %a) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (f32, memref<4x4xf32>) -> ()
  "linalg.generic"(%a) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%x: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (memref<4x4xf32>) -> ()
  return
}

// -----

// linalg.elementwise: arith kinds, default and broadcasting maps, attributes, tensors.
func.func @elementwise(%a: memref<4x4xf32>, %v: memref<4xf32>, %i: memref<4xi32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<max_signed> ins(%i, %i : memref<4xi32>, memref<4xi32>) outs(%i : memref<4xi32>) {foo}
  linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%v : memref<4xf32>) outs(%v : memref<4xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<mul> indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%v, %a : memref<4xf32>, memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  %r = linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// linalg.conv_2d_nhwc_hwcf with default and explicit strides and dilations.
func.func @conv(%i: memref<1x6x6x2xf32>, %f: memref<3x3x2x4xf32>, %o: memref<1x4x4x4xf32>, %o2: memref<1x2x2x4xf32>) {
  linalg.conv_2d_nhwc_hwcf ins(%i, %f : memref<1x6x6x2xf32>, memref<3x3x2x4xf32>) outs(%o : memref<1x4x4x4xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 2]> : vector<2xi64>} ins(%i, %f : memref<1x6x6x2xf32>, memref<3x3x2x4xf32>) outs(%o2 : memref<1x2x2x4xf32>)
  return
}

// -----

// linalg.conv_2d_nchw_fchw with strides and dilations, on memrefs and tensors.
func.func @conv_nchw(%i: memref<1x2x7x6xf32>, %f: memref<3x2x2x2xf32>, %o: memref<1x3x3x3xf32>, %t: tensor<1x2x4x4xf32>, %tf: tensor<2x2x2x2xf32>, %to: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %f : memref<1x2x7x6xf32>, memref<3x2x2x2xf32>) outs(%o : memref<1x3x3x3xf32>)
  %r = linalg.conv_2d_nchw_fchw ins(%t, %tf : tensor<1x2x4x4xf32>, tensor<2x2x2x2xf32>) outs(%to : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %s = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%t, %tf : tensor<1x2x4x4xf32>, tensor<2x2x2x2xf32>) outs(%r : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %s : tensor<1x2x2x2xf32>
}
