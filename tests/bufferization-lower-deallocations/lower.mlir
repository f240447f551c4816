// RUN: dealloc-opt %s --bufferization-lower-deallocations --split-input-file

// The generic case: an earlier aliasing entry with a false condition must not keep the
// later entry from being freed (MLIR's helper leaks here).
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  %f = arith.constant false
  %t = arith.constant true
  bufferization.dealloc (%v, %a : memref<?xf32>, memref<4xf32>) if (%f, %t)
  return
}

// -----

// Generic case with retained values: ownership of the retained alias is the OR.
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  %0 = bufferization.dealloc (%a, %b : memref<4xf32>, memref<2xf32>) if (%t, %t) retain (%b : memref<2xf32>)
  %p1 = arith.extui %0 : i1 to i64
  func.call @printI64(%p1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %b : memref<2xf32>
  return
}

// -----

// One memref, several retained; one memref, none; no memref.
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  %0:2 = bufferization.dealloc (%a : memref<4xf32>) if (%t) retain (%a, %b : memref<4xf32>, memref<2xf32>)
  %p2 = arith.extui %0#0 : i1 to i64
  func.call @printI64(%p2) : (i64) -> ()
  %p3 = arith.extui %0#1 : i1 to i64
  func.call @printI64(%p3) : (i64) -> ()
  func.call @printNewline() : () -> ()
  bufferization.dealloc (%a : memref<4xf32>) if (%0#0)
  bufferization.dealloc (%b : memref<2xf32>) if (%t)
  %1 = bufferization.dealloc retain (%c : memref<2xf32>)
  %p4 = arith.extui %1 : i1 to i64
  func.call @printI64(%p4) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %c : memref<2xf32>
  return
}

// -----

// Too many memrefs to compare inline (9 memrefs, 2 retained: 99 comparisons): the helper is
// called on stack buffers in an allocation scope, inside a loop, so nothing is allocated on the
// heap and the stack does not grow with the trips. Entries 0 and 1 alias with a false and a true
// condition (entry 1 frees), entry 2 is retained (not freed, ownership reported), and the
// retained %r1 is freed by no entry (ownership false).
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant true
  %f = arith.constant false
  %r1 = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.alloc() : memref<4xf32>
    %av = memref.cast %a : memref<4xf32> to memref<?xf32>
    %r0 = memref.alloc() : memref<2xf32>
    %m3 = memref.alloc() : memref<2xf32>
    %m4 = memref.alloc() : memref<2xf32>
    %m5 = memref.alloc() : memref<2xf32>
    %m6 = memref.alloc() : memref<2xf32>
    %m7 = memref.alloc() : memref<2xf32>
    %m8 = memref.alloc() : memref<2xf32>
    %o:2 = bufferization.dealloc (%av, %a, %r0, %m3, %m4, %m5, %m6, %m7, %m8 : memref<?xf32>, memref<4xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%f, %t, %t, %t, %t, %t, %t, %t, %t) retain (%r0, %r1 : memref<2xf32>, memref<2xf32>)
    %p0 = arith.extui %o#0 : i1 to i64
    func.call @printI64(%p0) : (i64) -> ()
    %p1 = arith.extui %o#1 : i1 to i64
    func.call @printI64(%p1) : (i64) -> ()
    func.call @printNewline() : () -> ()
    memref.dealloc %r0 : memref<2xf32>
  }
  memref.dealloc %r1 : memref<2xf32>
  return
}
