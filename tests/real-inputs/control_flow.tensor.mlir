// Tensors through scf.for (iter_args), scf.if and scf.while: repeated smoothing steps, a
// branch picking one of two tensors, and a loop doubling a vector until its sum passes a bound.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @smooth(%x: tensor<6xf32>, %steps: index) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<6xf32>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%cur = %x) -> (tensor<6xf32>) {
    %next = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%cur : tensor<6xf32>) outs(%e : tensor<6xf32>) {
    ^bb0(%v: f32, %o: f32):
      %idx = linalg.index 0 : index
      %fi = arith.index_cast %idx : index to i32
      %f = arith.sitofp %fi : i32 to f32
      %scaled = arith.mulf %v, %half : f32
      %s = arith.addf %scaled, %f : f32
      linalg.yield %s : f32
    } -> tensor<6xf32>
    scf.yield %next : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

func.func @pick(%a: tensor<6xf32>, %b: tensor<6xf32>, %first: i1) -> tensor<6xf32> {
  %r = scf.if %first -> (tensor<6xf32>) {
    %e = tensor.empty() : tensor<6xf32>
    %s = linalg.add ins(%a, %b : tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
    scf.yield %s : tensor<6xf32>
  } else {
    scf.yield %b : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

func.func @grow(%x: tensor<6xf32>, %bound: f32) -> tensor<6xf32> {
  %zero = arith.constant 0.0 : f32
  %r = scf.while (%cur = %x) : (tensor<6xf32>) -> tensor<6xf32> {
    %acc0 = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<f32>) -> tensor<f32>
    %sum = linalg.reduce { arith.addf } ins(%cur : tensor<6xf32>) outs(%acc : tensor<f32>) dimensions = [0]
    %s = tensor.extract %sum[] : tensor<f32>
    %go = arith.cmpf olt, %s, %bound : f32
    scf.condition(%go) %cur : tensor<6xf32>
  } do {
  ^bb0(%cur: tensor<6xf32>):
    %e = tensor.empty() : tensor<6xf32>
    %doubled = linalg.add ins(%cur, %cur : tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
    scf.yield %doubled : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

func.func @show(%t: tensor<6xf32>) {
  %u = tensor.cast %t : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %c3 = arith.constant 3 : index
  %s = call @smooth(%x, %c3) : (tensor<6xf32>, index) -> tensor<6xf32>
  call @show(%s) : (tensor<6xf32>) -> ()
  %true = arith.constant true
  %false = arith.constant false
  %p = call @pick(%s, %x, %true) : (tensor<6xf32>, tensor<6xf32>, i1) -> tensor<6xf32>
  %q = call @pick(%s, %x, %false) : (tensor<6xf32>, tensor<6xf32>, i1) -> tensor<6xf32>
  call @show(%p) : (tensor<6xf32>) -> ()
  call @show(%q) : (tensor<6xf32>) -> ()
  %bound = arith.constant 500.0 : f32
  %g = call @grow(%x, %bound) : (tensor<6xf32>, f32) -> tensor<6xf32>
  call @show(%g) : (tensor<6xf32>) -> ()
  return
}
