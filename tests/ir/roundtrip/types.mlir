// RUN: dealloc-opt %s --split-input-file

// Signless integers of many widths, including i1 and i128 and odd widths.
func.func private @ints(i1, i2, i8, i16, i32, i64, i128, i7, i33)

// -----

// Signed and unsigned integer types are valid builtin types (arith rejects
// them, but function signatures accept them).
func.func private @signed_unsigned(si8, si32, ui16, ui64) -> (si1, ui1)

// -----

// index and the float types we support; f80/f128/tf32 also exist.
func.func private @floats(index, f16, bf16, f32, f64, f80, f128, tf32)

// -----

// Ranked memrefs: static, dynamic, mixed, 0-d and zero-sized dimensions.
func.func private @memrefs(memref<4xf32>, memref<?xf32>, memref<2x?x8xi32>, memref<f64>, memref<0xi8>, memref<1x1x1x1xindex>)

// -----

// Memrefs of vectors and of index elements.
func.func private @memref_elements(memref<4xvector<8xf32>>, memref<?xindex>, memref<2xi1>, memref<3xbf16>)

// -----

// Strided layouts: static offset/strides, dynamic `?`, the zero offset is
// elided, and a layout with no strides (0-d).
func.func private @strided(memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1], offset: 0>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<8xf32, strided<[2], offset: 3>>, memref<f32, strided<[], offset: 5>>, memref<4xf32, strided<[1]>>)

// -----

// Affine-map layouts, written inline; the printer introduces `#map`,
// `#map1`, ... aliases for them, ordered by first use.
func.func private @affine_layouts(memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<8xf32, affine_map<(d0)[s0] -> (d0 * 2 + s0)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>)

// -----

// The identity affine map layout is dropped: memref<4x4xf32,
// affine_map<(d0, d1) -> (d0, d1)>> is memref<4x4xf32>.
func.func private @identity_layout(memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>)

// -----

// Memory spaces: integer (0 is the default and is dropped, others are kept),
// string and dialect attributes, combined with a layout.
func.func private @memory_spaces(memref<4xf32, 0>, memref<4xf32, 1>, memref<4xf32, 7>, memref<4xf32, "gpu">, memref<4xf32, #gpu.address_space<global>>, memref<4xf32, strided<[2]>, 3>, memref<?xf32, affine_map<(d0) -> (d0 + 1)>, 2>)

// -----

// Unranked memrefs with and without memory space.
func.func private @unranked(memref<*xf32>, memref<*xi8>, memref<*xf32, 1>, memref<*xindex, "x">)

// -----

// Tensors: ranked static/dynamic/0-d, unranked, and with an encoding.
func.func private @tensors(tensor<4xf32>, tensor<?x?xi32>, tensor<f64>, tensor<*xf32>, tensor<0x4xi8>, tensor<4xf32, "enc">)

// -----

// Vector types: fixed, multi-dimensional, scalable, 0-d.
func.func private @vectors(vector<4xf32>, vector<2x8xi32>, vector<[4]xf32>, vector<2x[4]xi8>, vector<f32>, vector<4xindex>)

// -----

// tuple, none, complex and nested function types.
func.func private @misc(tuple<>, tuple<i32, f32>, tuple<tuple<i1>, memref<2xf32>>, none, complex<f32>, (i32) -> (), (i32, f32) -> (i64, i1))

// -----

// Type aliases: `!name = type` definitions are inlined at use sites; the
// printer does not keep user type aliases (it prints the aliased type).
!buf = memref<16xf32>
!dyn = memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @type_aliases(%a: !buf, %b: !dyn) -> !buf {
  return %a : !buf
}

// -----

// Many distinct strided types in one function: all printed inline (strided
// layouts never get aliases).
func.func @strided_uses(%m: memref<16x16xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.subview %m[0, 0] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 1]>>
  %1 = memref.subview %0[%i, %i] [4, 4] [2, 2] : memref<8x8xf32, strided<[16, 1]>> to memref<4x4xf32, strided<[32, 2], offset: ?>>
  %2 = memref.load %1[%c0, %c0] : memref<4x4xf32, strided<[32, 2], offset: ?>>
  return %2 : f32
}
