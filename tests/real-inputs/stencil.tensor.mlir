// A Jacobi stencil on tensors: eight sweeps of a 3-point average over the interior of a
// 10-point rod with fixed ends. Each sweep reads three shifted windows (tensor.extract_slice),
// averages them with a linalg.generic into a fresh tensor, and writes the interior back with
// tensor.insert_slice; the rod is carried by an scf.for, and a convergence measure (the
// largest change) by an scf.while around it. Printed by @main.
#id = affine_map<(d0) -> (d0)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<10xf32>) {
  %u = tensor.cast %t : tensor<10xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @sweep(%rod: tensor<10xf32>) -> tensor<10xf32> {
  %third = arith.constant 0.333333343 : f32
  %left = tensor.extract_slice %rod[0] [8] [1] : tensor<10xf32> to tensor<8xf32>
  %mid = tensor.extract_slice %rod[1] [8] [1] : tensor<10xf32> to tensor<8xf32>
  %right = tensor.extract_slice %rod[2] [8] [1] : tensor<10xf32> to tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %avg = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%left, %mid, %right : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    %m = arith.mulf %t, %third : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %next = tensor.insert_slice %avg into %rod[1] [8] [1] : tensor<8xf32> into tensor<10xf32>
  return %next : tensor<10xf32>
}

func.func @max_change(%a: tensor<10xf32>, %b: tensor<10xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#id, #id, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%a, %b : tensor<10xf32>, tensor<10xf32>) outs(%z : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %d = arith.subf %x, %y : f32
    %ad = math.absf %d : f32
    %mx = arith.maximumf %ad, %acc : f32
    linalg.yield %mx : f32
  } -> tensor<f32>
  %r = tensor.extract %m[] : tensor<f32>
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tol = arith.constant 0.05 : f32
  %big = arith.constant 1.0e+09 : f32
  %rod0 = arith.constant dense<[8.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -4.0]> : tensor<10xf32>
  %done:2 = scf.while (%rod = %rod0, %change = %big) : (tensor<10xf32>, f32) -> (tensor<10xf32>, f32) {
    %go = arith.cmpf ogt, %change, %tol : f32
    scf.condition(%go) %rod, %change : tensor<10xf32>, f32
  } do {
  ^bb0(%rod: tensor<10xf32>, %change: f32):
    %after = scf.for %i = %c0 to %c4 step %c1 iter_args(%r = %rod) -> (tensor<10xf32>) {
      %n = func.call @sweep(%r) : (tensor<10xf32>) -> tensor<10xf32>
      scf.yield %n : tensor<10xf32>
    }
    %d = func.call @max_change(%after, %rod) : (tensor<10xf32>, tensor<10xf32>) -> f32
    scf.yield %after, %d : tensor<10xf32>, f32
  }
  call @show(%done#0) : (tensor<10xf32>) -> ()
  vector.print %done#1 : f32
  return
}
