// RUN: dealloc-opt %s --buffer-loop-hoisting --split-input-file
// UPSTREAM-OUTPUT: --buffer-loop-hoisting --split-input-file

// A buffer that leaves an `scf.while` through its exit may move out of the loop only if no
// later trip can reach an earlier trip's buffer or tell it from its own. Here one alias is
// stored as a value: a later trip would overwrite the buffer the holder keeps.
func.func @exit_alias_stored(%condition: i1, %holder: memref<memref<1xindex>>) {
  %last = scf.while () : () -> memref<1xindex> {
    %b = memref.alloc() : memref<1xindex>
    scf.condition(%condition) %b : memref<1xindex>
  } do {
  ^bb0(%current: memref<1xindex>):
    memref.store %current, %holder[] : memref<memref<1xindex>>
    scf.yield
  }
  return
}

// -----

// The callee may keep the buffer it is given.
func.func private @keep(memref<1xindex>)
func.func @exit_alias_passed_to_call(%condition: i1) {
  %last = scf.while () : () -> memref<1xindex> {
    %b = memref.alloc() : memref<1xindex>
    func.call @keep(%b) : (memref<1xindex>) -> ()
    scf.condition(%condition) %b : memref<1xindex>
  } do {
  ^bb0(%current: memref<1xindex>):
    scf.yield
  }
  return
}

// -----

// Captures of the loop's result count too.
func.func private @keep(memref<1xindex>)
func.func @exit_alias_result_passed_to_call(%condition: i1) {
  %last = scf.while () : () -> memref<1xindex> {
    %b = memref.alloc() : memref<1xindex>
    scf.condition(%condition) %b : memref<1xindex>
  } do {
  ^bb0(%current: memref<1xindex>):
    scf.yield
  }
  func.call @keep(%last) : (memref<1xindex>) -> ()
  return
}

// -----

// Each trip records its buffer's address; after hoisting, both trips would record the same
// one, and the program would print 1 instead of 0 (executed in
// `tests/hoisting-peak/captured.mlir`).
func.func @exit_alias_address_taken() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %addresses = memref.alloca() : memref<2xindex>
  %last = scf.while (%i = %c0) : (index) -> memref<1xindex> {
    %b = memref.alloc() : memref<1xindex>
    memref.store %i, %b[%c0] : memref<1xindex>
    %address = memref.extract_aligned_pointer_as_index %b : memref<1xindex> -> index
    memref.store %address, %addresses[%i] : memref<2xindex>
    %continue = arith.cmpi slt, %i, %c1 : index
    scf.condition(%continue) %b : memref<1xindex>
  } do {
  ^bb0(%current: memref<1xindex>):
    %value = memref.load %current[%c0] : memref<1xindex>
    %next = arith.addi %value, %c1 : index
    scf.yield %next : index
  }
  %a0 = memref.load %addresses[%c0] : memref<2xindex>
  %a1 = memref.load %addresses[%c1] : memref<2xindex>
  %same = arith.cmpi eq, %a0, %a1 : index
  %same64 = arith.extui %same : i1 to i64
  %out = memref.alloca() : memref<1xi64>
  memref.store %same64, %out[%c0] : memref<1xi64>
  %u = memref.cast %out : memref<1xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}
func.func private @printMemrefI64(memref<*xi64>)

// -----

// Accesses and views are no capture: the buffer still leaves the loop (MLIR 22 keeps it in).
// UPSTREAM-DIFFERS: llvm#223944, mlir-opt-22 keeps the allocation in the loop.
func.func @exit_alias_accessed(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %last = scf.while (%i = %c0) : (index) -> memref<1xindex> {
    %b = memref.alloc() : memref<1xindex>
    memref.store %i, %b[%c0] : memref<1xindex>
    %continue = arith.cmpi slt, %i, %n : index
    scf.condition(%continue) %b : memref<1xindex>
  } do {
  ^bb0(%current: memref<1xindex>):
    %cast = memref.cast %current : memref<1xindex> to memref<?xindex>
    %value = memref.load %cast[%c0] : memref<?xindex>
    %next = arith.addi %value, %c1 : index
    scf.yield %next : index
  }
  %result = memref.load %last[%c0] : memref<1xindex>
  return %result : index
}

// -----

// UPSTREAM-DIFFERS: mlir-opt-22 hoists a buffer whose every use is inside the loop even when a
// trip stores it as a value; every later trip would then overwrite the buffer the holder keeps.
// Every use of `%b` is inside the loop, but the first trip stores it into `%holder`: it stays.
func.func @stored_on_the_first_trip(%n: index, %holder: memref<memref<1xindex>>) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %b = memref.alloc() : memref<1xindex>
    memref.store %i, %b[%c0] : memref<1xindex>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.store %b, %holder[] : memref<memref<1xindex>>
    }
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %c1 = arith.constant 1 : index
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}

// -----

// UPSTREAM-DIFFERS: mlir-opt-22 hoists it; every trip would then record the same address.
// Each trip records its buffer's address: one shared buffer would make them all equal.
func.func @address_recorded(%n: index, %addresses: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<1xindex>
    memref.store %i, %b[%c0] : memref<1xindex>
    %p = memref.extract_aligned_pointer_as_index %b : memref<1xindex> -> index
    memref.store %p, %addresses[%i] : memref<?xindex>
  }
  return
}

// -----

// A buffer only used inside the loop and handed to a callee still leaves it, as upstream does:
// like every deallocation strategy, hoisting assumes a callee does not keep its arguments.
func.func private @consume(memref<1xindex>)
func.func @passed_to_a_call_inside(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<1xindex>
    memref.store %i, %b[%c0] : memref<1xindex>
    func.call @consume(%b) : (memref<1xindex>) -> ()
  }
  return
}
