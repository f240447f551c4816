// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

// Operand count does not match the indexing maps.
func.func @f(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A map whose results do not match the operand rank.
func.func @f(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand #0 rank (1) to match the result rank of indexing_map (2)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Maps with fewer dims than loops.
func.func @f(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected indexing_map #0 to have 2 dim(s) to match the number of loops}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Too few body arguments.
func.func @f(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A body argument of the wrong element type.
func.func @f(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of bb argument #1 ('i32') to match element or self type of the corresponding operand ('f32')}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: i32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Shapes that disagree on a loop size.
func.func @f(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error @+1 {{'linalg.copy' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<5xf32>)
  return
}

// -----

// A tensor output without its result.
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.copy' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.copy ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>)
  return
}

// -----

// Tensors mixed with memrefs.
func.func @f(%a: tensor<4x4xf32>, %m: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.matmul' op expected to have pure tensor or buffer semantics}}
  %r = linalg.matmul ins(%m, %m : memref<4x4xf32>, memref<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

// linalg.index beyond the loops.
func.func @f(%a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %x : f32
  }
  return
}

// -----

// Too many yielded values.
func.func @f(%a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %x : f32, f32
  }
  return
}

// -----

// A yielded value of the wrong type.
func.func @f(%a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c = arith.constant 0 : i32
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i32
  }
  return
}

// -----

// linalg.index outside a structured op.
func.func @f() {
  // expected-error @+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %c = linalg.index 0 : index
  return
}

// -----

// A permutation that is not one.
func.func @f(%a: memref<4x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  linalg.transpose ins(%a : memref<4x4xf32>) outs(%a : memref<4x4xf32>) permutation = [1, 1]
  return
}

// -----

// A named op whose operands do not fit its implicit body (reported at the next token).
func.func @f(%a: memref<4x4xf32>) {
  // expected-error @+2 {{custom op 'linalg.matmul' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  linalg.matmul ins(%a : memref<4x4xf32>) outs(%a : memref<4x4xf32>)
  return
}

// -----

// A convolution whose input is smaller than its window (the 3x3 filter needs 3 rows).
func.func @f(%i: memref<1x2x2x1xf32>, %k: memref<3x3x1x1xf32>, %o: memref<1x1x1x1xf32>) {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 3, but found 2}}
  linalg.conv_2d_nhwc_hwcf ins(%i, %k : memref<1x2x2x1xf32>, memref<3x3x1x1xf32>) outs(%o : memref<1x1x1x1xf32>)
  return
}

// -----

// A strided NCHW convolution whose output needs more input columns than there are:
// (2 - 1) * 2 + 3 = 5 > 4.
func.func @f(%i: memref<1x1x5x4xf32>, %k: memref<1x1x3x3xf32>, %o: memref<1x1x2x2xf32>) {
  // expected-error @+1 {{'linalg.conv_2d_nchw_fchw' op inferred input/output operand #0 has shape's dimension #3 to be greater than or equal to 5, but found 4}}
  linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %k : memref<1x1x5x4xf32>, memref<1x1x3x3xf32>) outs(%o : memref<1x1x2x2xf32>)
  return
}

// -----

// A dilated window that reaches past the input: (2 - 1) + (2 - 1) * 2 + 1 = 4 > 3.
func.func @f(%i: tensor<1x3x3x1xf32>, %k: tensor<2x2x1x1xf32>, %o: tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{has shape's dimension #1 to be greater than or equal to 4, but found 3}}
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>} ins(%i, %k : tensor<1x3x3x1xf32>, tensor<2x2x1x1xf32>) outs(%o : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  return %r : tensor<1x2x2x1xf32>
}

// -----

// A generic whose map reads below index 0.
#shifted = affine_map<(d0) -> (d0 - 1)>
#id = affine_map<(d0) -> (d0)>
func.func @f(%i: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (d0 - 1)}}
  linalg.generic {indexing_maps = [#shifted, #id], iterator_types = ["parallel"]} ins(%i : memref<4xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A generic whose loop d1 no operand dimension sizes.
#sum = affine_map<(d0, d1) -> (d0 + d1)>
#first = affine_map<(d0, d1) -> (d0)>
func.func @f(%i: memref<5xf32>, %o: memref<3xf32>) {
  // expected-error @+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0 + d1, d0))}}
  linalg.generic {indexing_maps = [#sum, #first], iterator_types = ["parallel", "reduction"]} ins(%i : memref<5xf32>) outs(%o : memref<3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A named op in generic form with no operands and no indexing maps (found by `cargo xtask
// fuzz-generic --seed 77000`; it panicked here, and `mlir-opt-22` crashes on it after the same
// error).
func.func @f() {
  // expected-error @+1 {{'linalg.matmul' op invalid indexing maps are non-invertible: (() -> ())}}
  "linalg.matmul"() ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %c : f32
  }) {indexing_maps = [], operandSegmentSizes = array<i32: 0, 0>} : () -> ()
  return
}
