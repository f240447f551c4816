// RUN: dealloc-opt %s --split-input-file --ownership-based-buffer-deallocation

// A temporary buffer allocated in each iteration of an scf.parallel body, whose contents are
// combined through scf.reduce. Prints 0*0 + 1*1 + 2*2 + 3*3 = 14.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %sum = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%zero) -> i64 {
    %tmp = memref.alloc() : memref<2xi64>
    %x = arith.index_cast %i : index to i64
    %sq = arith.muli %x, %x : i64
    memref.store %sq, %tmp[%c0] : memref<2xi64>
    memref.store %x, %tmp[%c1] : memref<2xi64>
    %v = memref.load %tmp[%c0] : memref<2xi64>
    scf.reduce(%v : i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  call @printI64(%sum) : (i64) -> ()
  return
}

// -----

// scf.parallel without reduction writing into a function-level buffer through a temporary
// allocated per iteration. Prints 0, 10, 20.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : i64
  %out = memref.alloc() : memref<3xi64>
  scf.parallel (%i) = (%c0) to (%c3) step (%c1) {
    %tmp = memref.alloc() : memref<1xi64>
    %x = arith.index_cast %i : index to i64
    %y = arith.muli %x, %c10 : i64
    memref.store %y, %tmp[%c0] : memref<1xi64>
    %v = memref.load %tmp[%c0] : memref<1xi64>
    memref.store %v, %out[%i] : memref<3xi64>
    scf.reduce
  }
  scf.for %j = %c0 to %c3 step %c1 {
    %v = memref.load %out[%j] : memref<3xi64>
    func.call @printI64(%v) : (i64) -> ()
  }
  return
}

// -----

// scf.forall (in form) writing two elements per iteration into a function-level buffer
// through a subview, with a per-iteration temporary. Prints 0, 1, 100, 101, 200, 201.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c100 = arith.constant 100 : i64
  %one = arith.constant 1 : i64
  %out = memref.alloc() : memref<6xi64>
  scf.forall (%i) in (3) {
    %off = arith.muli %i, %c2 : index
    %view = memref.subview %out[%off] [2] [1] : memref<6xi64> to memref<2xi64, strided<[1], offset: ?>>
    %tmp = memref.alloc() : memref<1xi64>
    %x = arith.index_cast %i : index to i64
    %y = arith.muli %x, %c100 : i64
    memref.store %y, %tmp[%c0] : memref<1xi64>
    %v = memref.load %tmp[%c0] : memref<1xi64>
    %w = arith.addi %v, %one : i64
    memref.store %v, %view[%c0] : memref<2xi64, strided<[1], offset: ?>>
    memref.store %w, %view[%c1] : memref<2xi64, strided<[1], offset: ?>>
  }
  scf.for %j = %c0 to %c6 step %c1 {
    %v = memref.load %out[%j] : memref<6xi64>
    func.call @printI64(%v) : (i64) -> ()
  }
  return
}
