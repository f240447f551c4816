// RUN: dealloc-opt %s --split-input-file

// Source value names are discarded: ops without a name hint are numbered
// %0, %1, ... in order of definition, and function arguments become %argN.
func.func @numbering(%x: i32, %y: i32) -> i32 {
  %sum = arith.addi %x, %y : i32
  %alloc = arith.muli %sum, %sum : i32
  %c0 = arith.subi %alloc, %x : i32
  return %c0 : i32
}

// -----

// Several allocations share one conflict counter: `%alloc`, `%alloc_0`,
// `%alloca`, `%alloca_1`, `%alloc_2`, ... (the suffix is a single counter
// per function, not per hint).
func.func @alloc_names() {
  %a = memref.alloc() : memref<1xf32>
  %b = memref.alloc() : memref<1xf32>
  %c = memref.alloca() : memref<1xf32>
  %d = memref.alloca() : memref<1xf32>
  %e = memref.alloc() : memref<1xf32>
  %f = memref.cast %e : memref<1xf32> to memref<?xf32>
  %g = memref.cast %a : memref<1xf32> to memref<?xf32>
  return
}

// -----

// Constant hints: index constants `%cN`, typed integers `%cN_iW`, booleans,
// float constants `%cst`; duplicates get the shared `_N` suffix.
func.func @constant_names() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 0 : index
  %2 = arith.constant 1 : i32
  %3 = arith.constant 1 : i32
  %4 = arith.constant 1 : i64
  %5 = arith.constant true
  %6 = arith.constant false
  %7 = arith.constant 1.0 : f32
  %8 = arith.constant 1.0 : f32
  %9 = arith.constant -3 : i16
  return
}

// -----

// A hint that collides with an already-generated suffixed name: `%c0` with
// suffix `_0` vs. a separate `%c0_i32`-style hint.
func.func @suffix_collisions() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 0 : index
  %2 = arith.constant 0 : i32
  %3 = arith.constant 0 : i32
  %4 = arith.constant 0 : index
  return
}

// -----

// The conflict counter and numbering restart in every function (each
// func.func is isolated from above).
func.func @first() {
  %a = memref.alloc() : memref<1xf32>
  %b = memref.alloc() : memref<1xf32>
  %x = memref.rank %a : memref<1xf32>
  return
}
func.func @second() {
  %a = memref.alloc() : memref<1xf32>
  %b = memref.alloc() : memref<1xf32>
  %x = memref.rank %b : memref<1xf32>
  return
}

// -----

// Names inside sibling regions are released when the region ends: both
// scf.if branches use `%alloc` and the same numbers. The results of the
// enclosing block are numbered before any nested region.
func.func @region_scopes(%c: i1) -> (i32, memref<2xf32>) {
  %0:2 = scf.if %c -> (i32, memref<2xf32>) {
    %a = arith.constant 1 : i32
    %m = memref.alloc() : memref<2xf32>
    %k = arith.addi %a, %a : i32
    scf.yield %k, %m : i32, memref<2xf32>
  } else {
    %b = arith.constant 2 : i32
    %m = memref.alloc() : memref<2xf32>
    %k = arith.muli %b, %b : i32
    scf.yield %k, %m : i32, memref<2xf32>
  }
  %after = arith.addi %0#0, %0#0 : i32
  return %after, %0#1 : i32, memref<2xf32>
}

// -----

// A hint used in the parent block before a nested region forces the nested
// value to take a suffix; hints used only inside the region are free again
// after it.
func.func @parent_conflict(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    %b = memref.alloc() : memref<2xf32>
    %k = memref.alloca() : memref<2xf32>
  }
  %d = memref.alloca() : memref<2xf32>
  return
}

// -----

// Loop-carried block arguments and induction variables continue the
// %argN sequence of the enclosing function; sibling loops reuse numbers.
func.func @arg_numbering(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %s = arith.addi %i, %j : index
    }
  }
  scf.for %k = %c0 to %n step %c1 {
    %t = arith.addi %k, %k : index
  }
  return
}

// -----

// Non-entry block arguments are numbered like ordinary values, interleaved
// with op results in block order.
func.func @block_arg_numbers(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  cf.br ^bb1(%a, %x : i32, i32)
^bb1(%p: i32, %q: i32):
  %b = arith.muli %p, %q : i32
  cf.br ^bb2(%b : i32)
^bb2(%r: i32):
  return %r : i32
}

// -----

// Forward references: a value used in a block before (textually) the block
// that defines it, legal because the defining block dominates the use.
func.func @forward_ref(%x: i32) -> i32 {
  cf.br ^def
^use:
  %u = arith.addi %v, %v : i32
  return %u : i32
^def:
  %v = arith.muli %x, %x : i32
  cf.br ^use
}

// -----

// Multi-result ops with name hints: each group gets its own name and the
// `:N` count; `#i` selects an element.
func.func @multi_result_hints(%m: memref<?x?x?xf32>) -> (index, index) {
  %b, %o, %s:3, %t:3 = memref.extract_strided_metadata %m : memref<?x?x?xf32> -> memref<f32>, index, index, index, index, index, index, index
  %b2, %o2, %s2:3, %t2:3 = memref.extract_strided_metadata %m : memref<?x?x?xf32> -> memref<f32>, index, index, index, index, index, index, index
  return %s#2, %t2#1 : index, index
}

// -----

// Hints of view-like ops and their suffixes in a realistic sequence.
func.func @view_hints(%n: index) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc(%n) : memref<?xi8>
  %v = memref.view %buf[%c0][] : memref<?xi8> to memref<4xf32>
  %s = memref.subview %v[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %s2 = memref.subview %v[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %e = memref.expand_shape %s2 [[0, 1]] output_shape [1, 2] : memref<2xf32, strided<[1]>> into memref<1x2xf32>
  %col = memref.collapse_shape %e [[0, 1]] : memref<1x2xf32> into memref<2xf32>
  %r = memref.reinterpret_cast %v to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32, strided<[2, 1]>>
  %d = memref.dim %buf, %c0 : memref<?xi8>
  %p = memref.extract_aligned_pointer_as_index %buf : memref<?xi8> -> index
  memref.dealloc %buf : memref<?xi8>
  return
}

// -----

// The conflict counter is saved and restored around each nested region just
// like the value counter: both sibling regions produce `%alloc_1`, while the
// parent block (named first) owns `%alloc` and `%alloc_0`.
func.func @conflict_counter_scoping(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    %b = memref.alloc() : memref<2xf32>
    %x = memref.alloca() : memref<2xf32>
  }
  scf.if %c {
    %b = memref.alloc() : memref<2xf32>
    %x = memref.alloca() : memref<2xf32>
  }
  %d = memref.alloc() : memref<2xf32>
  return
}
