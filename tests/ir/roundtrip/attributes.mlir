// RUN: dealloc-opt %s --split-input-file

// Integer attributes: the default type i64 is printed explicitly, other
// widths keep their type, hex literals are printed in decimal, and `index`.
func.func @ints() attributes {a = 1, b = -5 : i32, c = 0x10 : i16, d = 7 : index, e = 1 : i1, f = 0 : i1, g = 18446744073709551615 : ui64, h = -3 : si8} {
  return
}

// -----

// Float attributes: default f64, explicit widths, negative, exponent forms.
func.func @floats() attributes {a = 1.0, b = 2.5 : f32, c = -0.125 : f16, d = 1.0e-3 : f64, e = 6.02e23 : f64, f = 0.1 : bf16} {
  return
}

// -----

// Special float values in attributes: hex NaN/infinity bit patterns.
func.func @float_specials() attributes {nan = 0x7FC00000 : f32, inf = 0x7FF0000000000000 : f64, ninf = 0xFC00 : f16} {
  return
}

// -----

// Booleans, unit attributes (a bare name), and strings with escapes: the
// printer emits non-printable characters and `"` as two-digit hex escapes.
func.func @bool_unit_string() attributes {t = true, f = false, u, s = "hello", e = "", q = "a\"b", n = "line\nnext\ttab", bs = "back\\slash", h = "\41\42"} {
  return
}

// -----

// Arrays (nested, empty, heterogeneous) and dictionaries (sorted by key on
// print).
func.func @arrays_dicts() attributes {arr = [1, 2.0, "three", [4, [5]], []], dict = {z = 1 : i32, a = "x", m = {inner = unit}}, empty = {}} {
  return
}

// -----

// Type attributes, including function types and memrefs.
func.func @types() attributes {t1 = i32, t2 = memref<?xf32>, t3 = (i32) -> f32, t4 = index, t5 = tensor<*xf32>} {
  return
}

// -----

// Symbol references: flat and nested (`@a::@b::@c`), quoted names with
// characters that are not valid bare identifiers.
func.func @symbols() attributes {flat = @foo, nested = @outer::@inner::@leaf, quoted = @"with space", qnested = @"a b"::@c} {
  return
}

// -----

// Dense element attributes: splats, lists, nested lists, bools, and
// multi-dimensional int/float data.
func.func @dense() attributes {s1 = dense<0> : tensor<4xi32>, s2 = dense<1.5> : tensor<2x2xf32>, l1 = dense<[1, 2, 3]> : tensor<3xi64>, l2 = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>, b = dense<[true, false]> : tensor<2xi1>, v = dense<[1, -1]> : vector<2xi8>, z = dense<> : tensor<0xi32>} {
  return
}

// -----

// Dense elements written with all-equal values are printed as a splat; a
// hex-string form is decoded.
func.func @dense_canonical() attributes {all_same = dense<[7, 7, 7, 7]> : tensor<4xi32>, hex = dense<"0x0100000002000000"> : tensor<2xi32>} {
  return
}

// -----

// Dense arrays of every element type, including the empty one.
func.func @dense_arrays() attributes {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.0, 2.5>, e = array<i8: -1, 127>, f = array<f64: 0.1>, g = array<i16: 300>} {
  return
}

// -----

// Affine map attributes of several shapes and the `#map` aliases the printer
// creates for them (in order of first use).
func.func @affine_maps() attributes {m0 = affine_map<() -> (0)>, m1 = affine_map<(d0) -> (d0)>, m2 = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>, m3 = affine_map<(d0) -> (d0 floordiv 2, d0 mod 3, d0 ceildiv 4)>, m4 = affine_map<(d0, d1) -> (d1 - d0)>} {
  return
}

// -----

// Integer sets (affine_set).
func.func @affine_sets() attributes {s = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>} {
  return
}

// -----

// User attribute aliases: `#name = attr` definitions are inlined at use
// sites; only affine maps and other builtin aliasable attributes get
// printer-generated aliases.
#mine = [1, 2, 3]
#layout = affine_map<(d0) -> (d0 + 5)>
func.func @attr_aliases(%m: memref<4xf32, #layout>) attributes {x = #mine, y = #layout} {
  return
}

// -----

// Attributes on operations: the attr-dict goes after the operands of
// custom-printed ops, and discardable attributes survive round-tripping.
func.func @op_attrs(%a: i32, %m: memref<4xf32>) -> i32 {
  %0 = arith.addi %a, %a {my.note = "keep", my.n = 3 : i64} : i32
  %c0 = arith.constant {my.tag} 0 : index
  %1 = memref.load %m[%c0] {my.load} : memref<4xf32>
  return {my.ret} %0 : i32
}

// -----

// Typed integer and float attributes as op properties vs. discardable attrs
// on memref.global and the alignment property.
memref.global "private" @g0 : memref<2xi8> = dense<[1, 2]> {alignment = 16 : i64, my.section = "data"}
func.func @use() -> memref<2xi8> {
  %0 = memref.get_global @g0 : memref<2xi8>
  return %0 : memref<2xi8>
}

// -----

// Large and small integer values at the width boundaries.
func.func @int_bounds() attributes {a = 9223372036854775807 : i64, b = -9223372036854775808 : i64, c = 255 : i8, d = -128 : i8, e = 65535 : i16, f = 340282366920938463463374607431768211455 : i128} {
  return
}

// -----

// Alias numbering follows the order in which the printer first meets each
// map: the function's attributes in sorted-key order (function_type, which
// holds the argument type, sorts before `m`), then the body in op order,
// each op's attr-dict in sorted-key order. Identical maps share one alias.
func.func @alias_order(%a: memref<4xf32, affine_map<(d0) -> (d0 + 9)>>) attributes {m = affine_map<(d0) -> (d0 + 1)>} {
  %0 = memref.alloc() : memref<4xf32, affine_map<(d0) -> (d0 + 2)>>
  %c0 = arith.constant {z = affine_map<(d0) -> (d0 + 3)>, a = affine_map<(d0) -> (d0 + 4)>} 0 : index
  return
}
func.func @alias_order_2() attributes {m = affine_map<(d0) -> (d0 + 5)>, n = affine_map<(d0) -> (d0 + 9)>} {
  return
}

// -----

// Inside arrays the default types (i64, f64) are elided, while in any
// dictionary (top-level or nested in an array) integer and float values
// always carry their type. Dense float lists mix decimal and hex elements.
func.func @type_elision() attributes {arr = [1, 1 : i32, 2.0, 2.0 : f32, true, {n = 3, x = 1.0}], d = {k = 5}, h = dense<[1.0, 0x7F800000]> : tensor<2xf32>, nan = dense<0x7FC00000> : tensor<2xf32>, hf = dense<0.1> : tensor<2xf16>} {
  return
}
