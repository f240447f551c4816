// Dynamically shaped tensors: a function over tensor<?xf32> sizing its result with tensor.dim,
// a prefix-sum loop over a growing number of elements, and a dot product of the results.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @axpy(%a: f32, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%xi: f32, %yi: f32, %o: f32):
    %m = arith.mulf %a, %xi : f32
    %s = arith.addf %m, %yi : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @ramp(%n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %k = arith.index_cast %i : index to i64
    %f = arith.sitofp %k : i64 to f32
    linalg.yield %f : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @dot(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %d = linalg.dot ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%acc : tensor<f32>) -> tensor<f32>
  return %d : tensor<f32>
}

func.func @show(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %two = arith.constant 2.0 : f32
  scf.for %n = %c2 to %c7 step %c2 {
    %x = func.call @ramp(%n) : (index) -> tensor<?xf32>
    %y = func.call @axpy(%two, %x, %x) : (f32, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    func.call @show(%y) : (tensor<?xf32>) -> ()
    %d = func.call @dot(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<f32>
    %du = tensor.cast %d : tensor<f32> to tensor<*xf32>
    func.call @printMemrefF32(%du) : (tensor<*xf32>) -> ()
  }
  return
}
