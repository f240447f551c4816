// The tensor ops One-Shot Bufferize turns into linalg and memref ops: tensor.pad and
// tensor.generate (a linalg.map with only outs, using linalg.index), tensor.from_elements,
// tensor.insert, tensor.concat (subviews and copies) and tensor.collapse_shape.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @pad(%t: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %z = arith.constant -1.0 : f32
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  return %p : tensor<4x4xf32>
}

func.func @ramp(%n: index) -> tensor<?xf32> {
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  return %g : tensor<?xf32>
}

func.func @pair(%a: f32, %b: f32) -> tensor<2xf32> {
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  return %t : tensor<2xf32>
}

func.func @concat(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %r = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %c4 = arith.constant 4 : index
  %v = arith.constant 9.5 : f32
  %s = tensor.insert %v into %r[%c4] : tensor<5xf32>
  return %s : tensor<5xf32>
}

func.func @flatten(%t: tensor<4x4xf32>) -> tensor<16xf32> {
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  return %c : tensor<16xf32>
}

func.func @show(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %p = call @pair(%one, %two) : (f32, f32) -> tensor<2xf32>
  %c3 = arith.constant 3 : index
  %r = call @ramp(%c3) : (index) -> tensor<?xf32>
  %r3 = tensor.cast %r : tensor<?xf32> to tensor<3xf32>
  %cat = call @concat(%p, %r3) : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %catd = tensor.cast %cat : tensor<5xf32> to tensor<?xf32>
  call @show(%catd) : (tensor<?xf32>) -> ()
  %sq = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %padded = call @pad(%sq) : (tensor<2x2xf32>) -> tensor<4x4xf32>
  %flat = call @flatten(%padded) : (tensor<4x4xf32>) -> tensor<16xf32>
  %flatd = tensor.cast %flat : tensor<16xf32> to tensor<?xf32>
  call @show(%flatd) : (tensor<?xf32>) -> ()
  return
}
