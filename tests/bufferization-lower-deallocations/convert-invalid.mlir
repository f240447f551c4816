// RUN: dealloc-opt %s --convert-bufferization-to-memref --split-input-file --verify-diagnostics

func.func @bad_layout(%b: memref<4xf32, strided<[10], offset: ?>>) -> memref<4xf32, strided<[10], offset: ?>> {
  // expected-error @below {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %1 = bufferization.clone %b : memref<4xf32, strided<[10], offset: ?>> to memref<4xf32, strided<[10], offset: ?>>
  return %1 : memref<4xf32, strided<[10], offset: ?>>
}
