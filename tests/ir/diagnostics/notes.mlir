// RUN: dealloc-opt %s --split-input-file

// A verifier error gets MLIR's note printing the op in generic form, its values named over
// the enclosing function.
func.func @addf_on_memref(%arg0: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %1 = arith.addf %arg0, %arg0 : memref<4xf32>
  return %1 : memref<4xf32>
}

// -----

// An op with regions is printed whole, on the lines after the note; values defined in the
// function before it keep their numbers.
func.func @if_yields_too_much(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    %x = memref.alloc() : memref<4xf32>
    %b = arith.addi %c, %c : i1
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : i1
  }
  return
}

// -----

// An error on a function itself prints the whole function.
func.func @public_declaration(%c: i1) -> i1

// -----

// The note comes before the notes the error has of its own.
func.func @not_dominated(%c: i1) {
  %0 = arith.addi %1, %c : i1
  %1 = arith.addi %c, %c : i1
  return
}

// -----

// The message of a missing terminator prints the last op the same way.
func.func @no_terminator(%c: i1) {
  cf.br ^bb1
^bb1:
  scf.if %c {
    %0 = arith.addi %c, %c : i1
  }
}

// -----

// Every function is verified: each error is reported, in order.
func.func @first(%c: i1) {
  %0 = arith.addi %c, %c : i1
  return %0 : i1
}
func.func @second(%arg0: memref<4xf32>) {
  %0 = arith.addf %arg0, %arg0 : memref<4xf32>
  return
}
func.func @third(%c: i1) -> i1 {
  return
}

// -----

// A nested op refers to values of the function and of the region around it.
func.func @nested(%c: i1, %m: memref<4xf32>) {
  %one = arith.constant 1 : index
  scf.if %c {
    %v = memref.load %m[%one] : memref<4xf32>
    %w = arith.addi %v, %v : f32
  }
  return
}

// -----

// An affine layout is printed inline in the note.
func.func @subview(%m: memref<8x8xf32>) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 9 + d1)>>
  return
}

// -----

// Symbol redefinition.
func.func private @twice()
func.func private @twice()

// -----

// A graph region with two blocks, and an entry block with a predecessor (no note: MLIR reports
// it at the op's location, not on the op).
func.func @entry_pred() {
^bb0:
  cf.br ^bb0
}
