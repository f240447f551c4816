// Layer normalization on tensors: per row, (x - mean) * rsqrt(var + eps) * gamma + beta,
// mean and variance by linalg.reduce, math.rsqrt in a linalg.generic, printed by @main.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<3x4xf32>) {
  %u = tensor.cast %t : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @row_mean(%x: tensor<3x4xf32>) -> tensor<3xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<3x4xf32>) outs(%z : tensor<3xf32>) dimensions = [1]
  %mean = linalg.map ins(%sum : tensor<3xf32>) outs(%e : tensor<3xf32>)
    (%s: f32, %init: f32) {
      %m = arith.divf %s, %n : f32
      linalg.yield %m : f32
    }
  return %mean : tensor<3xf32>
}

func.func @layer_norm(%x: tensor<3x4xf32>, %gamma: tensor<4xf32>, %beta: tensor<4xf32>) -> tensor<3x4xf32> {
  %eps = arith.constant 1.0e-05 : f32
  %mean = call @row_mean(%x) : (tensor<3x4xf32>) -> tensor<3xf32>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %centered = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %mean : tensor<3x4xf32>, tensor<3xf32>) outs(%e2 : tensor<3x4xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    linalg.yield %d : f32
  } -> tensor<3x4xf32>
  %sq = linalg.mul ins(%centered, %centered : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e2 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %var = call @row_mean(%sq) : (tensor<3x4xf32>) -> tensor<3xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #col, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%centered, %var, %gamma, %beta : tensor<3x4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<3x4xf32>) {
  ^bb0(%c: f32, %vr: f32, %g: f32, %b: f32, %o: f32):
    %ve = arith.addf %vr, %eps : f32
    %r = math.rsqrt %ve : f32
    %n = arith.mulf %c, %r : f32
    %s = math.fma %n, %g, %b : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [-1.0, 1.0, -1.0, 1.0], [0.5, 0.5, 0.5, 2.5]]> : tensor<3x4xf32>
  %gamma = arith.constant dense<[1.0, 0.5, 2.0, 1.0]> : tensor<4xf32>
  %beta = arith.constant dense<[0.0, 0.25, -0.5, 1.0]> : tensor<4xf32>
  %y = call @layer_norm(%x, %gamma, %beta) : (tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  call @show(%y) : (tensor<3x4xf32>) -> ()
  return
}
