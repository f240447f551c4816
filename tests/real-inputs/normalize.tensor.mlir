// Row normalization (a layer norm without the square root): center each row on its mean and
// divide by its range (max - min), with linalg.reduce, linalg.broadcast and element-wise ops.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32>)

func.func @row_stats(%x: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant -1.0e+30 : f32
  %highest = arith.constant 1.0e+30 : f32
  %n = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %sums = linalg.reduce { arith.addf } ins(%x : tensor<3x4xf32>) outs(%zeros : tensor<3xf32>) dimensions = [1]
  %means = linalg.map ins(%sums : tensor<3xf32>) outs(%e : tensor<3xf32>)
    (%s: f32, %init: f32) {
      %m = arith.divf %s, %n : f32
      linalg.yield %m : f32
    }
  %lo_init = linalg.fill ins(%highest : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %hi_init = linalg.fill ins(%lowest : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %mins = linalg.reduce { arith.minimumf } ins(%x : tensor<3x4xf32>) outs(%lo_init : tensor<3xf32>) dimensions = [1]
  %maxs = linalg.reduce { arith.maximumf } ins(%x : tensor<3x4xf32>) outs(%hi_init : tensor<3xf32>) dimensions = [1]
  %ranges = linalg.sub ins(%maxs, %mins : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %means, %ranges : tensor<3xf32>, tensor<3xf32>
}

func.func @normalize(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %means, %ranges = call @row_stats(%x) : (tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  %e = tensor.empty() : tensor<3x4xf32>
  %mean_b = linalg.broadcast ins(%means : tensor<3xf32>) outs(%e : tensor<3x4xf32>) dimensions = [1]
  %centered = linalg.sub ins(%x, %mean_b : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %out = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%centered, %ranges : tensor<3x4xf32>, tensor<3xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%c: f32, %r: f32, %o: f32):
    %q = arith.divf %c, %r : f32
    linalg.yield %q : f32
  } -> tensor<3x4xf32>
  return %out : tensor<3x4xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 6.0], [-2.0, 0.0, 2.0, 4.0], [10.0, 10.5, 9.5, 12.0]]> : tensor<3x4xf32>
  %y = call @normalize(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %yu = tensor.cast %y : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}
