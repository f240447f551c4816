// bufferization.dealloc compares its buffers' pointers. %ca still points at %a, freed before
// %b was allocated: %b may sit at %a's old address and compare equal to it (MLIR's lowering
// would then keep %b). A freed pointer compared only with buffers allocated before its free
// (%c here) is no hazard.
// EXPECT: use_after_free 16:3 site 10:8
func.func @main() {
  %f = arith.constant false
  %t = arith.constant true
  %c = memref.alloc() : memref<2xf32>
  %a = memref.alloc() : memref<2xf32>
  %ca = memref.cast %a : memref<2xf32> to memref<?xf32>
  %cc = memref.cast %c : memref<2xf32> to memref<?xf32>
  memref.dealloc %a : memref<2xf32>
  %kept = bufferization.dealloc (%ca : memref<?xf32>) if (%f) retain (%cc : memref<?xf32>)
  %b = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%ca, %b, %c : memref<?xf32>, memref<2xf32>, memref<2xf32>) if (%f, %t, %t)
  return
}
