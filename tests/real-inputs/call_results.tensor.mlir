// What callers get back: a function returning its argument or a fresh tensor, reshapes
// (expand_shape, a linalg.reduce over rows, a cast to a dynamic size), a while loop around a
// for loop that calls it, and an scf.execute_region updating a returned tensor.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Returns its argument or a fresh tensor: the caller cannot know which.
func.func @maybe_fresh(%t: tensor<?xf32>, %fresh: i1) -> tensor<?xf32> {
  %r = scf.if %fresh -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %t, %c0 : tensor<?xf32>
    %e = tensor.empty(%n) : tensor<?xf32>
    %m = linalg.map ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>) (%v: f32, %o: f32) {
      %three = arith.constant 3.0 : f32
      %w = arith.addf %v, %three : f32
      linalg.yield %w : f32
    }
    scf.yield %m : tensor<?xf32>
  } else {
    scf.yield %t : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// Reshapes: 6 -> 2x3 -> transpose-ish sum over rows -> back to 1-D of dynamic size.
func.func @reshape(%t: tensor<6xf32>) -> tensor<?xf32> {
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %z = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%init : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.reduce ins(%e : tensor<2x3xf32>) outs(%f : tensor<3xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %c = arith.addf %a, %b : f32
      linalg.yield %c : f32
    }
  %d = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}

// A while loop whose body runs an inner for that yields either its carried tensor or a new one.
func.func @nested(%t0: tensor<?xf32>, %rounds: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.while (%t = %t0, %k = %c0) : (tensor<?xf32>, index) -> (tensor<?xf32>, index) {
    %go = arith.cmpi ult, %k, %rounds : index
    scf.condition(%go) %t, %k : tensor<?xf32>, index
  } do {
  ^bb0(%t: tensor<?xf32>, %k: index):
    %inner = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
      %even = arith.remui %j, %c2 : index
      %is0 = arith.cmpi eq, %even, %c0 : index
      %isk = arith.cmpi eq, %k, %c1 : index
      %both = arith.andi %is0, %isk : i1
      %next = func.call @maybe_fresh(%acc, %both) : (tensor<?xf32>, i1) -> tensor<?xf32>
      scf.yield %next : tensor<?xf32>
    }
    %k1 = arith.addi %k, %c1 : index
    scf.yield %inner, %k1 : tensor<?xf32>, index
  }
  return %r#0 : tensor<?xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %r = func.call @reshape(%t) : (tensor<6xf32>) -> tensor<?xf32>
  func.call @show(%r) : (tensor<?xf32>) -> ()
  %n = func.call @nested(%r, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  func.call @show(%n) : (tensor<?xf32>) -> ()
  %true = arith.constant true
  %m = func.call @maybe_fresh(%n, %true) : (tensor<?xf32>, i1) -> tensor<?xf32>
  %x = scf.execute_region -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %v = arith.constant 11.0 : f32
    %u = tensor.insert %v into %m[%c0] : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  }
  func.call @show(%x) : (tensor<?xf32>) -> ()
  func.call @show(%m) : (tensor<?xf32>) -> ()
  func.call @show(%n) : (tensor<?xf32>) -> ()
  return
}
