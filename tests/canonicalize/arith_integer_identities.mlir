// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// Cancellations of addi, subi and muli (MLIR's AddIOp, SubIOp and MulIOp folders):
// (x - y) + y, y + (x - y), (x + y) - y and (x + y) - x give back an operand; x * 0 is the
// zero constant. The loop index makes x and y unknown to the folders.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %seven = arith.constant 7 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %x = arith.index_cast %i : index to i64
    %y = arith.muli %x, %seven : i64
    %d = arith.subi %x, %y : i64
    %a = arith.addi %d, %y : i64
    %b = arith.addi %y, %d : i64
    %s = arith.addi %x, %y : i64
    %e = arith.subi %s, %y : i64
    %f = arith.subi %s, %x : i64
    %z = arith.muli %x, %zero : i64
    func.call @printI64(%a) : (i64) -> ()
    func.call @printI64(%b) : (i64) -> ()
    func.call @printI64(%e) : (i64) -> ()
    func.call @printI64(%f) : (i64) -> ()
    func.call @printI64(%z) : (i64) -> ()
  }
  return
}

// -----

// A constant meeting an inner addi, subi or muli with a constant: the two constants combine
// (MLIR's AddIAddConstant, AddISubConstantRHS/LHS, SubIRHSAddConstant, SubILHSAddConstant,
// SubIRHSSubConstantRHS/LHS, SubILHSSubConstantRHS/LHS, MulIMulIConstant).
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %i6 = arith.constant 6 : i64
  %i7 = arith.constant 7 : i64
  %i9 = arith.constant 9 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %x = arith.index_cast %i : index to i64
    %xp5 = arith.addi %x, %i5 : i64
    %xm5 = arith.subi %x, %i5 : i64
    %fm = arith.subi %i5, %x : i64
    %x3 = arith.muli %x, %i3 : i64
    %r0 = arith.addi %xp5, %i7 : i64
    %r1 = arith.addi %xm5, %i7 : i64
    %r2 = arith.addi %fm, %i7 : i64
    %r3 = arith.subi %xp5, %i7 : i64
    %r4 = arith.subi %xm5, %i7 : i64
    %r5 = arith.subi %fm, %i7 : i64
    %r6 = arith.subi %i9, %xp5 : i64
    %r7 = arith.subi %i9, %xm5 : i64
    %r8 = arith.subi %i9, %fm : i64
    %r9 = arith.muli %x3, %i6 : i64
    func.call @printI64(%r0) : (i64) -> ()
    func.call @printI64(%r1) : (i64) -> ()
    func.call @printI64(%r2) : (i64) -> ()
    func.call @printI64(%r3) : (i64) -> ()
    func.call @printI64(%r4) : (i64) -> ()
    func.call @printI64(%r5) : (i64) -> ()
    func.call @printI64(%r6) : (i64) -> ()
    func.call @printI64(%r7) : (i64) -> ()
    func.call @printI64(%r8) : (i64) -> ()
    func.call @printI64(%r9) : (i64) -> ()
  }
  return
}

// -----

// Negation through a multiplication by -1: x + y * -1 and y * -1 + x become x - y
// (AddIMulNegativeOneRhs/Lhs), and (a - b) - a becomes 0 - b (SubISubILHSRHSLHS). Where y is
// itself x * 7, (x * 7) * -1 becomes x * -7 first (MulIMulIConstant), as upstream does. The
// first makes x + x * -1 the constant 0, so the comparison folds and the branch that
// allocates disappears with its buffer.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : i64
  %i1 = arith.constant 1 : i64
  %i7 = arith.constant 7 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %x = arith.index_cast %i : index to i64
    %y = arith.muli %x, %i7 : i64
    %ny = arith.muli %y, %m1 : i64
    %a = arith.addi %x, %ny : i64
    %b = arith.addi %ny, %x : i64
    %d = arith.subi %x, %y : i64
    %c = arith.subi %d, %x : i64
    func.call @printI64(%a) : (i64) -> ()
    func.call @printI64(%b) : (i64) -> ()
    func.call @printI64(%c) : (i64) -> ()
    %nx = arith.muli %x, %m1 : i64
    %zero = arith.addi %x, %nx : i64
    %positive = arith.cmpi sge, %zero, %i1 : i64
    scf.if %positive {
      %buf = memref.alloc() : memref<4xi64>
      memref.store %x, %buf[%c0] : memref<4xi64>
      %v = memref.load %buf[%c0] : memref<4xi64>
      func.call @printI64(%v) : (i64) -> ()
      memref.dealloc %buf : memref<4xi64>
    }
  }
  return
}

// -----

// Constants combine at the type's width, wrapping: on i8, (x + 100) + 100 is x + (-56), and
// (x * 16) * 16 is x * 0, then 0.
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %h = arith.constant 100 : i8
  %s = arith.constant 16 : i8
  scf.for %i = %c0 to %c3 step %c1 {
    %x = arith.index_cast %i : index to i8
    %a = arith.addi %x, %h : i8
    %b = arith.addi %a, %h : i8
    %m = arith.muli %x, %s : i8
    %n = arith.muli %m, %s : i8
    %bw = arith.extsi %b : i8 to i64
    %nw = arith.extsi %n : i8 to i64
    func.call @printI64(%bw) : (i64) -> ()
    func.call @printI64(%nw) : (i64) -> ()
  }
  return
}

// -----

// Overflow flags: two ops that both carry nsw keep it when their constants combine; an op
// combined with one without flags has none.
func.func @flags(%x: i64) -> (i64, i64) {
  %i5 = arith.constant 5 : i64
  %i7 = arith.constant 7 : i64
  %a = arith.addi %x, %i5 overflow<nsw> : i64
  %b = arith.addi %a, %i7 overflow<nsw> : i64
  %c = arith.addi %x, %i7 : i64
  %d = arith.addi %c, %i5 overflow<nsw> : i64
  return %b, %d : i64, i64
}
