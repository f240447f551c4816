// bufferization.clone (a fresh copy) and bufferization.dealloc: conditional frees, retained
// aliases that block a free and receive the ownership, aliasing operands freed once, and the
// trivial forms without memrefs or without retained values.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @pb(%b: i1) {
  %e = arith.extui %b : i1 to i64
  func.call @printI64(%e) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %a = memref.alloc() : memref<2xi64>
  %seven = arith.constant 7 : i64
  memref.store %seven, %a[%c0] : memref<2xi64>
  memref.store %seven, %a[%c1] : memref<2xi64>
  %cl = bufferization.clone %a : memref<2xi64> to memref<2xi64>
  %eight = arith.constant 8 : i64
  memref.store %eight, %a[%c0] : memref<2xi64>
  %v = memref.load %cl[%c0] : memref<2xi64>
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %b = memref.alloc() : memref<4xi64>
  %view = memref.subview %b[1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  // %b aliases the retained %view: not freed, ownership moves to the result.
  %r:2 = bufferization.dealloc (%a, %b : memref<2xi64>, memref<4xi64>) if (%t, %t) retain (%view, %cl : memref<2xi64, strided<[1], offset: 1>>, memref<2xi64>)
  func.call @pb(%r#0) : (i1) -> ()
  func.call @pb(%r#1) : (i1) -> ()
  // A false condition frees nothing.
  bufferization.dealloc (%b : memref<4xi64>) if (%f)
  %w = memref.load %view[%c1] : memref<2xi64, strided<[1], offset: 1>>
  %one = bufferization.dealloc (%b : memref<4xi64>) if (%t) retain (%cl : memref<2xi64>)
  func.call @pb(%one) : (i1) -> ()
  %none = bufferization.dealloc retain (%cl : memref<2xi64>)
  func.call @pb(%none) : (i1) -> ()
  %c = memref.alloc() : memref<3xi64>
  %cc = memref.cast %c : memref<3xi64> to memref<?xi64>
  // Two operands of one allocation: freed once.
  bufferization.dealloc (%c, %cc, %cl : memref<3xi64>, memref<?xi64>, memref<2xi64>) if (%t, %t, %t)
  return
}
