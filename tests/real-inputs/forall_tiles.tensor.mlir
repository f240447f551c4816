// scf.forall tiles on tensors: a 4x6 matmul computed as 2x3 tiles of 2x2, each tile reading
// its row and column panels (tensor.extract_slice) and writing its result with
// tensor.parallel_insert_slice into the shared output; then a tiled elementwise exp with a
// dynamic last tile (affine.min) in a one-dimensional forall. Printed by @main.
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<4x6xf32>) {
  %u = tensor.cast %t : tensor<4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_vec(%t: tensor<10xf32>) {
  %u = tensor.cast %t : tensor<10xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @tiled_matmul(%a: tensor<4x3xf32>, %b: tensor<3x6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %out = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %out) -> (tensor<4x6xf32>) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %col = affine.apply affine_map<(d0) -> (d0 * 2)>(%j)
    %pa = tensor.extract_slice %a[%row, 0] [2, 3] [1, 1] : tensor<4x3xf32> to tensor<2x3xf32>
    %pb = tensor.extract_slice %b[0, %col] [3, 2] [1, 1] : tensor<3x6xf32> to tensor<3x2xf32>
    %tile = tensor.extract_slice %o[%row, %col] [2, 2] [1, 1] : tensor<4x6xf32> to tensor<2x2xf32>
    %prod = linalg.matmul ins(%pa, %pb : tensor<2x3xf32>, tensor<3x2xf32>) outs(%tile : tensor<2x2xf32>) -> tensor<2x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %prod into %o[%row, %col] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x6xf32>
    }
  }
  return %r : tensor<4x6xf32>
}

func.func @tiled_exp(%x: tensor<10xf32>) -> tensor<10xf32> {
  %e = tensor.empty() : tensor<10xf32>
  %r = scf.forall (%i) = (0) to (10) step (4) shared_outs(%o = %e) -> (tensor<10xf32>) {
    %size = affine.min affine_map<(d0) -> (4, -d0 + 10)>(%i)
    %in = tensor.extract_slice %x[%i] [%size] [1] : tensor<10xf32> to tensor<?xf32>
    %init = tensor.extract_slice %o[%i] [%size] [1] : tensor<10xf32> to tensor<?xf32>
    %ex = linalg.exp ins(%in : tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ex into %o[%i] [%size] [1] : tensor<?xf32> into tensor<10xf32>
    }
  }
  return %r : tensor<10xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 0.0], [0.0, 1.0, -1.0], [2.0, 0.5, 1.0], [-1.0, 0.0, 3.0]]> : tensor<4x3xf32>
  %b = arith.constant dense<[[1.0, 0.0, 2.0, -1.0, 0.5, 1.0], [0.0, 1.0, 1.0, 0.0, 2.0, -0.5], [1.0, 1.0, 0.0, 0.25, 0.0, 1.0]]> : tensor<3x6xf32>
  %c = call @tiled_matmul(%a, %b) : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  call @show(%c) : (tensor<4x6xf32>) -> ()
  %x = arith.constant dense<[0.0, 0.5, 1.0, -1.0, 2.0, -0.5, 0.25, 1.5, -2.0, 0.75]> : tensor<10xf32>
  %y = call @tiled_exp(%x) : (tensor<10xf32>) -> tensor<10xf32>
  call @show_vec(%y) : (tensor<10xf32>) -> ()
  return
}
