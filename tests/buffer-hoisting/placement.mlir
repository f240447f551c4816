// RUN: dealloc-opt %s --buffer-hoisting --split-input-file
// UPSTREAM-OUTPUT: --buffer-hoisting --split-input-file

// One branch of a diamond allocates a buffer that flows to the join: the allocation moves to
// the entry block, which dominates every use of the buffer and of the join's argument.
func.func @diamond(%c: i1, %x: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%x : memref<2xf32>)
^bb2:
  %a = memref.alloc() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%j: memref<2xf32>):
  memref.copy %j, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// The size of the allocation is a block argument of its own block: it cannot move above it.
func.func @dynamic_size_from_block_argument(%c: i1, %x: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^bb1, ^bb2(%n : index)
^bb1:
  cf.br ^bb3(%x : memref<?xf32>)
^bb2(%m: index):
  %a = memref.alloc(%m) : memref<?xf32>
  cf.br ^bb3(%a : memref<?xf32>)
^bb3(%j: memref<?xf32>):
  %zero = arith.constant 0 : index
  %d = memref.dim %j, %zero : memref<?xf32>
  return
}

// -----

// A critical edge: the buffer reaches the join from its own block only, yet the join also
// has the entry as predecessor. The allocation moves to the entry.
func.func @critical_edge(%c: i1, %x: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2(%x : memref<2xf32>)
^bb1:
  %a = memref.alloc() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  cf.br ^bb2(%a : memref<2xf32>)
^bb2(%j: memref<2xf32>):
  memref.copy %j, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Two allocations, each in one branch, both move to the entry block, in their order.
func.func @two_branches(%c: i1, %x: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  cf.br ^exit(%a : memref<2xf32>)
^bb2:
  %b = memref.alloc() : memref<2xf32>
  memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  cf.br ^exit(%b : memref<2xf32>)
^exit(%j: memref<2xf32>):
  memref.copy %j, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// An allocation in the entry block and one in the join are already where they belong.
func.func @already_placed(%c: i1, %x: memref<2xf32>, %out: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  cf.cond_br %c, ^bb1(%x, %a : memref<2xf32>, memref<2xf32>), ^bb1(%a, %x : memref<2xf32>, memref<2xf32>)
^bb1(%p: memref<2xf32>, %q: memref<2xf32>):
  %b = memref.alloc() : memref<2xf32>
  memref.copy %p, %b : memref<2xf32> to memref<2xf32>
  memref.copy %b, %out : memref<2xf32> to memref<2xf32>
  return
}

// -----

// A buffer yielded from one branch of an `scf.if` leaves the branch (the `scf.if` result
// is an alias used after it); the one yielded from both stays at the top.
func.func @yielded_from_if(%n: index, %m: index) -> memref<?x?xf32> {
  %c = arith.cmpi eq, %n, %m : index
  %a = memref.alloc(%n, %n) : memref<?x?xf32>
  %r = scf.if %c -> (memref<?x?xf32>) {
    scf.yield %a : memref<?x?xf32>
  } else {
    %b = memref.alloc(%n, %m) : memref<?x?xf32>
    scf.yield %b : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

// A buffer used only inside one branch of an `scf.if` stays in the branch.
func.func @used_only_in_branch(%c: i1, %x: memref<2xf32>) {
  scf.if %c {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
}

// -----

// Sizes computed inside each branch keep each allocation in its branch.
func.func @sizes_computed_in_branch(%x: i32, %c: i1, %n: index) -> memref<?x?xf32> {
  %r = scf.if %c -> (memref<?x?xf32>) {
    %one = arith.constant 1 : i32
    %s = arith.addi %x, %one : i32
    %i = arith.index_cast %s : i32 to index
    %a = memref.alloc(%n, %i) : memref<?x?xf32>
    scf.yield %a : memref<?x?xf32>
  } else {
    %two = arith.constant 2 : i32
    %s = arith.addi %x, %two : i32
    %i = arith.index_cast %s : i32 to index
    %a = memref.alloc(%n, %i) : memref<?x?xf32>
    scf.yield %a : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

// Nested `scf.if`s: both inner allocations flow out to the function's result and move to
// the top.
func.func @nested_ifs(%n: index, %m: index) -> memref<?x?xf32> {
  %c = arith.cmpi eq, %n, %m : index
  %a = memref.alloc(%n, %n) : memref<?x?xf32>
  %r = scf.if %c -> (memref<?x?xf32>) {
    %r2 = scf.if %c -> (memref<?x?xf32>) {
      scf.yield %a : memref<?x?xf32>
    } else {
      %b = memref.alloc(%n, %m) : memref<?x?xf32>
      scf.yield %b : memref<?x?xf32>
    }
    scf.yield %r2 : memref<?x?xf32>
  } else {
    %d = memref.alloc(%m, %m) : memref<?x?xf32>
    scf.yield %d : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

// -----

// Loops are a boundary for this pass: an allocation in a loop body stays in it, even when it
// could move up inside the body.
func.func @inside_loop(%lb: index, %ub: index, %st: index, %x: memref<2xf32>) {
  scf.for %i = %lb to %ub step %st {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %x, %b : memref<2xf32> to memref<2xf32>
  }
  return
}

// -----

// Stack allocations are never moved to dominators (another path could run in another
// scope instance), only out of loops by `buffer-loop-hoisting`.
func.func @alloca_stays(%c: i1, %x: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%x : memref<2xf32>)
^bb2:
  %a = memref.alloca() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%j: memref<2xf32>):
  memref.copy %j, %out : memref<2xf32> to memref<2xf32>
  return
}
