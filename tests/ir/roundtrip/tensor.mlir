// RUN: dealloc-opt %s --split-input-file
// UPSTREAM-OUTPUT: --split-input-file

// tensor.cast between ranked, dynamic and unranked shapes (with an attribute), tensor.dim,
// tensor.rank, tensor.extract and tensor.insert (rank 0 and 2).
func.func @access(%t: tensor<2x2xf32>, %d: tensor<?x4xf32>, %s: tensor<i32>, %i: index, %v: f32) -> (tensor<2x2xf32>, index, i32) {
  %c0 = arith.constant 0 : index
  %a = tensor.cast %t : tensor<2x2xf32> to tensor<?x?xf32>
  %u = tensor.cast %t {my.tag} : tensor<2x2xf32> to tensor<*xf32>
  %b = tensor.cast %u : tensor<*xf32> to tensor<2x?xf32>
  %n = tensor.dim %d, %c0 : tensor<?x4xf32>
  %m = tensor.dim {my.tag} %u, %i : tensor<*xf32>
  %r = tensor.rank %u : tensor<*xf32>
  %e = tensor.extract %t[%i, %c0] : tensor<2x2xf32>
  %z = tensor.extract %s[] {my.tag} : tensor<i32>
  %ins = tensor.insert %e into %t[%n, %m] : tensor<2x2xf32>
  %ins0 = tensor.insert %z into %s[] : tensor<i32>
  return %ins, %r, %z : tensor<2x2xf32>, index, i32
}

// -----

// tensor.from_elements (no element, rank 0, 1 and 2), tensor.splat with and without dynamic
// sizes, tensor.empty.
func.func @build(%v: f32, %w: f32, %n: index) -> (tensor<2x2xf32>, tensor<?x3x?xf32>) {
  %none = tensor.from_elements : tensor<0xf32>
  %a = tensor.from_elements %v : tensor<f32>
  %b = tensor.from_elements %v, %w, %w : tensor<3xf32>
  %c = tensor.from_elements %v, %w, %w, %v {my.tag} : tensor<2x2xf32>
  %s = tensor.splat %v : tensor<2x3xf32>
  %t = tensor.splat %w[%n, %n] : tensor<?x3x?xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  return %c, %t : tensor<2x2xf32>, tensor<?x3x?xf32>
}

// -----

// tensor.pad with static and dynamic padding, `nofold`, an attribute, a body that computes its
// value from the indices; tensor.generate with and without dynamic extents.
func.func @regions(%t: tensor<2x2xf32>, %v: f32, %i: index) -> (tensor<4x?xf32>, tensor<?x3xf32>) {
  %p = tensor.pad %t low[1, %i] high[1, 1] {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<4x?xf32>
  %q = tensor.pad %t nofold low[0, 0] high[2, 2] {
  ^bb0(%x: index, %y: index):
    %s = arith.addi %x, %y : index
    %c = arith.index_cast %s : index to i32
    %f = arith.sitofp %c : i32 to f32
    tensor.yield %f : f32
  } {my.tag} : tensor<2x2xf32> to tensor<4x4xf32>
  %g = tensor.generate %i {
  ^bb0(%x: index, %y: index):
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  %h = tensor.generate {
  ^bb0(%x: index):
    tensor.yield %v : f32
  } : tensor<5xf32>
  return %p, %g : tensor<4x?xf32>, tensor<?x3xf32>
}

// -----

// tensor.concat along each dimension, with dynamic sizes; collapse_shape and expand_shape with
// static and dynamic output shapes and a rank-0 collapse.
func.func @shapes(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>, %c: tensor<1x1xf32>, %n: index) -> tensor<?x3xf32> {
  %r = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %s = tensor.concat dim(1) %a, %a {my.tag} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %one = tensor.concat dim(0) %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %g = tensor.collapse_shape %b [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  %z = tensor.collapse_shape %c [] : tensor<1x1xf32> into tensor<f32>
  %x = tensor.expand_shape %f [[0, 1, 2]] output_shape [1, 2, 3] : tensor<6xf32> into tensor<1x2x3xf32>
  %y = tensor.expand_shape %g [[0, 1]] output_shape [%n, 3] {my.tag} : tensor<?xf32> into tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// tensor.extract_slice and insert_slice: static and dynamic offsets, sizes and strides,
// rank-reducing slices (a unit dimension dropped), attributes.
func.func @slices(%t: tensor<4x4xf32>, %v: tensor<2xf32>, %i: index) -> tensor<4x4xf32> {
  %a = tensor.extract_slice %t[0, %i] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  %b = tensor.extract_slice %t[1, 0] [1, %i] [1, 2] : tensor<4x4xf32> to tensor<?xf32>
  %c = tensor.extract_slice %t[1, 1] [1, 1] [1, 1] {my.tag} : tensor<4x4xf32> to tensor<f32>
  %d = tensor.insert_slice %a into %t[%i, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  %e = tensor.insert_slice %v into %d[3, 0] [1, 2] [1, %i] {my.tag} : tensor<2xf32> into tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}

// -----

// The tensor ops at function boundaries of a bufferized program: to_buffer / to_tensor pairs
// around a memref kernel, tensors returned through a cast.
func.func private @kernel(memref<4xf32>)
func.func @boundary(%t: tensor<4xf32>) -> tensor<*xf32> {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  call @kernel(%m) : (memref<4xf32>) -> ()
  %r = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}

// -----

// tensor.parallel_insert_slice: the tiles of an scf.forall combined into its shared output.
func.func @tiles(%t: tensor<4x4xf32>, %v: f32) -> tensor<4x4xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
    %tile = tensor.splat %v : tensor<2x4xf32>
    %off = arith.muli %i, %i : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %o[%off, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
    }
  }
  return %r : tensor<4x4xf32>
}
