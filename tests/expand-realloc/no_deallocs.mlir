// RUN: dealloc-opt %s --expand-realloc=emit-deallocs=false --split-input-file

// Without `emit-deallocs` the old buffer is not freed here (a later deallocation pass must do
// it), so these cases are text snapshots only (no `@main`).
func.func @dyn_to_dyn(%m: memref<?xf32>, %n: index) -> memref<?xf32> {
  %r = memref.realloc %m(%n) : memref<?xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

// -----

func.func @static_to_static(%m: memref<2xf32>) -> memref<4xf32> {
  %r = memref.realloc %m {alignment = 8} : memref<2xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// -----

func.func @dyn_to_static(%m: memref<?xf32>) -> memref<4xf32> {
  %r = memref.realloc %m : memref<?xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// -----

func.func @static_to_dyn(%m: memref<2xf32>, %n: index) -> memref<?xf32> {
  %r = memref.realloc %m(%n) : memref<2xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

// -----

func.func @memory_space(%m: memref<2xf32, 1>) -> memref<4xf32, 1> {
  %r = memref.realloc %m : memref<2xf32, 1> to memref<4xf32, 1>
  return %r : memref<4xf32, 1>
}
