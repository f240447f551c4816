// printMemref* (libmlir_runner_utils): ranks 0 to 3, size-1 and size-0 dimensions (whose first
// element the C++ printer still prints), strided views, and i64 elements.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI64(memref<*xi64>) attributes { llvm.emit_c_interface }
func.func @fill(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %h = arith.constant 0.25 : f32
    %g = arith.mulf %f, %h : f32
    memref.store %g, %m[%i] : memref<?xf32>
  }
  return
}
func.func @main() {
  %c24 = arith.constant 24 : index
  %a = memref.alloc() : memref<24xf32>
  %ad = memref.cast %a : memref<24xf32> to memref<?xf32>
  call @fill(%ad, %c24) : (memref<?xf32>, index) -> ()
  %r0 = memref.subview %a[5] [1] [1] : memref<24xf32> to memref<f32, strided<[], offset: 5>>
  %u0 = memref.cast %r0 : memref<f32, strided<[], offset: 5>> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %r1 = memref.reinterpret_cast %a to offset: [0], sizes: [1], strides: [1] : memref<24xf32> to memref<1xf32>
  %u1 = memref.cast %r1 : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %r2 = memref.reinterpret_cast %a to offset: [0], sizes: [2, 3], strides: [3, 1] : memref<24xf32> to memref<2x3xf32>
  %u2 = memref.cast %r2 : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %r3 = memref.reinterpret_cast %a to offset: [0], sizes: [2, 3, 4], strides: [12, 4, 1] : memref<24xf32> to memref<2x3x4xf32>
  %u3 = memref.cast %r3 : memref<2x3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  %r4 = memref.reinterpret_cast %a to offset: [0], sizes: [0, 3], strides: [3, 1] : memref<24xf32> to memref<0x3xf32>
  %u4 = memref.cast %r4 : memref<0x3xf32> to memref<*xf32>
  call @printMemrefF32(%u4) : (memref<*xf32>) -> ()
  %r5 = memref.reinterpret_cast %a to offset: [2], sizes: [3, 1], strides: [1, 1] : memref<24xf32> to memref<3x1xf32, strided<[1,1], offset: 2>>
  %u5 = memref.cast %r5 : memref<3x1xf32, strided<[1,1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%u5) : (memref<*xf32>) -> ()
  %r6 = memref.reinterpret_cast %a to offset: [0], sizes: [1, 1, 2], strides: [2, 2, 1] : memref<24xf32> to memref<1x1x2xf32>
  %u6 = memref.cast %r6 : memref<1x1x2xf32> to memref<*xf32>
  call @printMemrefF32(%u6) : (memref<*xf32>) -> ()
  %r7 = memref.reinterpret_cast %a to offset: [0], sizes: [0], strides: [1] : memref<24xf32> to memref<0xf32>
  %u7 = memref.cast %r7 : memref<0xf32> to memref<*xf32>
  call @printMemrefF32(%u7) : (memref<*xf32>) -> ()
  %i = memref.alloc() : memref<2x2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant -5 : i64
  %w = arith.constant 1234567890123 : i64
  memref.store %v, %i[%c0, %c0] : memref<2x2xi64>
  memref.store %w, %i[%c0, %c1] : memref<2x2xi64>
  memref.store %v, %i[%c1, %c0] : memref<2x2xi64>
  memref.store %w, %i[%c1, %c1] : memref<2x2xi64>
  %ui = memref.cast %i : memref<2x2xi64> to memref<*xi64>
  call @printMemrefI64(%ui) : (memref<*xi64>) -> ()
  memref.dealloc %i : memref<2x2xi64>
  memref.dealloc %a : memref<24xf32>
  return
}
