// RUN: dealloc-opt %s --optimize-allocation-liveness --split-input-file
// UPSTREAM-OUTPUT: --optimize-allocation-liveness --split-input-file

// A chain of temporaries freed at the end of the block: each free moves up to right after
// the last use of its buffer, so at most two buffers are live at once.
func.func @chain(%x: memref<4xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %x, %a : memref<4xf32> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  memref.copy %b, %c : memref<4xf32> to memref<4xf32>
  memref.copy %c, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}

// -----

// A view keeps its buffer alive: the free goes after the view's last use.
func.func @through_a_view(%x: memref<4xf32>, %out: memref<2xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %x, %a : memref<4xf32> to memref<4xf32>
  %v = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %k = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  memref.copy %v, %out : memref<2xf32, strided<[1]>> to memref<2xf32>
  memref.copy %x, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// A use nested in an `scf.if` counts as a use by the `scf.if`.
func.func @nested_use(%c: i1, %x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.copy %x, %a : memref<4xf32> to memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  memref.copy %x, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// A conditional free (under `scf.if`) stays where it is.
func.func @conditional_free(%c: i1, %x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %x, %a : memref<4xf32> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %x, %b : memref<4xf32> to memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// A free already right after the last use does not move.
func.func @already_early(%x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %x, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %x, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// An op allocating its second result (`test.alloc_with_multiple_results`, as in upstream's
// tests): its free already follows the last use.
func.func private @second_result_allocated() {
  %id, %buffer = test.alloc_with_multiple_results : index, memref<64xf32>
  memref.dealloc %buffer : memref<64xf32>
  return
}
