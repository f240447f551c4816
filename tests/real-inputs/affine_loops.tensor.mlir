// Affine loops in a tensor program. A hand-written memref kernel with affine.for,
// affine.parallel, affine.if, affine.load and affine.store (a 2-D box blur that skips the
// border) allocates its result and is called between bufferization.to_buffer and to_tensor;
// a tensor function sums the diagonal band of a matrix with an affine.for carrying a scalar
// (tensor.extract inside, bounds by min/max maps, weights by affine.max); and a row-tiled tensor
// scaling loop takes its dynamic last tile size from affine.min. Printed by @main.
#set_inner = affine_set<(d0, d1) : (d0 - 1 >= 0, -d0 + 4 >= 0, d1 - 1 >= 0, -d1 + 4 >= 0)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<6x6xf32>) {
  %u = tensor.cast %t : tensor<6x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @blur(%in: memref<6x6xf32>) -> memref<6x6xf32> {
  %out = memref.alloc() : memref<6x6xf32>
  %ninth = arith.constant 0.111111112 : f32
  %zero = arith.constant 0.0 : f32
  affine.parallel (%i, %j) = (0, 0) to (6, 6) {
    affine.if #set_inner(%i, %j) {
      %s = affine.for %di = -1 to 2 iter_args(%acc = %zero) -> (f32) {
        %row = affine.for %dj = -1 to 2 iter_args(%racc = %acc) -> (f32) {
          %v = affine.load %in[%i + %di, %j + %dj] : memref<6x6xf32>
          %n = arith.addf %racc, %v : f32
          affine.yield %n : f32
        }
        affine.yield %row : f32
      }
      %m = arith.mulf %s, %ninth : f32
      affine.store %m, %out[%i, %j] : memref<6x6xf32>
    } else {
      %v = affine.load %in[%i, %j] : memref<6x6xf32>
      affine.store %v, %out[%i, %j] : memref<6x6xf32>
    }
  }
  return %out : memref<6x6xf32>
}

// Sum of t[i][j] for |i - j| <= 1, row i weighted by max(1, i - 2).
func.func @band_sum(%t: tensor<6x6xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 6 iter_args(%acc = %zero) -> (f32) {
    %r = affine.for %j = max affine_map<(d0) -> (0, d0 - 1)>(%i) to min affine_map<(d0) -> (6, d0 + 2)>(%i) iter_args(%a = %acc) -> (f32) {
      %v = tensor.extract %t[%i, %j] : tensor<6x6xf32>
      %n = arith.addf %a, %v : f32
      affine.yield %n : f32
    }
    %w = affine.max affine_map<(d0) -> (1, d0 - 2)>(%i)
    %wi = arith.index_cast %w : index to i32
    %wf = arith.sitofp %wi : i32 to f32
    %weighted = arith.mulf %r, %wf : f32
    affine.yield %weighted : f32
  }
  return %s : f32
}

// Rows scaled by (row + 1), four rows at a time, the last tile of two.
func.func @scale_rows(%t: tensor<6x6xf32>) -> tensor<6x6xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %r = scf.for %i = %c0 to %c6 step %c4 iter_args(%acc = %t) -> (tensor<6x6xf32>) {
    %size = affine.min affine_map<(d0) -> (4, -d0 + 6)>(%i)
    %tile = tensor.extract_slice %acc[%i, 0] [%size, 6] [1, 1] : tensor<6x6xf32> to tensor<?x6xf32>
    %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%tile : tensor<?x6xf32>) {
    ^bb0(%v: f32):
      %k = linalg.index 0 : index
      %row = affine.apply affine_map<(d0)[s0] -> (d0 + s0 + 1)>(%k)[%i]
      %ri = arith.index_cast %row : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %m = arith.mulf %v, %rf : f32
      linalg.yield %m : f32
    } -> tensor<?x6xf32>
    %next = tensor.insert_slice %scaled into %acc[%i, 0] [%size, 6] [1, 1] : tensor<?x6xf32> into tensor<6x6xf32>
    scf.yield %next : tensor<6x6xf32>
  }
  return %r : tensor<6x6xf32>
}

func.func @main() {
  %img = arith.constant dense<[[9.0, 0.0, 0.0, 0.0, 0.0, 9.0],
                               [0.0, 9.0, 0.0, 0.0, 9.0, 0.0],
                               [0.0, 0.0, 9.0, 9.0, 0.0, 0.0],
                               [0.0, 0.0, 9.0, 9.0, 0.0, 0.0],
                               [0.0, 9.0, 0.0, 0.0, 9.0, 0.0],
                               [9.0, 0.0, 0.0, 0.0, 0.0, 9.0]]> : tensor<6x6xf32>
  %m = bufferization.to_buffer %img read_only : tensor<6x6xf32> to memref<6x6xf32>
  %bm = call @blur(%m) : (memref<6x6xf32>) -> memref<6x6xf32>
  %b = bufferization.to_tensor %bm restrict : memref<6x6xf32> to tensor<6x6xf32>
  call @show(%b) : (tensor<6x6xf32>) -> ()
  %s = call @band_sum(%b) : (tensor<6x6xf32>) -> f32
  vector.print %s : f32
  %r = call @scale_rows(%b) : (tensor<6x6xf32>) -> tensor<6x6xf32>
  call @show(%r) : (tensor<6x6xf32>) -> ()
  return
}
