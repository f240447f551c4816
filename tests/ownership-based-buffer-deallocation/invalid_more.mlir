// RUN: dealloc-opt %s --split-input-file --verify-diagnostics --ownership-based-buffer-deallocation=private-function-dynamic-ownership=true

// With private-function-dynamic-ownership, the signature update needs every return-like
// terminator of the body to have the same operand types. `func.return` is checked against the
// function type by its verifier, but `test.return` is not, so the two returns below disagree
// once ownership indicators are appended. (mlir-opt-22 reports the same error.)

// expected-error @below {{there are multiple return operations with different operand types}}
func.func private @multiple_return_types(%c: i1, %m: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  "test.return"(%m) : (memref<2xf32>) -> ()
}

// -----

// `scf.forall.in_parallel` is only supported with an empty body (after bufferization the
// parallel inserts are gone).
// Upstream differs: mlir-opt-22 gives `tensor.parallel_insert_slice` no memory-effect
// interface, so it stops earlier with "ops with unknown memory side effects are not supported"
// on the nested op; we register the op as Pure and reach the in_parallel check.
func.func @nonempty_in_parallel(%t: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    // expected-error @below {{only supported when nested region is empty}}
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// -----

// A function never owns its arguments: its callers free what they pass. Freeing an argument
// (here through a view) would be a second free in every caller, so it is rejected with
// upstream's diagnostic (found by `xtask fuzz --against-mlir-opt --files`: the pipeline used to
// keep this free and add the caller's, a double free at run time).
func.func @frees_its_argument(%src: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %cast = memref.cast %src : memref<4xi64> to memref<?xi64>
  %x = memref.load %cast[%c0] : memref<?xi64>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %cast : memref<?xi64>
  return %x : i64
}
