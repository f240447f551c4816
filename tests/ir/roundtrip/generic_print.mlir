// RUN: dealloc-opt %s --split-input-file --mlir-print-op-generic

// Generic printing of a function: the entry block label and its arguments
// are printed explicitly, properties go in `<{...}>`.
func.func @arith(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 7 : i32
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.muli %0, %c : i32
  return %1 : i32
}

// -----

// Generic printing of memref ops: operandSegmentSizes and static arrays
// become visible as properties; name hints are NOT applied in generic form
// (every result is numbered).
func.func @memref_ops(%n: index) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %1 = memref.subview %0[%c0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %v = memref.load %1[%c0] : memref<4xf32, strided<[1], offset: ?>>
  memref.store %v, %0[%c0] : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  return
}

// -----

// Generic printing of control flow: successors in `[...]`, block arguments
// on labels, the cond_br operandSegmentSizes property.
func.func @cfg(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb2
^bb2:
  return %a : i32
}

// -----

// Generic printing of scf regions: implicit terminators become explicit
// and the empty else region prints as `{\n}`.
func.func @regions(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.if %c {
    %t = memref.alloca() : memref<2xf32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// Generic printing of the module, memref.global and bufferization.dealloc.
memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 16 : i64}
func.func @dealloc(%m: memref<2xf32>, %c: i1) -> i1 {
  %0 = memref.get_global @g : memref<2xf32>
  %1 = bufferization.dealloc (%m : memref<2xf32>) if (%c) retain (%0 : memref<2xf32>)
  return %1 : i1
}

// -----

// Generic form implies unique SSA ids: nested regions do not restart from
// the parent's counter. Regions are numbered from a LIFO worklist, so the
// regions of the last op (and the else region before the then region) get
// the lower numbers.
func.func @unique_ids(%c: i1, %x: f32) -> (f32, f32) {
  %0 = scf.if %c -> (f32) {
    %a = arith.addf %x, %x : f32
    scf.yield %a : f32
  } else {
    %b = arith.mulf %x, %x : f32
    scf.yield %b : f32
  }
  %1 = scf.execute_region -> f32 {
    %d = arith.subf %x, %x : f32
    scf.yield %d : f32
  }
  return %0, %1 : f32, f32
}

// -----

// With unique SSA ids the counters are not even reset between functions:
// the LIFO worklist numbers the LAST function first, so @first gets %arg1/%1
// and @second gets %arg0/%0.
func.func @first(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  return %0 : f32
}
func.func @second(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  return %0 : f32
}
