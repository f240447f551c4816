// An MLP layer on tensors: y = relu(x * W + b), then a second layer, printed by @main.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @dense(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %biased = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<3xf32>) outs(%mm : tensor<2x3xf32>) {
  ^bb0(%bias: f32, %v: f32):
    %s = arith.addf %v, %bias : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %relu = linalg.map ins(%biased : tensor<2x3xf32>) outs(%empty : tensor<2x3xf32>)
    (%v: f32, %init: f32) {
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
    }
  return %relu : tensor<2x3xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, -2.0, 3.0, 0.5], [0.0, 1.0, -1.0, 2.0]]> : tensor<2x4xf32>
  %w1 = arith.constant dense<[[0.5, -1.0, 0.25], [1.0, 0.5, -0.5], [-0.25, 0.75, 1.0], [2.0, 0.0, -1.0]]> : tensor<4x3xf32>
  %b1 = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %h = call @dense(%x, %w1, %b1) : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %w2 = arith.constant dense<[[1.0, -1.0, 0.5], [0.5, 2.0, -1.0], [-1.0, 0.25, 1.5]]> : tensor<3x3xf32>
  %b2 = arith.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %y = call @dense2(%h, %w2, %b2) : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %hu = tensor.cast %h : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%hu) : (tensor<*xf32>) -> ()
  %yu = tensor.cast %y : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}

func.func @dense2(%x: tensor<2x3xf32>, %w: tensor<3x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.broadcast ins(%b : tensor<3xf32>) outs(%empty : tensor<2x3xf32>) dimensions = [0]
  %mm = linalg.matmul ins(%x, %w : tensor<2x3xf32>, tensor<3x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %mm : tensor<2x3xf32>
}
