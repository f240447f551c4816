// RUN: dealloc-opt %s --pass-pipeline=builtin.module(func.func(bufferization-lower-deallocations)) --split-input-file --verify-diagnostics

// Nine memrefs are too many to compare inline (81 comparisons): the generic case needs the
// helper function, which a pass on a function cannot insert.
func.func @generic(%m0: memref<2xf32>, %m1: memref<2xf32>, %m2: memref<2xf32>, %m3: memref<2xf32>, %m4: memref<2xf32>, %m5: memref<2xf32>, %m6: memref<2xf32>, %m7: memref<2xf32>, %m8: memref<2xf32>, %c: i1) {
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%m0, %m1, %m2, %m3, %m4, %m5, %m6, %m7, %m8 : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c, %c, %c, %c, %c, %c, %c, %c, %c)
  return
}
