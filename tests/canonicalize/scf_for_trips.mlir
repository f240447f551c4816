// RUN: dealloc-opt %s --canonicalize --split-input-file --allow-unregistered-dialect
// UPSTREAM-OUTPUT: --canonicalize --split-input-file --allow-unregistered-dialect

// Trip counts the bounds tell without being all constants: the same value for both bounds
// runs zero trips (the result is the init), an upper bound `lower + 1` that cannot wrap
// (overflow<nsw>) with step 1 runs one (the body runs in the loop's place, the induction
// variable reads the lower bound).
func.func private @printI64(i64)
func.func private @start(%x: index) -> index {
  return %x : index
}
func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i5 = arith.constant 5 : i64
  %lb = func.call @start(%c3) : (index) -> index
  %zero = scf.for %i = %lb to %lb step %c1 iter_args(%acc = %i5) -> (i64) {
    %n = arith.index_cast %i : index to i64
    %s = arith.addi %acc, %n : i64
    scf.yield %s : i64
  }
  func.call @printI64(%zero) : (i64) -> ()
  %ub = arith.addi %lb, %c1 overflow<nsw> : index
  %one = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %i5) -> (i64) {
    %n = arith.index_cast %i : index to i64
    %s = arith.muli %acc, %n : i64
    func.call @printI64(%s) : (i64) -> ()
    scf.yield %s : i64
  }
  func.call @printI64(%one) : (i64) -> ()
  return
}

// -----

// A loop of two trips whose body only yields a value from outside is that value; with a
// body that does something, or a trip count that may be zero, it stays.
func.func private @printI64(i64)
func.func private @start(%x: index) -> index {
  return %x : index
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %i3) -> (i64) {
    scf.yield %i4 : i64
  }
  func.call @printI64(%r) : (i64) -> ()
  %ub = func.call @start(%c2) : (index) -> index
  %maybe = scf.for %i = %c0 to %ub step %c1 iter_args(%x = %i3) -> (i64) {
    scf.yield %i4 : i64
  }
  func.call @printI64(%maybe) : (i64) -> ()
  %busy = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %i3) -> (i64) {
    func.call @printI64(%x) : (i64) -> ()
    scf.yield %i4 : i64
  }
  func.call @printI64(%busy) : (i64) -> ()
  return
}

// -----

// `lower + c` that may wrap (no nsw), a step that is not constant or a count above one: kept.
func.func @kept(%lb: index, %s: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %u1 = arith.addi %lb, %c1 : index
  scf.for %i = %lb to %u1 step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  %u3 = arith.addi %lb, %c3 overflow<nsw> : index
  scf.for %i = %lb to %u3 step %s {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %lb to %u3 step %c2 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// `c + lower` (operands swapped) with c = 3 and step 4: one trip; with c = 0 none.
func.func @swapped(%lb: index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %u = arith.addi %c3, %lb overflow<nsw> : index
  scf.for %i = %lb to %u step %c4 {
    "test.use"(%i) : (index) -> ()
  }
  %v = arith.addi %lb, %c0 overflow<nsw, nuw> : index
  scf.for %i = %lb to %v step %c4 {
    "test.never"(%i) : (index) -> ()
  }
  return
}
