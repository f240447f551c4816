// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file

// A function in a nested module gets the same simplification and static decisions as one
// at the top: the select of two owned buffers is returned with its indicator decided in
// place, with no call of the generic retain helper.
module {
  module @inner {
    func.func @f(%c: i1) -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      %b = memref.alloc() : memref<2xf32>
      %r = scf.if %c -> (memref<2xf32>) {
        scf.yield %a : memref<2xf32>
      } else {
        scf.yield %b : memref<2xf32>
      }
      return %r : memref<2xf32>
    }
  }
}
