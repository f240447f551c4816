// RUN: dealloc-opt %s --hlo-deallocation-simplification --split-input-file
// NO-MLIR-OPT: the input and output use the MLIR-HLO deallocation dialect

// NO-JIT: deallocation ops
// The simplification examples of mlir-hlo.md §2.2, each run before and after.
// @retain_is_dealloc: a retain of one owned alloc that keeps nothing is a memref.dealloc.
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  deallocation.retain() of(%o) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_of_nothing: a retain of no alloc gives null indicators.
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  %r = deallocation.retain(%a) of() : (memref<2xf32>) -> !deallocation.ownership
  deallocation.free %o
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_is_dealloc_for: an owned buffer carried through scf.for is freed after it with
// memref.dealloc of the loop's memref result; the own becomes null.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %xo = %o) -> (memref<2xf32>, !deallocation.ownership) {
    scf.yield %x, %xo : memref<2xf32>, !deallocation.ownership
  }
  deallocation.retain() of(%r#1) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_is_dealloc_reallocated: each trip frees the old buffer and owns a new one; the
// loop result is still never null.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %xo = %o) -> (memref<2xf32>, !deallocation.ownership) {
    deallocation.retain() of(%xo) : (!deallocation.ownership) -> ()
    %n = memref.alloc() : memref<2xf32>
    %no = deallocation.own %n : memref<2xf32>
    scf.yield %n, %no : memref<2xf32>, !deallocation.ownership
  }
  deallocation.retain() of(%r#1) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_is_not_dealloc_for: a loop result that may be null keeps its retain.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  %null = deallocation.null
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %xo = %o) -> (memref<2xf32>, !deallocation.ownership) {
    %k = deallocation.retain(%x) of(%xo) : (memref<2xf32>, !deallocation.ownership) -> !deallocation.ownership
    scf.yield %x, %k : memref<2xf32>, !deallocation.ownership
  }
  deallocation.retain() of(%r#1) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_is_dealloc_while: the same through scf.while.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  %w:3 = scf.while (%x = %a, %xo = %o, %i = %c0) : (memref<2xf32>, !deallocation.ownership, index) -> (memref<2xf32>, !deallocation.ownership, index) {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %x, %xo, %i : memref<2xf32>, !deallocation.ownership, index
  } do {
  ^bb0(%x: memref<2xf32>, %xo: !deallocation.ownership, %i: index):
    %j = arith.addi %i, %c1 : index
    scf.yield %x, %xo, %j : memref<2xf32>, !deallocation.ownership, index
  }
  deallocation.retain() of(%w#1) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_is_dealloc_while_permute: two owned buffers swapped each trip; both results are
// never null, and each retain becomes a memref.dealloc of its memref result.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %oa = deallocation.own %a : memref<2xf32>
  %ob = deallocation.own %b : memref<2xf32>
  %w:5 = scf.while (%x = %a, %y = %b, %xo = %oa, %yo = %ob, %i = %c0) : (memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership, index) -> (memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership, index) {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %y, %x, %yo, %xo, %i : memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership, index
  } do {
  ^bb0(%x: memref<2xf32>, %y: memref<2xf32>, %xo: !deallocation.ownership, %yo: !deallocation.ownership, %i: index):
    %j = arith.addi %i, %c1 : index
    scf.yield %x, %y, %xo, %yo, %j : memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership, index
  }
  deallocation.retain() of(%w#2) : (!deallocation.ownership) -> ()
  deallocation.retain() of(%w#3) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_of_null: null indicators swapped through a loop are proven always null, and
// every retain of them disappears.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %n = deallocation.null
  %r:4 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a, %xo = %n, %yo = %n) -> (memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership) {
    scf.yield %y, %x, %yo, %xo : memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership
  }
  deallocation.retain() of(%r#2) : (!deallocation.ownership) -> ()
  %k = deallocation.retain(%r#1) of(%r#3) : (memref<2xf32>, !deallocation.ownership) -> !deallocation.ownership
  memref.dealloc %a : memref<2xf32>
  return
}
