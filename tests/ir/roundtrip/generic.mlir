// RUN: dealloc-opt %s --split-input-file

// Registered ops written in generic form are printed back in custom form.
"func.func"() <{function_type = (i32, i32) -> i32, sym_name = "generic_arith"}> ({
^bb0(%a: i32, %b: i32):
  %0 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %2 = "arith.muli"(%0, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  "func.return"(%2) : (i32) -> ()
}) : () -> ()

// -----

// Generic memref ops with properties: operandSegmentSizes on alloc, the
// static offsets/sizes/strides arrays of subview.
"func.func"() <{function_type = (index) -> (), sym_name = "generic_memref"}> ({
^bb0(%n: index):
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  %1 = "memref.subview"(%0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<?xf32>) -> memref<4xf32, strided<[1], offset: 2>>
  "memref.dealloc"(%0) : (memref<?xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Generic scf.if / scf.yield: regions in parentheses; the printer elides
// the empty else region and the implicit terminator on output.
func.func @generic_scf(%c: i1, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  "scf.if"(%c) ({
    "memref.store"(%v, %m, %c0) : (f32, memref<2xf32>, index) -> ()
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

// Generic scf.for with iter_args: the induction variable and the iter_arg
// are entry-block arguments of the body region.
func.func @generic_for(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = "scf.for"(%c0, %n, %c1, %z) ({
  ^bb0(%i: index, %acc: i32):
    %k = "arith.index_cast"(%i) : (index) -> i32
    %s = "arith.addi"(%acc, %k) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "scf.yield"(%s) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return %r : i32
}

// -----

// Generic cf branches with successor lists in square brackets and
// operandSegmentSizes on cond_br.
func.func @generic_cf(%c: i1, %a: i32) -> i32 {
  "cf.cond_br"(%c, %a) [^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb1(%x: i32):
  "cf.br"() [^bb2] : () -> ()
^bb2:
  "func.return"(%a) : (i32) -> ()
}

// -----

// Generic form with discardable attributes (curly braces) next to
// properties (angle brackets): properties print inside the custom syntax,
// discardable attributes in the attr-dict.
func.func @generic_attrs(%a: f32) -> f32 {
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<fast>}> {my.tag = 1 : i32} : (f32, f32) -> f32
  return %0 : f32
}

// -----

// Properties may also be given as plain attributes in the attr-dict of the
// generic form (they are converted to properties).
func.func @generic_attrs_as_props(%a: i32) -> i1 {
  %0 = "arith.cmpi"(%a, %a) {predicate = 2 : i64} : (i32, i32) -> i1
  return %0 : i1
}

// -----

// builtin.module in generic form with a symbol name.
"builtin.module"() <{sym_name = "gen"}> ({
  "memref.global"() <{sym_name = "g", sym_visibility = "private", type = memref<2xf32>, initial_value = dense<0.0> : tensor<2xf32>}> : () -> ()
}) : () -> ()

// -----

// Generic bufferization.dealloc with its three variadic operand groups.
func.func @generic_dealloc(%m: memref<2xf32>, %c: i1, %r: memref<4xf32>) -> i1 {
  %0 = "bufferization.dealloc"(%m, %c, %r) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<4xf32>) -> i1
  return %0 : i1
}

// -----

// Mixing generic and custom forms in one body, and a generic op whose
// result feeds a custom one across blocks.
func.func @mixed(%c: i1) -> index {
  %0 = "arith.constant"() <{value = 5 : index}> : () -> index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
  "cf.br"(%1) [^bb3] : (index) -> ()
^bb2:
  cf.br ^bb3(%0 : index)
^bb3(%r: index):
  return %r : index
}
