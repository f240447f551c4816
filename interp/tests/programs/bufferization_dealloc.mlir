// bufferization.dealloc as the ownership-based pass emits it: conditions computed at run time
// (loop parity), retained values that alias a freed candidate (through a subview, a cast and
// the identity), several retained values, and the ownership results used to decide later
// frees. Every buffer is freed exactly once.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @pb(%b: i1) {
  %e = arith.extui %b : i1 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printComma() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %t = arith.constant true
  %f = arith.constant false
  // Conditions from loop parity: even iterations free, odd ones keep (and free later).
  scf.for %i = %c0 to %c6 step %c1 {
    %m = memref.alloc() : memref<8xi32>
    %r = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    bufferization.dealloc (%m : memref<8xi32>) if (%even)
    %odd = arith.xori %even, %t : i1
    bufferization.dealloc (%m : memref<8xi32>) if (%odd)
  }
  // A retained subview keeps its base alive; the returned ownership says so.
  %a = memref.alloc() : memref<10xi64>
  %b = memref.alloc() : memref<10xi64>
  %va = memref.subview %a[2] [3] [1] : memref<10xi64> to memref<3xi64, strided<[1], offset: 2>>
  %cb = memref.cast %b : memref<10xi64> to memref<?xi64>
  %own:2 = bufferization.dealloc (%a, %b : memref<10xi64>, memref<10xi64>) if (%t, %f) retain (%va, %cb : memref<3xi64, strided<[1], offset: 2>>, memref<?xi64>)
  func.call @pb(%own#0) : (i1) -> ()
  func.call @pb(%own#1) : (i1) -> ()
  func.call @printNewline() : () -> ()
  %five = arith.constant 5 : i64
  memref.store %five, %va[%c0] : memref<3xi64, strided<[1], offset: 2>>
  %back = memref.load %a[%c2] : memref<10xi64>
  func.call @printI64(%back) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // The ownership results now decide the frees of %a (owned) and %b (not owned: %b is freed
  // unconditionally below instead).
  bufferization.dealloc (%a : memref<10xi64>) if (%own#0)
  memref.dealloc %b : memref<10xi64>
  // Retaining the very buffer that is a candidate: nothing is freed, ownership is true.
  %c = memref.alloc() : memref<4xf32>
  %keep = bufferization.dealloc (%c : memref<4xf32>) if (%t) retain (%c : memref<4xf32>)
  func.call @pb(%keep) : (i1) -> ()
  // Retained value unrelated to any candidate: candidate freed, ownership false.
  %d = memref.alloc() : memref<4xf32>
  %none = bufferization.dealloc (%d : memref<4xf32>) if (%t) retain (%c : memref<4xf32>)
  func.call @pb(%none) : (i1) -> ()
  func.call @printNewline() : () -> ()
  bufferization.dealloc (%c : memref<4xf32>) if (%keep)
  return
}
