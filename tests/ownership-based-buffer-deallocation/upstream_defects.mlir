// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

// Programs that crash mlir-opt-22 (upstream-mlir.md §2.9), which we handle.

// llvm#119863 (segfault in mlir-opt-22): a multi-block function where an `scf.for` result is
// live across a `cf.br`; here the loop also reads a buffer the function must free.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @loop_then_branch(%x: f32) -> f32 {
  cf.br ^body
^body:
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<1xf32>
  memref.store %x, %buf[%c0] : memref<1xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> f32 {
    %v = memref.load %buf[%c0] : memref<1xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  cf.br ^done
^done:
  return %r : f32
}

func.func @main() {
  %x = arith.constant 1.5 : f32
  %r = call @loop_then_branch(%x) : (f32) -> f32
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// The same shape with memrefs crossing the branch: the loop carries a buffer (reallocated
// every iteration) that the next block reads and the function returns.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @loop_buffer_then_branch(%x: f32, %n: index) -> memref<1xf32> {
  cf.br ^body
^body:
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<1xf32>
  memref.store %x, %init[%c0] : memref<1xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init) -> memref<1xf32> {
    %next = memref.alloc() : memref<1xf32>
    %v = memref.load %it[%c0] : memref<1xf32>
    %s = arith.addf %v, %v : f32
    memref.store %s, %next[%c0] : memref<1xf32>
    scf.yield %next : memref<1xf32>
  }
  cf.br ^done(%r : memref<1xf32>)
^done(%m: memref<1xf32>):
  return %m : memref<1xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.5 : f32
  %a = call @loop_buffer_then_branch(%x, %c0) : (f32, index) -> memref<1xf32>
  %b = call @loop_buffer_then_branch(%x, %c3) : (f32, index) -> memref<1xf32>
  %va = memref.load %a[%c0] : memref<1xf32>
  %vb = memref.load %b[%c0] : memref<1xf32>
  call @printF32(%va) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%vb) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

// -----

// Unreachable blocks holding allocations (upstream leaves them unprocessed, and can emit
// branches into them that fail verification): they never run, so the pass erases them
// before anything else; the output stays valid (see unreachable_blocks.mlir for a block a
// value with no ownership there reaches).
func.func private @printI64(i64)
func.func private @printNewline()

func.func @with_dead_blocks(%v: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi64>
  memref.store %v, %a[%c0] : memref<1xi64>
  %x = memref.load %a[%c0] : memref<1xi64>
  return %x : i64
^dead(%m: memref<1xi64>):
  %b = memref.alloc() : memref<1xi64>
  memref.copy %m, %b : memref<1xi64> to memref<1xi64>
  cf.br ^dead2(%b : memref<1xi64>)
^dead2(%n: memref<1xi64>):
  %y = memref.load %n[%c0] : memref<1xi64>
  return %y : i64
}

func.func @main() {
  %v = arith.constant 12 : i64
  %r = call @with_dead_blocks(%v) : (i64) -> i64
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
