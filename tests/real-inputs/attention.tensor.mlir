// Single-head attention on tensors: softmax(Q K^T / sqrt(d)) V, with the row maximum
// subtracted before math.exp, printed by @main.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<3x4xf32>) {
  %u = tensor.cast %t : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @softmax(%s: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<3xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %max = linalg.reduce ins(%s : tensor<3x3xf32>) outs(%m0 : tensor<3xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e2 = tensor.empty() : tensor<3x3xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%s, %max : tensor<3x3xf32>, tensor<3xf32>) outs(%e2 : tensor<3x3xf32>) {
  ^bb0(%v: f32, %mx: f32, %o: f32):
    %d = arith.subf %v, %mx : f32
    %x = math.exp %d : f32
    linalg.yield %x : f32
  } -> tensor<3x3xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.reduce { arith.addf } ins(%exp : tensor<3x3xf32>) outs(%z0 : tensor<3xf32>) dimensions = [1]
  %p = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<3xf32>) outs(%exp : tensor<3x3xf32>) {
  ^bb0(%t: f32, %v: f32):
    %q = arith.divf %v, %t : f32
    linalg.yield %q : f32
  } -> tensor<3x3xf32>
  return %p : tensor<3x3xf32>
}

func.func @attention(%q: tensor<3x4xf32>, %k: tensor<3x4xf32>, %v: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.5 : f32
  %et = tensor.empty() : tensor<4x3xf32>
  %kt = linalg.transpose ins(%k : tensor<3x4xf32>) outs(%et : tensor<4x3xf32>) permutation = [1, 0]
  %es = tensor.empty() : tensor<3x3xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%es : tensor<3x3xf32>) -> tensor<3x3xf32>
  %s = linalg.matmul ins(%q, %kt : tensor<3x4xf32>, tensor<4x3xf32>) outs(%s0 : tensor<3x3xf32>) -> tensor<3x3xf32>
  %scaled = linalg.map ins(%s : tensor<3x3xf32>) outs(%es : tensor<3x3xf32>)
    (%x: f32, %init: f32) {
      %y = arith.mulf %x, %scale : f32
      linalg.yield %y : f32
    }
  %p = call @softmax(%scaled) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %eo = tensor.empty() : tensor<3x4xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%eo : tensor<3x4xf32>) -> tensor<3x4xf32>
  %o = linalg.matmul ins(%p, %v : tensor<3x3xf32>, tensor<3x4xf32>) outs(%o0 : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %o : tensor<3x4xf32>
}

func.func @main() {
  %q = arith.constant dense<[[1.0, 0.0, 1.0, 0.0], [0.0, 2.0, 0.0, 1.0], [0.5, 0.5, -0.5, 1.0]]> : tensor<3x4xf32>
  %k = arith.constant dense<[[1.0, 1.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0]]> : tensor<3x4xf32>
  %v = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0, 2.0], [0.5, 0.25, 0.125, 0.0]]> : tensor<3x4xf32>
  %o = call @attention(%q, %k, %v) : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  call @show(%o) : (tensor<3x4xf32>) -> ()
  return
}
