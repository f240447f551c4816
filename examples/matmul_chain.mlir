// A chain of matrix products with temporaries, as bufferized linalg code comes out of
// One-Shot Bufferize: every product gets a fresh buffer, each used once by the next product.
// Freeing each temporary right after its consumer keeps the peak at three matrices.
func.func private @printMemrefF32(memref<*xf32>)

func.func @product(%a: memref<8x8xf32>, %b: memref<8x8xf32>) -> memref<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return %c : memref<8x8xf32>
}

func.func @main() {
  %half = arith.constant 0.5 : f32
  %m = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%half : f32) outs(%m : memref<8x8xf32>)
  %p1 = call @product(%m, %m) : (memref<8x8xf32>, memref<8x8xf32>) -> memref<8x8xf32>
  %p2 = call @product(%p1, %m) : (memref<8x8xf32>, memref<8x8xf32>) -> memref<8x8xf32>
  %p3 = call @product(%p2, %p1) : (memref<8x8xf32>, memref<8x8xf32>) -> memref<8x8xf32>
  %p4 = call @product(%p3, %m) : (memref<8x8xf32>, memref<8x8xf32>) -> memref<8x8xf32>
  %c0 = arith.constant 0 : index
  %corner = memref.subview %p4[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1]>>
  %copy = memref.alloc() : memref<2x2xf32>
  memref.copy %corner, %copy : memref<2x2xf32, strided<[8, 1]>> to memref<2x2xf32>
  %u = memref.cast %copy : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
