// RUN: dealloc-opt %s --hlo-lower-deallocation --split-input-file
// NO-MLIR-OPT: the input uses the MLIR-HLO deallocation dialect

// NO-JIT: deallocation ops
// Every predecessor of ^bb3 passes an `own`: the free of its indicator is the dealloc alone,
// without scf.if.
func.func @always_set(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %ob = deallocation.own %b : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  deallocation.free %ob
  cf.br ^bb3(%a, %oa : memref<4xf32>, !deallocation.ownership)
^bb2:
  deallocation.free %oa
  cf.br ^bb3(%b, %ob : memref<4xf32>, !deallocation.ownership)
^bb3(%m: memref<4xf32>, %o: !deallocation.ownership):
  deallocation.free %o
  return
}

// -----

// NO-JIT: deallocation ops
// One predecessor passes null: the free stays guarded.
func.func @sometimes_null(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %n = deallocation.null
  cf.cond_br %c, ^bb1(%a, %oa : memref<4xf32>, !deallocation.ownership), ^bb1(%a, %n : memref<4xf32>, !deallocation.ownership)
^bb1(%m: memref<4xf32>, %o: !deallocation.ownership):
  deallocation.free %o
  return
}

// -----

// NO-JIT: deallocation ops
// Edge blocks as hlo-deallocate splits a cf.cond_br: the one left with only its cf.br is
// skipped (^bb3 then takes the values passed), the other is merged with ^bb4, its only
// successor reached from nowhere else. Selects of indicators the lowering makes constant
// fold: `%s ? own : null` is `%s`.
func.func @edges(%c: i1, %s: i1) {
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %n = deallocation.null
  %p = arith.select %s, %oa, %n : !deallocation.ownership
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a, %p : memref<4xf32>, !deallocation.ownership)
^bb2:
  deallocation.free %oa
  cf.br ^bb4
^bb3(%m: memref<4xf32>, %o: !deallocation.ownership):
  deallocation.free %o
  return
^bb4:
  return
}

// -----

// NO-JIT: deallocation ops
// A cycle of arguments adds no origin: ^bb1's indicator comes from an `own` and from itself,
// so it is always set.
func.func @cycle(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  cf.br ^bb1(%a, %oa : memref<4xf32>, !deallocation.ownership)
^bb1(%m: memref<4xf32>, %o: !deallocation.ownership):
  cf.cond_br %c, ^bb1(%m, %o : memref<4xf32>, !deallocation.ownership), ^bb2
^bb2:
  deallocation.free %o
  return
}

// -----

// NO-JIT: deallocation ops
// The loop carries %o null on entry and every trip yields the same null back: it is dropped,
// with the after-region argument and the loop result the condition forwards it to. %p, set
// on entry but null after a trip, stays.
func.func @constant_loop_indicator(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %null = deallocation.null
  %b = memref.alloc() : memref<4xf32>
  %ob = deallocation.own %b : memref<4xf32>
  %r:5 = scf.while (%i = %c0, %m = %a, %o = %null, %q = %b, %p = %ob) : (index, memref<4xf32>, !deallocation.ownership, memref<4xf32>, !deallocation.ownership) -> (index, memref<4xf32>, !deallocation.ownership, memref<4xf32>, !deallocation.ownership) {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %i, %m, %o, %q, %p : index, memref<4xf32>, !deallocation.ownership, memref<4xf32>, !deallocation.ownership
  } do {
  ^bb0(%i2: index, %m2: memref<4xf32>, %o2: !deallocation.ownership, %q2: memref<4xf32>, %p2: !deallocation.ownership):
    deallocation.free %o2
    deallocation.free %p2
    %next = arith.addi %i2, %c1 : index
    scf.yield %next, %m2, %null, %q2, %null : index, memref<4xf32>, !deallocation.ownership, memref<4xf32>, !deallocation.ownership
  }
  deallocation.free %r#2
  deallocation.free %r#4
  return
}

// -----

// NO-JIT: deallocation ops
// The same in an scf.for: %o, set on entry and set again by every trip, is dropped with the
// loop result it fills; %p, null on entry and set by a trip, stays.
func.func @constant_for_indicator(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %null = deallocation.null
  %oa = deallocation.own %a : memref<4xf32>
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %o = %oa, %q = %a, %p = %null) -> (memref<4xf32>, !deallocation.ownership, memref<4xf32>, !deallocation.ownership) {
    scf.yield %m, %oa, %q, %oa : memref<4xf32>, !deallocation.ownership, memref<4xf32>, !deallocation.ownership
  }
  deallocation.free %r#1
  deallocation.free %r#3
  return
}

// -----

// NO-JIT: deallocation ops
// `%c ? null : own` lowers to `!%c`, as canonicalize would leave it: the compare with the
// negated predicate, not a select of constants.
func.func @negated_compare(%a: index, %b: index) {
  %m = memref.alloc() : memref<4xf32>
  %o = deallocation.own %m : memref<4xf32>
  %n = deallocation.null
  %c = arith.cmpi eq, %a, %b : index
  %s = arith.select %c, %n, %o : !deallocation.ownership
  deallocation.free %s
  return
}

// -----

// NO-JIT: deallocation ops
// The same under a condition that is no compare: `xori %c, true`.
func.func @negated_argument(%c: i1) {
  %m = memref.alloc() : memref<4xf32>
  %o = deallocation.own %m : memref<4xf32>
  %n = deallocation.null
  %s = arith.select %c, %n, %o : !deallocation.ownership
  deallocation.free %s
  return
}

// -----

// NO-JIT: deallocation ops
// Indicator results of scf.if that both branches yield as constants are dropped, as
// canonicalize would drop them: `own` in both is `true`, `own` then `null` the condition,
// `null` then `own` its negation.
func.func @constant_if_indicators(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  %r:2 = scf.if %c -> (memref<4xf32>, !deallocation.ownership) {
    %o = deallocation.own %a : memref<4xf32>
    scf.yield %a, %o : memref<4xf32>, !deallocation.ownership
  } else {
    %n = deallocation.null
    scf.yield %a, %n : memref<4xf32>, !deallocation.ownership
  }
  %s:2 = scf.if %c -> (memref<4xf32>, !deallocation.ownership) {
    %n = deallocation.null
    scf.yield %b, %n : memref<4xf32>, !deallocation.ownership
  } else {
    %o = deallocation.own %b : memref<4xf32>
    scf.yield %b, %o : memref<4xf32>, !deallocation.ownership
  }
  %t:2 = scf.if %c -> (memref<4xf32>, !deallocation.ownership) {
    %o = deallocation.own %d : memref<4xf32>
    scf.yield %d, %o : memref<4xf32>, !deallocation.ownership
  } else {
    %o = deallocation.own %d : memref<4xf32>
    scf.yield %d, %o : memref<4xf32>, !deallocation.ownership
  }
  deallocation.free %r#1
  deallocation.free %s#1
  deallocation.free %t#1
  return
}
