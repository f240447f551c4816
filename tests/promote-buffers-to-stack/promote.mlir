// RUN: dealloc-opt %s --promote-buffers-to-stack --split-input-file
// UPSTREAM-OUTPUT: --promote-buffers-to-stack --split-input-file

// 256 f32 are 1024 bytes, the default limit: promoted. 257 are not.
func.func @size_limit(%x: memref<256xf32>, %y: memref<257xf32>) {
  %a = memref.alloc() : memref<256xf32>
  memref.copy %x, %a : memref<256xf32> to memref<256xf32>
  %b = memref.alloc() : memref<257xf32>
  memref.copy %y, %b : memref<257xf32> to memref<257xf32>
  return
}

// -----

// A returned buffer escapes its scope: never promoted.
func.func @returned() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}

// -----

// A buffer the program frees itself is left on the heap.
func.func @freed(%x: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// Dynamic sizes are promoted only when they are ranks (tiny) and the rank is at most 1.
func.func @dynamic(%m: memref<*xf32>, %n: index) {
  %r = memref.rank %m : memref<*xf32>
  %a = memref.alloc(%r) : memref<?xindex>
  %d0 = memref.dim %a, %r : memref<?xindex>
  %b = memref.alloc(%n) : memref<?xindex>
  %d1 = memref.dim %b, %r : memref<?xindex>
  %c = memref.alloc(%r, %r) : memref<?x?xindex>
  %d2 = memref.dim %c, %r : memref<?x?xindex>
  return
}

// -----

// Inside `scf.if` branches (no allocation scope of their own) the buffer belongs to the
// function's scope if it is only used in the branch; yielded out of the branch, it is not
// promoted.
func.func @in_if(%c: i1, %x: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> (memref<2xf32>) {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
    scf.yield %x : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// The body of an `scf.for` is an allocation scope: a buffer used in one trip is promoted in
// place.
func.func @in_for(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    %a = memref.alloc() : memref<2xf32>
    memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  }
  return
}

// -----

// Attributes (alignment) are kept.
func.func @alignment(%x: memref<4xi8>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xi8>
  memref.copy %x, %a : memref<4xi8> to memref<4xi8>
  return
}

// -----

// UPSTREAM-DIFFERS: llvm#64638, mlir-opt-22 crashes sizing a memref of memrefs.
// A memref of memrefs has no element bit width: not small, left alone.
func.func @memref_of_memrefs() {
  %a = memref.alloc() : memref<2xmemref<4xf32>>
  %r = memref.rank %a : memref<2xmemref<4xf32>>
  return
}

// -----

// UPSTREAM-DIFFERS: the element count overflows MLIR's unsigned arithmetic, which then
// promotes a buffer of 2^62 bytes to the stack.
// Sizes that overflow are not small.
func.func @overflowing_size() {
  %a = memref.alloc() : memref<4611686018427387904x4xf32>
  %r = memref.rank %a : memref<4611686018427387904x4xf32>
  return
}

// -----

// The data layout sizes `index`: at 256 bits, 100 of them take 3200 bytes, too many for the
// stack (at the default 64 bits they would take 800).
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 256 : i64>} {
  func.func @wide_index() {
    %0 = memref.alloc() : memref<100xindex>
    return
  }
}

// -----

// At 16 bits, 200 of them take 400 bytes and fit (at 64 bits they would take 1600).
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {
  func.func @narrow_index() {
    %0 = memref.alloc() : memref<200xindex>
    return
  }
}
