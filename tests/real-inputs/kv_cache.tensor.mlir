// A KV cache on tensors. A rotating cache of four rows takes one new key row per decoding
// step (tensor.insert_slice at step mod 4, in an scf.for carrying the cache), and each step
// scores the new query against the whole cache with linalg.matvec. A growing cache
// (tensor<?x2xf32>) is rebuilt one row longer every step: tensor.empty of the new size and two
// insert_slices. Printed by @main.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<4x2xf32>) {
  %u = tensor.cast %t : tensor<4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_dyn(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_vec(%t: tensor<6xf32>) {
  %u = tensor.cast %t : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// The key of step %i: [i, 1 - i/2].
func.func @key(%i: index) -> tensor<1x2xf32> {
  %ii = arith.index_cast %i : index to i32
  %f = arith.sitofp %ii : i32 to f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %h = arith.mulf %f, %half : f32
  %g = arith.subf %one, %h : f32
  %k = tensor.from_elements %f, %g : tensor<1x2xf32>
  return %k : tensor<1x2xf32>
}

func.func @rotating(%steps: index) -> (tensor<4x2xf32>, tensor<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %cache0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %es = tensor.empty() : tensor<6xf32>
  %scores0 = linalg.fill ins(%zero : f32) outs(%es : tensor<6xf32>) -> tensor<6xf32>
  %q = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%cache = %cache0, %scores = %scores0) -> (tensor<4x2xf32>, tensor<6xf32>) {
    %k = func.call @key(%i) : (index) -> tensor<1x2xf32>
    %slot = arith.remui %i, %c4 : index
    %next = tensor.insert_slice %k into %cache[%slot, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x2xf32>
    %e4 = tensor.empty() : tensor<4xf32>
    %z4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
    %s = linalg.matvec ins(%next, %q : tensor<4x2xf32>, tensor<2xf32>) outs(%z4 : tensor<4xf32>) -> tensor<4xf32>
    %ez = tensor.empty() : tensor<f32>
    %zz = linalg.fill ins(%zero : f32) outs(%ez : tensor<f32>) -> tensor<f32>
    %total = linalg.reduce { arith.addf } ins(%s : tensor<4xf32>) outs(%zz : tensor<f32>) dimensions = [0]
    %t = tensor.extract %total[] : tensor<f32>
    %scores1 = tensor.insert %t into %scores[%i] : tensor<6xf32>
    scf.yield %next, %scores1 : tensor<4x2xf32>, tensor<6xf32>
  }
  return %r#0, %r#1 : tensor<4x2xf32>, tensor<6xf32>
}

func.func @growing(%steps: index) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cache0 = tensor.empty(%c0) : tensor<?x2xf32>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%cache = %cache0) -> (tensor<?x2xf32>) {
    %n = tensor.dim %cache, %c0 : tensor<?x2xf32>
    %n1 = arith.addi %n, %c1 : index
    %e = tensor.empty(%n1) : tensor<?x2xf32>
    %old = tensor.insert_slice %cache into %e[0, 0] [%n, 2] [1, 1] : tensor<?x2xf32> into tensor<?x2xf32>
    %k = func.call @key(%i) : (index) -> tensor<1x2xf32>
    %grown = tensor.insert_slice %k into %old[%n, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<?x2xf32>
    scf.yield %grown : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

func.func @main() {
  %c6 = arith.constant 6 : index
  %cache, %scores = call @rotating(%c6) : (index) -> (tensor<4x2xf32>, tensor<6xf32>)
  call @show(%cache) : (tensor<4x2xf32>) -> ()
  call @show_vec(%scores) : (tensor<6xf32>) -> ()
  %c5 = arith.constant 5 : index
  %g = call @growing(%c5) : (index) -> tensor<?x2xf32>
  call @show_dyn(%g) : (tensor<?x2xf32>) -> ()
  return
}
