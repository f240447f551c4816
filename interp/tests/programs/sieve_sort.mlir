// Classic algorithms over buffers: a sieve of Eratosthenes on an i1 buffer (counting primes
// below 2000) and an insertion sort of a pseudo-random i32 sequence (linear congruential),
// with scf.while inner loops whose conditions read memory.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @sieve(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant true
  %f = arith.constant false
  %is = memref.alloc(%n) : memref<?xi1>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %t, %is[%i] : memref<?xi1>
  }
  scf.for %i = %c2 to %n step %c1 {
    %p = memref.load %is[%i] : memref<?xi1>
    scf.if %p {
      %sq = arith.muli %i, %i : index
      scf.for %j = %sq to %n step %i {
        memref.store %f, %is[%j] : memref<?xi1>
      }
    }
  }
  %z = arith.constant 0 : i64
  %count = scf.for %i = %c2 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %p = memref.load %is[%i] : memref<?xi1>
    %e = arith.extui %p : i1 to i64
    %a = arith.addi %acc, %e : i64
    scf.yield %a : i64
  }
  memref.dealloc %is : memref<?xi1>
  return %count : i64
}

func.func @insertion_sort(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %c1 to %n step %c1 {
    %key = memref.load %m[%i] : memref<?xi32>
    %pos = scf.while (%j = %i) : (index) -> index {
      %at_start = arith.cmpi eq, %j, %c0 : index
      %go = scf.if %at_start -> (i1) {
        %no = arith.constant false
        scf.yield %no : i1
      } else {
        %jm = arith.subi %j, %c1 : index
        %prev = memref.load %m[%jm] : memref<?xi32>
        %gt = arith.cmpi sgt, %prev, %key : i32
        scf.yield %gt : i1
      }
      scf.condition(%go) %j : index
    } do {
    ^bb0(%j: index):
      %jm = arith.subi %j, %c1 : index
      %prev = memref.load %m[%jm] : memref<?xi32>
      memref.store %prev, %m[%j] : memref<?xi32>
      scf.yield %jm : index
    }
    memref.store %key, %m[%pos] : memref<?xi32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2000 : index
  %primes = func.call @sieve(%n) : (index) -> i64
  func.call @printI64(%primes) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %len = arith.constant 40 : index
  %m = memref.alloc(%len) : memref<?xi32>
  %seed = arith.constant 12345 : i32
  %mul = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %mod = arith.constant 1000 : i32
  %last = scf.for %i = %c0 to %len step %c1 iter_args(%x = %seed) -> (i32) {
    %y = arith.muli %x, %mul : i32
    %z = arith.addi %y, %inc : i32
    %r = arith.remui %z, %mod : i32
    memref.store %r, %m[%i] : memref<?xi32>
    scf.yield %z : i32
  }
  func.call @insertion_sort(%m) : (memref<?xi32>) -> ()
  scf.for %i = %c0 to %len step %c1 {
    %v = memref.load %m[%i] : memref<?xi32>
    %w = arith.extsi %v : i32 to i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<?xi32>
  return
}
