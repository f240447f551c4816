// RUN: dealloc-opt %s --hlo-deallocate=refuse-unowned-realloc=true --split-input-file --verify-diagnostics --allow-unregistered-dialect

// A free inside a loop of a buffer the loop does not carry.
func.func @dealloc_invalid() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  // expected-error @below {{can't implicitly capture across loop boundaries; use an explicit iter arg instead}}
  scf.for %i = %c0 to %c1 step %c1 {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// A realloc in an if nested in a loop of a buffer the loop does not carry.
func.func @cross_loop_boundary(%c: i1, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%size) : memref<?xf32>
  // expected-error @below {{can't implicitly capture across loop boundaries; use an explicit iter arg instead}}
  scf.for %i = %c0 to %c1 step %c1 {
    %r = scf.if %c -> (memref<?xf32>) {
      %n = memref.realloc %a(%size) : memref<?xf32> to memref<?xf32>
      scf.yield %n : memref<?xf32>
    } else {
      scf.yield %a : memref<?xf32>
    }
  }
  return
}

// -----

// An if without else cannot capture: the buffer would stay owned on the other path.
func.func @realloc_no_else(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @below {{cannot implicitly capture from an if without else}}
  scf.if %c {
    %n = memref.realloc %a : memref<2xf32> to memref<4xf32>
  }
  return
}

// -----

// The branch that does not realloc must hand the captured buffer on.
func.func @realloc_not_yielded(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @below {{released value not yielded on other branch}}
  %r = scf.if %c -> (memref<4xf32>) {
    %n = memref.realloc %a : memref<2xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return
}

// -----

// A function argument is never owned, so MLIR-HLO cannot reallocate it (refuse-unowned-realloc;
// without it, the realloc becomes an allocation and a copy: realloc_of_argument.mlir).
func.func @realloc_arg(%a: memref<2xf32>) {
  // expected-error @below {{unable to find ownership indicator for operand}}
  %n = memref.realloc %a : memref<2xf32> to memref<4xf32>
  return
}

// -----

// The same buffer captured by two ifs: the second release reaches the function.
// expected-error @below {{invalid realloc of memref}}
func.func @realloc_twice(%c: i1, %size: index) {
  %a = memref.alloc(%size) : memref<?xf32>
  %r = scf.if %c -> (memref<?xf32>) {
    %n = memref.realloc %a(%size) : memref<?xf32> to memref<?xf32>
    scf.yield %n : memref<?xf32>
  } else {
    scf.yield %a : memref<?xf32>
  }
  %s = scf.if %c -> (memref<?xf32>) {
    %n = memref.realloc %a(%size) : memref<?xf32> to memref<?xf32>
    scf.yield %n : memref<?xf32>
  } else {
    scf.yield %a : memref<?xf32>
  }
  return
}

// -----

// A realloc after an if that captured the buffer already.
// expected-error @below {{invalid realloc of memref}}
func.func @realloc_twice_in_if(%c: i1, %size: index) {
  %a = memref.alloc(%size) : memref<?xf32>
  %r = scf.if %c -> (memref<?xf32>) {
    %n = memref.realloc %a(%size) : memref<?xf32> to memref<?xf32>
    scf.yield %n : memref<?xf32>
  } else {
    scf.yield %a : memref<?xf32>
  }
  %m = memref.realloc %a(%size) : memref<?xf32> to memref<?xf32>
  return
}

// -----

// The same function argument freed twice in one block.
func.func @released_twice(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @below {{same value released twice}}
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// An op without the region-branch interface whose region hands a buffer on.
func.func @opaque_region_returns(%m: memref<2xf32>) {
  // expected-error @below {{block unexpectededly released or returned an alloc}}
  "some.region_op"() ({
    %a = memref.alloc() : memref<2xf32>
    "some.terminator"(%a) : (memref<2xf32>) -> ()
  }) : () -> ()
  return
}

// -----

// The address of a function whose memref result gains an ownership result may only be
// called: passed on, it would reach indirect callers that keep the old signature.
func.func @produce() -> memref<2xi64> {
  %a = memref.alloc() : memref<2xi64>
  return %a : memref<2xi64>
}

func.func private @apply(() -> memref<2xi64>) -> memref<2xi64>

func.func @taker() -> memref<2xi64> {
  // expected-error @below {{refers to @produce, whose memref results gain ownership results; its address may only be called by func.call_indirect, not passed on}}
  %f = func.constant @produce : () -> memref<2xi64>
  %m = call @apply(%f) : (() -> memref<2xi64>) -> memref<2xi64>
  return %m : memref<2xi64>
}

// -----

// The same through a block argument.
func.func @produce() -> memref<2xi64> {
  %a = memref.alloc() : memref<2xi64>
  return %a : memref<2xi64>
}

func.func @taker() -> memref<2xi64> {
  // expected-error @below {{refers to @produce, whose memref results gain ownership results; its address may only be called by func.call_indirect, not passed on}}
  %f = func.constant @produce : () -> memref<2xi64>
  cf.br ^bb1(%f : () -> memref<2xi64>)
^bb1(%g: () -> memref<2xi64>):
  %m = func.call_indirect %g() : () -> memref<2xi64>
  return %m : memref<2xi64>
}

// -----

// A function without memref results keeps its signature: its address may be taken.
func.func private @use(memref<2xi64>)

func.func @scalar(%v: i64) -> i64 {
  return %v : i64
}

func.func @taker(%v: i64) -> i64 {
  %f = func.constant @scalar : (i64) -> i64
  %r = func.call_indirect %f(%v) : (i64) -> i64
  return %r : i64
}
