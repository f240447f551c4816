// RUN: dealloc-opt %s --convert-bufferization-to-memref --split-input-file

func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %k = arith.constant 2.5 : f32
  %a = memref.alloc(%c3) : memref<?xf32>
  memref.store %k, %a[%c0] : memref<?xf32>
  %b = bufferization.clone %a : memref<?xf32> to memref<?xf32>
  %x = memref.load %b[%c0] : memref<?xf32>
  func.call @printF32(%x) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %t = arith.constant true
  bufferization.dealloc (%a, %b : memref<?xf32>, memref<?xf32>) if (%t, %t)
  return
}

// -----

// Clones whose static layouts an identity buffer cannot be cast to (mlir-opt-22 fails to
// legalize them): a rank-1 buffer large enough for the layout, reinterpreted with it. Static
// offset, a padded static stride, and a dynamic size with a dynamic offset.
// NO-JIT: the JIT lowers the input with mlir-opt-22, which cannot lower these clones.
func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.5 : f32
  %two = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %a[%i] : memref<8xf32>
  }
  %off = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %c_off = bufferization.clone %off : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[1], offset: 2>>
  memref.store %one, %c_off[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %x = memref.load %c_off[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %y = memref.load %c_off[%c3] : memref<4xf32, strided<[1], offset: 2>>
  %z = memref.load %off[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %m = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [4, 1] : memref<8xf32> to memref<2x2xf32, strided<[4, 1]>>
  %c_pad = bufferization.clone %m : memref<2x2xf32, strided<[4, 1]>> to memref<2x2xf32, strided<[4, 1]>>
  memref.store %two, %c_pad[%c1, %c1] : memref<2x2xf32, strided<[4, 1]>>
  %p = memref.load %c_pad[%c1, %c1] : memref<2x2xf32, strided<[4, 1]>>
  %q = memref.load %c_pad[%c1, %c0] : memref<2x2xf32, strided<[4, 1]>>
  %r = memref.load %m[%c1, %c1] : memref<2x2xf32, strided<[4, 1]>>
  %dyn = memref.subview %a[%c1] [%c3] [2] : memref<8xf32> to memref<?xf32, strided<[2], offset: ?>>
  %c_dyn = bufferization.clone %dyn : memref<?xf32, strided<[2], offset: ?>> to memref<?xf32, strided<[2], offset: ?>>
  %s = memref.load %c_dyn[%c2] : memref<?xf32, strided<[2], offset: ?>>
  func.call @printF32(%x) : (f32) -> ()
  func.call @printF32(%y) : (f32) -> ()
  func.call @printF32(%z) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%p) : (f32) -> ()
  func.call @printF32(%q) : (f32) -> ()
  func.call @printF32(%r) : (f32) -> ()
  func.call @printF32(%s) : (f32) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %c_off : memref<4xf32, strided<[1], offset: 2>>
  memref.dealloc %c_pad : memref<2x2xf32, strided<[4, 1]>>
  memref.dealloc %c_dyn : memref<?xf32, strided<[2], offset: ?>>
  memref.dealloc %a : memref<8xf32>
  return
}

// -----

// An unranked clone (as mlir-opt-22: sizes into a stack buffer, a rank-1 allocation reshaped
// with them, a copy), printed with printMemrefF32 before and after writing the original.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3.5 : f32
  %w = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<2x3xf32>
  memref.store %v, %a[%c0, %c0] : memref<2x3xf32>
  memref.store %v, %a[%c0, %c1] : memref<2x3xf32>
  %c2 = arith.constant 2 : index
  memref.store %v, %a[%c0, %c2] : memref<2x3xf32>
  memref.store %w, %a[%c1, %c0] : memref<2x3xf32>
  memref.store %w, %a[%c1, %c1] : memref<2x3xf32>
  memref.store %w, %a[%c1, %c2] : memref<2x3xf32>
  %u = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  %c = bufferization.clone %u : memref<*xf32> to memref<*xf32>
  memref.store %w, %a[%c0, %c0] : memref<2x3xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%c) : (memref<*xf32>) -> ()
  memref.dealloc %c : memref<*xf32>
  memref.dealloc %a : memref<2x3xf32>
  return
}
