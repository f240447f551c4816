// A padded convolution on tensors: tensor.pad of a 1x4x4x2 image by one pixel on each side,
// linalg.conv_2d_nhwc_hwcf with a 3x3x2x2 filter into a zero-filled output, a bias and ReLU
// by linalg.generic, then a second, strided convolution (linalg.conv_2d_nchw_fchw on a
// transposed copy). Printed by @main.
#nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d3)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<1x4x4x2xf32>) {
  %u = tensor.cast %t : tensor<1x4x4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_nchw(%t: tensor<1x2x2x2xf32>) {
  %u = tensor.cast %t : tensor<1x2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @conv_relu(%img: tensor<1x4x4x2xf32>, %filter: tensor<3x3x2x2xf32>, %bias: tensor<2xf32>) -> tensor<1x4x4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %e = tensor.empty() : tensor<1x4x4x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %filter : tensor<1x6x6x2xf32>, tensor<3x3x2x2xf32>) outs(%z : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %act = linalg.generic {indexing_maps = [#chan, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bias : tensor<2xf32>) outs(%conv : tensor<1x4x4x2xf32>) {
  ^bb0(%b: f32, %v: f32):
    %s = arith.addf %v, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x2xf32>
  return %act : tensor<1x4x4x2xf32>
}

func.func @strided_nchw(%x: tensor<1x4x4x2xf32>, %filter: tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<1x2x4x4xf32>
  %nchw = linalg.transpose ins(%x : tensor<1x4x4x2xf32>) outs(%et : tensor<1x2x4x4xf32>) permutation = [0, 3, 1, 2]
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%nchw, %filter : tensor<1x2x4x4xf32>, tensor<2x2x2x2xf32>) outs(%z : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %conv : tensor<1x2x2x2xf32>
}

func.func @main() {
  %img = arith.constant dense<[[[[1.0, 0.0], [2.0, 1.0], [0.0, -1.0], [1.0, 1.0]],
                                [[0.5, 2.0], [1.0, 1.0], [-1.0, 0.0], [2.0, 0.5]],
                                [[0.0, 1.0], [3.0, -2.0], [1.0, 1.0], [0.0, 0.0]],
                                [[1.0, 1.0], [0.0, 0.5], [2.0, 2.0], [-1.0, 1.0]]]]> : tensor<1x4x4x2xf32>
  %one = arith.constant 0.25 : f32
  %ef = tensor.empty() : tensor<3x3x2x2xf32>
  %f0 = linalg.fill ins(%one : f32) outs(%ef : tensor<3x3x2x2xf32>) -> tensor<3x3x2x2xf32>
  %neg = arith.constant -0.5 : f32
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %f1 = tensor.insert %neg into %f0[%c1, %c1, %c0, %c1] : tensor<3x3x2x2xf32>
  %bias = arith.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %y = call @conv_relu(%img, %f1, %bias) : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  call @show(%y) : (tensor<1x4x4x2xf32>) -> ()
  %f2 = arith.constant dense<[[[[1.0, 0.0], [0.0, 1.0]], [[0.5, 0.5], [-1.0, 1.0]]],
                              [[[0.0, 2.0], [1.0, 0.0]], [[1.0, -1.0], [0.25, 0.25]]]]> : tensor<2x2x2x2xf32>
  %z = call @strided_nchw(%y, %f2) : (tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  call @show_nchw(%z) : (tensor<1x2x2x2xf32>) -> ()
  return
}
