// RUN: dealloc-opt %s --hlo-deallocation-to-scf=decide-statically=true --split-input-file
// NO-MLIR-OPT: the input and output use the MLIR-HLO deallocation dialect

// NO-JIT: deallocation ops
// An alloc that owns the retained memref (own of it) is its indicator: no comparison, no
// free; the other alloc is freed untested.
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %ob = deallocation.own %b : memref<4xf32>
  %r = deallocation.retain(%b) of(%oa, %ob) : (memref<4xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
  deallocation.free %r
  return
}

// -----

// NO-JIT: deallocation ops
// A null alloc is dropped; a retained view of an owned buffer is still compared at runtime
// (its carrier is another value) and claims it.
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %n = deallocation.null
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r = deallocation.retain(%v) of(%n, %oa) : (memref<2xf32, strided<[1], offset: 1>>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
  deallocation.free %r
  return
}

// -----

// NO-JIT: deallocation ops
// Two retained, two allocs, each retained memref owned by one: lowered inline, to nothing.
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

// -----

// NO-JIT: deallocation ops
// Indicators carried through a loop (block arguments pair by position): each retained
// memref claims its own indicator exactly when set; the first is also compared with the
// second's buffer (the two may be one buffer), so ownership is never doubled.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %n = deallocation.null
  %r:4 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %a, %ox = %oa, %oy = %n) -> (memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership) {
    %k:2 = deallocation.retain(%x, %y) of(%ox, %oy) : (memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership)
    scf.yield %x, %y, %k#0, %k#1 : memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership
  }
  deallocation.retain() of(%r#2) : (!deallocation.ownership) -> ()
  deallocation.retain() of(%r#3) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// Function arguments pair by position (%o owns %a when set, ...): 3 comparisons for 6
// operands, lowered inline.
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>, %o: !deallocation.ownership, %p: !deallocation.ownership, %q: !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership, !deallocation.ownership) {
  %r:3 = deallocation.retain(%a, %b, %c) of(%o, %p, %q) : (memref<4xf32>, memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership, !deallocation.ownership)
  return %r#0, %r#1, %r#2 : !deallocation.ownership, !deallocation.ownership, !deallocation.ownership
}

// -----

// NO-JIT: deallocation ops
// Indicators nothing is known of (arguments without memrefs to pair with): 9 comparisons
// for 6 operands, so the retain stays for the final lowering's helper.
func.func @f(%o: !deallocation.ownership, %p: !deallocation.ownership, %q: !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership, !deallocation.ownership) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  %r:3 = deallocation.retain(%a, %b, %c) of(%o, %p, %q) : (memref<4xf32>, memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership, !deallocation.ownership)
  return %r#0, %r#1, %r#2 : !deallocation.ownership, !deallocation.ownership, !deallocation.ownership
}

// -----

// NO-JIT: deallocation ops
// A block argument every predecessor passes an `own` to is set on every path: the retained
// memref it carries takes it and is compared with no other alloc, which is freed untested.
func.func @main() {
  %c = arith.constant true
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  cf.br ^bb3(%a, %oa : memref<4xf32>, !deallocation.ownership)
^bb2:
  %b = memref.alloc() : memref<4xf32>
  %ob = deallocation.own %b : memref<4xf32>
  cf.br ^bb3(%b, %ob : memref<4xf32>, !deallocation.ownership)
^bb3(%m: memref<4xf32>, %om: !deallocation.ownership):
  %c2 = memref.alloc() : memref<4xf32>
  %oc = deallocation.own %c2 : memref<4xf32>
  %r = deallocation.retain(%m) of(%oc, %om) : (memref<4xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
  deallocation.free %r
  return
}
