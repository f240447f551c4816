// RUN: dealloc-opt %s --split-input-file

// bufferization.dealloc with no memrefs at all: prints as the bare op name.
func.func @dealloc_empty() {
  bufferization.dealloc
  return
}

// -----

// dealloc of several memrefs with their conditions; no retained values, so
// the op has no results.
func.func @dealloc_conditions(%a: memref<2xf32>, %b: memref<?xi32>, %c1: i1, %c2: i1) {
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<?xi32>) if (%c1, %c2)
  return
}

// -----

// dealloc with retained memrefs: one i1 result per retained value, named
// with the plain numeric scheme (no name hint).
func.func @dealloc_retain(%a: memref<2xf32>, %b: memref<4xf32>, %r: memref<8xf32>, %c: i1) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xf32>) if (%c, %c) retain (%r, %a : memref<8xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// dealloc with only a retain list (nothing to free).
func.func @dealloc_only_retain(%r: memref<8xf32>) -> i1 {
  %0 = bufferization.dealloc retain (%r : memref<8xf32>)
  return %0 : i1
}

// -----

// dealloc of base buffers from extract_strided_metadata, the form the
// ownership-based deallocation pass emits for views.
func.func @dealloc_base_buffer(%c: i1) {
  %0 = memref.alloc() : memref<8xf32>
  %1 = memref.subview %0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %base, %off, %sz, %st = memref.extract_strided_metadata %1 : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  %true = arith.constant true
  bufferization.dealloc (%base : memref<f32>) if (%true)
  return
}

// -----

// Output shape of ownership-based deallocation for an scf.if diamond: the
// ownership indicator travels next to the memref as an extra i1 result.
func.func @ownership_if(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %false = arith.constant false
  %true = arith.constant true
  %0:2 = scf.if %c -> (memref<2xf32>, i1) {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a, %true : memref<2xf32>, i1
  } else {
    scf.yield %arg, %false : memref<2xf32>, i1
  }
  %1 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%0#1)
  return %1 : memref<2xf32>
}

// -----

// Output shape of ownership-based deallocation in a cf diamond: dealloc
// with retain in the predecessor, ownership passed as a block argument.
func.func @ownership_cf(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %false = arith.constant false
  %true = arith.constant true
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%a, %true : memref<2xf32>, i1)
^bb2:
  cf.br ^bb3(%arg, %false : memref<2xf32>, i1)
^bb3(%m: memref<2xf32>, %own: i1):
  %r = scf.if %own -> (memref<2xf32>) {
    scf.yield %m : memref<2xf32>
  } else {
    %cl = bufferization.clone %m : memref<2xf32> to memref<2xf32>
    scf.yield %cl : memref<2xf32>
  }
  %base, %off, %sz, %st = memref.extract_strided_metadata %m : memref<2xf32> -> memref<f32>, index, index, index
  %keep = bufferization.dealloc (%base : memref<f32>) if (%own) retain (%r : memref<2xf32>)
  return %r : memref<2xf32>
}

// -----

// bufferization.clone of static, dynamic and strided memrefs.
func.func @clone(%a: memref<4xf32>, %b: memref<?x?xf64>, %s: memref<4xf32, strided<[2], offset: ?>>) {
  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %1 = bufferization.clone %b : memref<?x?xf64> to memref<?x?xf64>
  %2 = bufferization.clone %s : memref<4xf32, strided<[2], offset: ?>> to memref<4xf32, strided<[2], offset: ?>>
  memref.dealloc %0 : memref<4xf32>
  memref.dealloc %1 : memref<?x?xf64>
  memref.dealloc %2 : memref<4xf32, strided<[2], offset: ?>>
  return
}

// -----

// alloc_tensor with dynamic sizes, `copy(...)`, and a memory_space
// attribute.
func.func @alloc_tensor(%n: index, %t: tensor<4xf32>) -> (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = bufferization.alloc_tensor(%n) : tensor<?x4xf32>
  %1 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  return %0, %1, %2 : tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// to_buffer / to_tensor conversions at the tensor/memref boundary, with the
// `read_only`, `restrict` and `writable` unit keywords.
func.func @to_buffer_to_tensor(%t: tensor<4xf32>, %m: memref<4xf32>) -> (memref<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %1 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %2 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %3 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  return %0, %2, %3 : memref<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Deallocation inside a loop body with a retained iter_arg, the shape
// produced for loops that allocate every iteration.
func.func @ownership_loop(%n: index, %init: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %own = %false) -> (memref<2xf32>, i1) {
    %fresh = memref.alloc() : memref<2xf32>
    memref.copy %cur, %fresh : memref<2xf32> to memref<2xf32>
    %base, %off, %sz, %st = memref.extract_strided_metadata %cur : memref<2xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %fresh, %true : memref<2xf32>, i1
  }
  return %r#0 : memref<2xf32>
}
