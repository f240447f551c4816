// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

func.func @case0(%t: tensor<2xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are cast incompatible}}
  %a = tensor.cast %t : tensor<2xf32> to tensor<3xf32>
  return
}

// -----

func.func @case1(%t: tensor<2xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2xi32>' are cast incompatible}}
  %a = tensor.cast %t : tensor<2xf32> to tensor<2xi32>
  return
}

// -----

func.func @case2(%t: tensor<2x2xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %a = tensor.extract %t[%i] : tensor<2x2xf32>
  return
}

// -----

func.func @case3(%t: tensor<2x2xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %a = tensor.insert %v into %t[%i] : tensor<2x2xf32>
  return
}

// -----

func.func @case4(%v: f32) {
  // expected-error @+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
  %a = tensor.from_elements %v, %v : tensor<3xf32>
  return
}

// -----

func.func @case5(%t: tensor<2x2xf32>, %v: f32) {
  // expected-error @+1 {{specified type 'tensor<5x4xf32>' does not match the inferred type 'tensor<4x4xf32>'}}
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<5x4xf32>
  return
}

// -----

func.func @case6(%t: tensor<2x2xf32>, %v: f32) {
  // expected-error @+1 {{expected the block to have 2 arguments}}
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%x: index):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @case7(%t: tensor<2x2xf32>, %v: f64) {
  // expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f64
  } : tensor<2x2xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @case8(%t: tensor<2x2xf32>, %v: f32) {
  // expected-error @+1 {{failed to infer expectedType from sourceType 'tensor<2x2xf32>', specified resultType is 'tensor<4x4xf32>'}}
  %p = tensor.pad %t low[1] high[1, 1] {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @case9(%n: index, %v: f32) {
  // expected-error @+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 2, expected 1}}
  %g = tensor.generate %n, %n {
  ^bb0(%x: index):
    tensor.yield %v : f32
  } : tensor<?xf32>
  return
}

// -----

func.func @case10(%n: index, %v: f32) {
  // expected-error @+1 {{must have one body argument per input dimension}}
  %g = tensor.generate %n {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f32
  } : tensor<?xf32>
  return
}

// -----

func.func @case11(%n: index, %v: f64) {
  // expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %g = tensor.generate %n {
  ^bb0(%x: index):
    tensor.yield %v : f64
  } : tensor<?xf32>
  return
}

// -----

func.func @case12(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %r = tensor.concat dim(1) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @case13(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tensor.concat' op result type 'tensor<5xf32>'does not match inferred shape 'tensor<4xf32>' static sizes}}
  %r = tensor.concat dim(0) %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @case14(%a: tensor<2xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<1x3xf32>' or a rank-reduced version. (size mismatch)}}
  %r = tensor.insert_slice %a into %b[0, 0] [1, 3] [1, 1] : tensor<2xf32> into tensor<4x4xf32>
  return
}

// -----

func.func @case15(%a: tensor<f32>, %c: index) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %r = tensor.dim %a, %c : tensor<f32>
  return
}

// -----

func.func @case16(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 16}}
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x4xf32> into tensor<15xf32>
  return
}

// -----

func.func @case17(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<2x2xf32>' or a rank-reduced version. (size mismatch)}}
  %c = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<3x2xf32>
  return
}

// -----

func.func @case18(%v: f32, %n: index) {
  // expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %a = tensor.splat %v : tensor<?xf32>
  return
}

// -----

func.func @case19(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %c = tensor.collapse_shape %a [[0], [1]] : tensor<4x4xf32> into tensor<16xf32>
  return
}

// -----

func.func @case20(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %c = tensor.collapse_shape %a [[1, 0]] : tensor<4x4xf32> into tensor<16xf32>
  return
}

// -----

func.func @case21(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 16}}
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x4xf32> into tensor<?xf32>
  return
}

// -----

func.func @case22(%a: tensor<16xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %c = tensor.expand_shape %a [[0, 1]] output_shape [4] : tensor<16xf32> into tensor<4x4xf32>
  return
}

// -----

func.func @case23(%a: tensor<16xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 20}}
  %c = tensor.expand_shape %a [[0, 1]] output_shape [4, 4] : tensor<16xf32> into tensor<4x5xf32>
  return
}

// -----

func.func @case24(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x4xf32> into tensor<16x1xf32>
  return
}

// -----

func.func @case25(%a: tensor<2xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'tensor.concat' op inputs and result element type must match}}
  %r = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<3xf64>) -> tensor<5xf32>
  return
}

// -----

func.func @case26(%a: tensor<2xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %r = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @case27(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %r = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @case28(%a: tensor<2x2xf32>, %v: f32) {
  // expected-error @+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %p = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%x: index, %y: i32):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @case29(%a: tensor<2x2xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{specified type 'tensor<4x?xf32>' does not match the inferred type 'tensor<4x4xf32>'}}
  %p = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<4x?xf32>
  return
}

// -----

func.func @case30(%n: index, %v: f32) {
  // expected-error @+1 {{all body arguments must be index}}
  %g = tensor.generate %n {
  ^bb0(%x: i32):
    tensor.yield %v : f32
  } : tensor<?xf32>
  return
}

// -----

func.func @case31(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
  %c = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<1x2x2xf32>
  return
}

// -----

func.func @case32(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %c = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf64>
  return
}

// -----

func.func @case33(%a: tensor<4x4xf32>, %i: index) {
  // expected-error @+1 {{expected type to be 'tensor<1x?xf32>' or a rank-reduced version. (size mismatch)}}
  %c = tensor.extract_slice %a[0, 0] [1, %i] [1, 1] : tensor<4x4xf32> to tensor<3xf32>
  return
}

// -----

func.func @case34(%a: tensor<4x4xf32>, %i: index) {
  // expected-error @+1 {{expected type to be 'tensor<1x2xf32>' or a rank-reduced version. (size mismatch)}}
  %c = tensor.extract_slice %a[0, 0] [1, 2] [1, 1] : tensor<4x4xf32> to tensor<?xf32>
  return
}

// -----

func.func @case35(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %c = tensor.extract_slice %a[0] [2] [1] : tensor<4x4xf32> to tensor<2xf32>
  return
}
