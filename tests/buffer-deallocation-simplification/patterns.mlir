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

// -----

// A loop body's argument %a and a value that may only be buffers allocated while the body runs
// (%inner, the result of a loop nested in it; %x, that loop's argument) are different
// buffers, as MLIR decides for one allocation in the block: the first dealloc retains
// nothing, the second frees %a unconditionally. %init, which does not come from the body,
// may be %a and stays retained.
func.func @made_in_block(%n: index, %init: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%x = %b) -> (memref<2xf32>) {
      %0 = bufferization.dealloc (%a : memref<2xf32>) if (%t) retain (%x : memref<2xf32>)
      %y = memref.alloc() : memref<2xf32>
      scf.yield %y : memref<2xf32>
    }
    %1 = bufferization.dealloc (%a : memref<2xf32>) if (%t) retain (%inner : memref<2xf32>)
    %2 = bufferization.dealloc (%a : memref<2xf32>) if (%t) retain (%init : memref<2xf32>)
    scf.yield %inner : memref<2xf32>
  }
  return %r : memref<2xf32>
}
