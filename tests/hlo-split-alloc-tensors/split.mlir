// RUN: dealloc-opt %s --hlo-split-alloc-tensors --split-input-file --allow-unregistered-dialect

// @split (mlir-hlo.md §2.3): three uses get three alloc_tensors; the original goes.
func.func @split() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = bufferization.alloc_tensor() : tensor<2xf32>
  %1 = "some.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "some.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "some.op"(%0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// @split_empty_region: an scf.if without else (regression test of MLIR-HLO); uses inside
// the region get their own copy in the region.
func.func @split_empty_region(%c: i1, %n: index) -> tensor<?xf32> {
  %0 = bufferization.alloc_tensor(%n) : tensor<?xf32>
  scf.if %c {
    "some.use"(%0) : (tensor<?xf32>) -> ()
  }
  return %0 : tensor<?xf32>
}
