// RUN: dealloc-opt %s --split-input-file

// alloc / alloca / dealloc with static shapes; results get the `%alloc` and
// `%alloca` name hints, uniqued with `_0`, `_1`, ...
func.func @alloc_static() {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc() : memref<2x3xi32>
  %2 = memref.alloca() : memref<f64>
  %3 = memref.alloca() : memref<8xindex>
  %4 = memref.alloc() : memref<16xi8>
  memref.dealloc %0 : memref<4xf32>
  memref.dealloc %1 : memref<2x3xi32>
  memref.dealloc %4 : memref<16xi8>
  return
}

// -----

// Dynamic sizes are passed in parentheses, one per `?`.
func.func @alloc_dynamic(%n: index, %m: index) {
  %0 = memref.alloc(%n) : memref<?xf32>
  %1 = memref.alloc(%n, %m) : memref<?x4x?xf32>
  %2 = memref.alloca(%m) : memref<?xi64>
  memref.dealloc %0 : memref<?xf32>
  memref.dealloc %1 : memref<?x4x?xf32>
  return
}

// -----

// Symbol operands in square brackets bind the symbols of an affine-map
// layout; `alignment` is an attribute printed in the attr-dict.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @alloc_symbols_alignment(%n: index, %s: index) {
  %0 = memref.alloc(%n)[%s] : memref<?xf32, #map>
  %1 = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
  %2 = memref.alloca() {alignment = 16 : i64} : memref<4xf32>
  %3 = memref.alloc(%n) {alignment = 128 : i64} : memref<?xi8>
  memref.dealloc %0 : memref<?xf32, #map>
  memref.dealloc %1 : memref<32xf32>
  memref.dealloc %3 : memref<?xi8>
  return
}

// -----

// alloc of memrefs with memory spaces (integer and attribute).
func.func @alloc_memory_space() {
  %0 = memref.alloc() : memref<4xf32, 1>
  %1 = memref.alloca() : memref<4xf32, #gpu.address_space<workgroup>>
  %2 = memref.alloc() : memref<4xf32, "shared">
  memref.dealloc %0 : memref<4xf32, 1>
  memref.dealloc %2 : memref<4xf32, "shared">
  return
}

// -----

// load / store with multiple indices, the 0-d form with empty brackets, and
// the `nontemporal` attribute (printed in the attr-dict).
func.func @load_store(%m: memref<4x4xf32>, %z: memref<i32>, %i: index, %j: index) -> i32 {
  %v = memref.load %m[%i, %j] : memref<4x4xf32>
  memref.store %v, %m[%j, %i] : memref<4x4xf32>
  %w = memref.load %m[%i, %j] {nontemporal = true} : memref<4x4xf32>
  memref.store %w, %m[%i, %i] {nontemporal = true} : memref<4x4xf32>
  %s = memref.load %z[] : memref<i32>
  memref.store %s, %z[] : memref<i32>
  return %s : i32
}

// -----

// memref.copy prints both types, source first.
func.func @copy(%a: memref<4xf32>, %b: memref<?xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  memref.copy %0, %b : memref<4xf32> to memref<?xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// -----

// memref.realloc grows a buffer, with and without a dynamic size; the result
// hint is `%reallocated`.
func.func @realloc(%n: index) -> (memref<8xf32>, memref<?xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.realloc %0 : memref<4xf32> to memref<8xf32>
  %2 = memref.alloc(%n) : memref<?xf32>
  %3 = memref.realloc %2(%n) : memref<?xf32> to memref<?xf32>
  return %1, %3 : memref<8xf32>, memref<?xf32>
}

// -----

// memref.realloc with alignment.
func.func @realloc_aligned() -> memref<16xi8> {
  %0 = memref.alloc() : memref<8xi8>
  %1 = memref.realloc %0 {alignment = 8 : i64} : memref<8xi8> to memref<16xi8>
  return %1 : memref<16xi8>
}

// -----

// memref.dim (`%dim` hint) and memref.rank on ranked and unranked memrefs.
func.func @dim_rank(%m: memref<?x?xf32>, %u: memref<*xf32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.dim %m, %c0 : memref<?x?xf32>
  %1 = memref.dim %m, %c1 : memref<?x?xf32>
  %2 = memref.rank %u : memref<*xf32>
  %3 = memref.dim %u, %c0 : memref<*xf32>
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// Globals: private/public, constant, initial values, `uninitialized`, and
// the alignment attribute. memref.get_global results get no name hint.
memref.global "private" @priv : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @pub : memref<4xi32> = dense<0>
memref.global "private" constant @const : memref<2x2xf32> = dense<[[1.0, 2.0], [3.0, 4.0]]>
memref.global @uninit : memref<8xf32> = uninitialized
memref.global "private" @aligned : memref<4xf64> = dense<1.0> {alignment = 64 : i64}
memref.global "private" @decl : memref<3xi8>
memref.global "private" constant @scalar : memref<i64> = dense<7>
func.func @use_globals() -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.get_global @priv : memref<2xf32>
  %1 = memref.get_global @const : memref<2x2xf32>
  %2 = memref.get_global @scalar : memref<i64>
  %3 = memref.load %0[%c0] : memref<2xf32>
  return %3 : f32
}

// -----

// memref.cast between static, dynamic and unranked types (`%cast` hint).
func.func @casts(%m: memref<4xf32>) -> (memref<?xf32>, memref<*xf32>, memref<4xf32>) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %m : memref<4xf32> to memref<*xf32>
  %2 = memref.cast %1 : memref<*xf32> to memref<4xf32>
  return %0, %1, %2 : memref<?xf32>, memref<*xf32>, memref<4xf32>
}

// -----

// cast to a fully dynamic strided layout.
func.func @cast_strided(%m: memref<4x4xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %0 = memref.cast %m : memref<4x4xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// memory_space_cast (`%memspacecast` hint).
func.func @memory_space_cast(%m: memref<4xf32, 1>) -> memref<4xf32> {
  %0 = memref.memory_space_cast %m : memref<4xf32, 1> to memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// alloca_scope with and without results; the region terminator
// memref.alloca_scope.return is elided when it returns nothing.
func.func @alloca_scope(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xf32>
    %v = memref.load %a[%c0] : memref<?xf32>
  }
  %r = memref.alloca_scope -> (f32) {
    %b = memref.alloca() : memref<4xf32>
    %v = memref.load %b[%c0] : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  return %r : f32
}

// -----

// extract_aligned_pointer_as_index (`%intptr` hint) on ranked memrefs.
func.func @aligned_pointer(%m: memref<?xf32>) -> index {
  %0 = memref.extract_aligned_pointer_as_index %m : memref<?xf32> -> index
  return %0 : index
}

// -----

// extract_strided_metadata: results get the hints `%base_buffer`,
// `%offset`, `%sizes`, `%strides` (with `:N` multi-result groups).
func.func @strided_metadata(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>) -> (index, index, index) {
  %base, %off, %s0, %s1, %st0, %st1 = memref.extract_strided_metadata %m : memref<?x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %off, %s0, %st0 : index, index, index
}

// -----

// extract_strided_metadata of a 0-d memref has no sizes or strides.
func.func @strided_metadata_0d(%m: memref<f32>) -> (memref<f32>, index) {
  %base, %off = memref.extract_strided_metadata %m : memref<f32> -> memref<f32>, index
  return %base, %off : memref<f32>, index
}

// -----

// A typical bufferized function: allocate, fill in a loop, copy out, free.
func.func @fill_and_copy(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %cst = arith.constant 1.0 : f32
  %tmp = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %cst, %tmp[%i] : memref<8xf32>
  }
  memref.copy %tmp, %out : memref<8xf32> to memref<8xf32>
  memref.dealloc %tmp : memref<8xf32>
  return
}

// -----

// Dynamic sizes, symbol operands and an alignment together: the attr-dict
// comes after the `[...]` symbol list.
#map = affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 + s1)>
func.func @alloc_all_parts(%n: index, %s0: index, %s1: index) {
  %0 = memref.alloc(%n)[%s0, %s1] {alignment = 32 : i64} : memref<?x8xf32, #map>
  %1 = memref.alloca(%n)[%s0, %s1] : memref<?x8xf32, #map>
  memref.dealloc %0 : memref<?x8xf32, #map>
  return
}

// -----

// Layout symbols: one per `?` among a strided layout's offset and strides.
func.func @alloc_layout_symbols(%n: index, %s: index) {
  %0 = memref.alloc(%n)[%s, %s] : memref<?xi32, strided<[?], offset: ?>>
  %1 = memref.alloc(%n)[%s] : memref<?x4xi32, strided<[4, 1], offset: ?>>
  %2 = memref.alloca(%n)[%s, %s, %s] : memref<?x4xi32, strided<[?, ?], offset: ?>>
  return
}
