// A 4x4 matmul tiled by 2x2 with scf.for over tensor slices (extract_slice / insert_slice),
// checked against the untiled product.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @tiled_matmul(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x4xf32>) -> tensor<4x4xf32>
  %result = scf.for %i = %c0 to %c4 step %c2 iter_args(%acc_i = %init) -> (tensor<4x4xf32>) {
    %row = scf.for %j = %c0 to %c4 step %c2 iter_args(%acc_j = %acc_i) -> (tensor<4x4xf32>) {
      %tile = scf.for %k = %c0 to %c4 step %c2 iter_args(%acc_k = %acc_j) -> (tensor<4x4xf32>) {
        %a_tile = tensor.extract_slice %a[%i, %k] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
        %b_tile = tensor.extract_slice %b[%k, %j] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
        %c_tile = tensor.extract_slice %acc_k[%i, %j] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
        %prod = linalg.matmul ins(%a_tile, %b_tile : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c_tile : tensor<2x2xf32>) -> tensor<2x2xf32>
        %next = tensor.insert_slice %prod into %acc_k[%i, %j] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
        scf.yield %next : tensor<4x4xf32>
      }
      scf.yield %tile : tensor<4x4xf32>
    }
    scf.yield %row : tensor<4x4xf32>
  }
  return %result : tensor<4x4xf32>
}

func.func @reference(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 0.0], [3.0, 1.0, -2.0, 1.5], [-1.0, 0.25, 1.0, 2.0]]> : tensor<4x4xf32>
  %b = arith.constant dense<[[2.0, 0.0, 1.0, -1.0], [1.0, 3.0, 0.5, 2.0], [0.0, -2.0, 1.0, 1.0], [4.0, 1.0, 0.0, 0.5]]> : tensor<4x4xf32>
  %t = call @tiled_matmul(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = call @reference(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %tu = tensor.cast %t : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  %ru = tensor.cast %r : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}
