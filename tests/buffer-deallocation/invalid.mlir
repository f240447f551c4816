// RUN: dealloc-opt %s --buffer-deallocation --split-input-file --verify-diagnostics

// Issue 14, item 4, what the fallback to ownership flags (flags.mlir) cannot take: %x may be
// %a, so the loop's merges are flagged and %a stays alive through them; but %y may be %x or a
// fresh buffer, so the else branch copies %x, and that copy of %a hides the write to %a from
// the read of %r. The function is rejected, at the write, with the place of the copy in a note.
// (With `ownership-fallback`, as the legacy pipeline runs the pass, the function goes to the
// ownership-based strategy instead: tests/legacy-buffer-deallocation-pipeline/ownership_fallback.mlir.)
func.func @write_to_source(%n: index, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xi64> {
    %y = scf.if %c -> memref<2xi64> {
      %b = memref.alloc() : memref<2xi64>
      scf.yield %b : memref<2xi64>
    } else {
      // expected-note @+1 {{the copy is made here}}
      scf.yield %x : memref<2xi64>
    }
    scf.yield %y : memref<2xi64>
  }
  // expected-error @+1 {{this op writes to a buffer while a copy made for deallocation is in use through another name}}
  memref.store %one, %a[%c0] : memref<2xi64>
  %v = memref.load %r[%c0] : memref<2xi64>
  return %v : i64
}

// -----

// Fuzz seed 72009954, shrunk by hand: the loop yields one buffer at two positions (%y as
// itself, and through %s, which may be %y or %t). Copying %s for the second result while %y
// lives on in the first splits one buffer in two, so the store through %r#1 would no longer
// reach the load through %r#0 (the program prints 7; the copy would print 5). The pass alone
// refuses it, never silently miscompiles it; with `ownership-fallback` (the legacy pipeline)
// the ownership-based strategy takes the function (ownership_fallback.mlir, chunk 2).
func.func @one_buffer_yielded_twice() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i5 = arith.constant 5 : i64
  %i7 = arith.constant 7 : i64
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  memref.store %i5, %b[%c0] : memref<2xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xi64>, memref<2xi64>) {
    %t = memref.alloc() : memref<2xi64>
    %s = arith.select %true, %y, %t : memref<2xi64>
    // expected-note @+1 {{the copy is made here}}
    scf.yield %y, %s : memref<2xi64>, memref<2xi64>
  }
  // expected-error @+1 {{this op writes to a buffer while a copy made for deallocation is in use through another name}}
  memref.store %i7, %r#1[%c0] : memref<2xi64>
  %v = memref.load %r#0[%c0] : memref<2xi64>
  return %v : i64
}

// -----

// Fuzz seed 74002759, shrunk by hand: %t is made in a trip and handed, by a runtime ownership
// flag (its loop argument %y is written), to the next trip, where it is written through %y;
// its copy for %s reaches %x and is read there. The program prints 5, 0, 0; the copy would
// print 5, 5, 5. A buffer made in a trip is not fresh on the next one when a loop argument
// may carry it, so the write is seen and the function refused, never miscompiled.
func.func @carried_past_its_trip(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<4xi64>
  memref.store %i5, %a[%c1] : memref<4xi64>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xi64>, memref<4xi64>) {
    // expected-error @+1 {{this op writes to a buffer while a copy made for deallocation is in use through another name}}
    memref.store %i0, %y[%c1] : memref<4xi64>
    %v = memref.load %x[%c1] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    %t = memref.alloc() : memref<4xi64>
    memref.store %i5, %t[%c1] : memref<4xi64>
    %s = scf.if %c -> (memref<4xi64>) {
      // expected-note @+1 {{the copy is made here}}
      scf.yield %t : memref<4xi64>
    } else {
      %f = memref.alloc() : memref<4xi64>
      scf.yield %f : memref<4xi64>
    }
    scf.yield %s, %t : memref<4xi64>, memref<4xi64>
  }
  return
}
func.func private @printI64(i64)

// -----

// MLIR's precondition, in its words: region ops with results must say how control flows.
func.func @no_interface() {
  // expected-error @+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %0 = "test.region_with_result"() ({
    %a = memref.alloc() : memref<2xi64>
    "test.yield"(%a) : (memref<2xi64>) -> ()
  }) : () -> memref<2xi64>
  return
}

// -----

// memref.realloc frees its operand; only memref.dealloc frees can be moved.
func.func @realloc(%n: index) {
  %a = memref.alloc() : memref<2xi64>
  // expected-error @+1 {{only memref.dealloc may free a buffer here}}
  %b = memref.realloc %a(%n) : memref<2xi64> to memref<?xi64>
  return
}

// -----

// Callers keep ownership of the buffers they pass and free them, so a function that frees
// its argument (here, or a select that may be it) would make that a second free. `mlir-opt-16
// --buffer-deallocation` keeps such a free, and the caller's own free then runs twice.
func.func @frees_its_argument(%c: i1, %src: memref<4xi64>) {
  %a = memref.alloc() : memref<4xi64>
  %s = arith.select %c, %src, %a : memref<4xi64>
  // expected-error @below {{this frees a function argument, which the caller owns and frees}}
  memref.dealloc %s : memref<4xi64>
  return
}
