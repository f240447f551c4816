// RUN: dealloc-opt %s --hlo-deallocation-to-scf --split-input-file
// NO-MLIR-OPT: the input and output use the MLIR-HLO deallocation dialect

// NO-JIT: deallocation ops
// @retain_nothing: retain() of(%o) becomes a free guarded by the buffer address.
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  deallocation.retain() of(%o) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @retain_something: one retained memref and one alloc (mlir-hlo.md §2.6); the retained
// buffer keeps its ownership, freed later.
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %o = deallocation.own %a : memref<2xf32>
  %r = deallocation.retain(%a) of(%o) : (memref<2xf32>, !deallocation.ownership) -> !deallocation.ownership
  deallocation.free %r
  return
}

// -----

// NO-JIT: deallocation ops
// One retained memref, three allocs (one null): the retained view claims its buffer, the
// other owned one is freed.
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %ob = deallocation.own %b : memref<4xf32>
  %n = deallocation.null
  %v = memref.subview %b[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r = deallocation.retain(%v) of(%oa, %n, %ob) : (memref<2xf32, strided<[1], offset: 1>>, !deallocation.ownership, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
  deallocation.free %r
  return
}

// -----

// NO-JIT: deallocation ops
// Two retained memrefs of one alloc: the first claims it, the second gets null.
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %r:2 = deallocation.retain(%a, %a) of(%oa) : (memref<4xf32>, memref<4xf32>, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership)
  deallocation.free %r#0
  deallocation.free %r#1
  return
}

// -----

// NO-JIT: deallocation ops
// Two retained and two allocs: left for hlo-lower-deallocation.
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %ob = deallocation.own %b : memref<4xf32>
  %r:2 = deallocation.retain(%b, %a) of(%oa, %ob) : (memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership)
  deallocation.free %r#0
  deallocation.free %r#1
  return
}
