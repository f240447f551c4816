// RUN: dealloc-opt %s --optimize-allocation-liveness

// Beyond MLIR 22, which moves the free of %a up to right after its address is taken: a
// buffer's address only identifies it while it lives (once freed, %b may get the same
// address, and buffer reuse makes sure it does), so the comparison that decides whether %b
// is freed counts as a use of %a, and the free of %a stays after it. Moved, the comparison
// could find the two equal and %b would leak (fuzz seed 91052520, with
// legacy-buffer-deallocation-pipeline{reuse=true}).
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %i7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<2xi64>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xi64> -> index
  %b = memref.alloc() : memref<2xi64>
  memref.store %i7, %b[%c0] : memref<2xi64>
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xi64> -> index
  %distinct = arith.cmpi ne, %pa, %pb : index
  %v = memref.load %b[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %a : memref<2xi64>
  scf.if %distinct {
    memref.dealloc %b : memref<2xi64>
  }
  return
}
