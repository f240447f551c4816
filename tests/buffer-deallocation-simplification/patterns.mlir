// RUN: dealloc-opt %s --buffer-deallocation-simplification --split-input-file

func.func @main() {
  %t = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  %v = memref.subview %c[0] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1]>>
  %0 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%t, %t) retain (%v : memref<1xf32, strided<[1]>>)
  %1 = bufferization.dealloc (%c : memref<2xf32>) if (%t) retain (%v : memref<1xf32, strided<[1]>>)
  %n = arith.xori %1, %t : i1
  bufferization.dealloc (%c : memref<2xf32>) if (%1)
  return
}

// -----

func.func @split(%arg: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %0 = bufferization.dealloc (%a, %b, %arg : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c, %c, %c) retain (%arg : memref<2xf32>)
  return %arg : memref<2xf32>
}
