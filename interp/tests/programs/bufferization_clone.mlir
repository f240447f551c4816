// bufferization.clone: clones are independent copies (writes to either side do not show in
// the other), clones of dynamically shaped buffers, clones of clones, and a clone returned
// from a callee and freed by the caller.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @snapshot(%m: memref<4xi64>) -> memref<4xi64> {
  %c = bufferization.clone %m : memref<4xi64> to memref<4xi64>
  return %c : memref<4xi64>
}

func.func @show(%m: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %m[%i] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%i] : memref<4xi64>
  }
  %s1 = func.call @snapshot(%a) : (memref<4xi64>) -> memref<4xi64>
  %minus = arith.constant -5 : i64
  memref.store %minus, %a[%c1] : memref<4xi64>
  %s2 = bufferization.clone %s1 : memref<4xi64> to memref<4xi64>
  %nine = arith.constant 9 : i64
  memref.store %nine, %s1[%c0] : memref<4xi64>
  func.call @show(%a) : (memref<4xi64>) -> ()
  func.call @show(%s1) : (memref<4xi64>) -> ()
  func.call @show(%s2) : (memref<4xi64>) -> ()
  %big = memref.alloc() : memref<8xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i64
    %w = arith.muli %v, %v : i64
    memref.store %w, %big[%i] : memref<8xi64>
  }
  %dyn = memref.cast %big : memref<8xi64> to memref<?xi64>
  %oc = bufferization.clone %dyn : memref<?xi64> to memref<?xi64>
  memref.store %minus, %big[%c1] : memref<8xi64>
  %sum0 = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %sum0) -> (i64) {
    %i2 = arith.muli %i, %c2 : index
    %i3 = arith.addi %i2, %c1 : index
    %v = memref.load %oc[%i3] : memref<?xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  func.call @printI64(%sum) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<4xi64>
  memref.dealloc %s1 : memref<4xi64>
  memref.dealloc %s2 : memref<4xi64>
  memref.dealloc %big : memref<8xi64>
  memref.dealloc %oc : memref<?xi64>
  return
}
