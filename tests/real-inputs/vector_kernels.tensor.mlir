// Vector kernels on tensors, the way vectorization leaves them: a 4x4 matmul tile by
// vector.transfer_read and vector.contract, an axpy by vector.fma in an scf.for over 4-wide
// chunks (transfer_write into the carried tensor), a dot product by vector.reduction, and a
// row softmax of vectors with math.exp. Printed by @main.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<4x4xf32>) {
  %u = tensor.cast %t : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_vec(%t: tensor<8xf32>) {
  %u = tensor.cast %t : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @matmul_tile(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %va = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x4xf32>, vector<4x4xf32>
  %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x4xf32>, vector<4x4xf32>
  %acc = arith.constant dense<1.0> : vector<4x4xf32>
  %vc = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %acc : vector<4x4xf32>, vector<4x4xf32> into vector<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %c = vector.transfer_write %vc, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x4xf32>
  return %c : tensor<4x4xf32>
}

// y = a * x + y over 8 elements, 4 at a time.
func.func @axpy(%a: f32, %x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %va = vector.broadcast %a : f32 to vector<4xf32>
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %y) -> (tensor<8xf32>) {
    %vx = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
    %vy = vector.transfer_read %acc[%i], %pad {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
    %vr = vector.fma %va, %vx, %vy : vector<4xf32>
    %next = vector.transfer_write %vr, %acc[%i] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
    scf.yield %next : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

func.func @dot(%x: tensor<8xf32>, %y: tensor<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %vx = vector.transfer_read %x[%c0], %pad : tensor<8xf32>, vector<8xf32>
  %vy = vector.transfer_read %y[%c0], %pad : tensor<8xf32>, vector<8xf32>
  %p = arith.mulf %vx, %vy : vector<8xf32>
  %s = vector.reduction <add>, %p : vector<8xf32> into f32
  return %s : f32
}

// Softmax of each row of a 4x4 tensor, one vector<4xf32> per row.
func.func @softmax_rows(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%out = %e) -> (tensor<4x4xf32>) {
    %row = vector.transfer_read %t[%i, %c0], %pad {in_bounds = [true]} : tensor<4x4xf32>, vector<4xf32>
    %mx = vector.reduction <maximumf>, %row : vector<4xf32> into f32
    %mxv = vector.broadcast %mx : f32 to vector<4xf32>
    %d = arith.subf %row, %mxv : vector<4xf32>
    %x = math.exp %d : vector<4xf32>
    %s = vector.reduction <add>, %x : vector<4xf32> into f32
    %sv = vector.broadcast %s : f32 to vector<4xf32>
    %p = arith.divf %x, %sv : vector<4xf32>
    %next = vector.transfer_write %p, %out[%i, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<4x4xf32>
    scf.yield %next : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 0.0, -1.0], [0.5, 0.0, 1.0, 1.0], [2.0, -1.0, 0.5, 0.0], [0.0, 1.0, 1.0, 2.0]]> : tensor<4x4xf32>
  %b = arith.constant dense<[[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.5, 0.0], [-1.0, 0.0, 2.0, 0.5], [0.25, 0.25, 0.25, 0.25]]> : tensor<4x4xf32>
  %c = call @matmul_tile(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  call @show(%c) : (tensor<4x4xf32>) -> ()
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %y0 = arith.constant dense<[0.5, 0.5, 0.5, 0.5, -1.0, -1.0, -1.0, -1.0]> : tensor<8xf32>
  %two = arith.constant 2.0 : f32
  %y = call @axpy(%two, %x, %y0) : (f32, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  call @show_vec(%y) : (tensor<8xf32>) -> ()
  %d = call @dot(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> f32
  vector.print %d : f32
  %s = call @softmax_rows(%c) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  call @show(%s) : (tensor<4x4xf32>) -> ()
  return
}
