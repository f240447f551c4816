// RUN: dealloc-opt %s --convert-bufferization-to-memref --split-input-file --verify-diagnostics

// A dynamic stride with a static non-zero offset: neither an identity buffer cast nor a
// static-stride reinterpretation fits (mlir-opt-22 fails on it too).
func.func @bad_layout(%b: memref<4xf32, strided<[?], offset: 2>>) -> memref<4xf32, strided<[?], offset: 2>> {
  // expected-error @below {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %1 = bufferization.clone %b : memref<4xf32, strided<[?], offset: 2>> to memref<4xf32, strided<[?], offset: 2>>
  return %1 : memref<4xf32, strided<[?], offset: 2>>
}

