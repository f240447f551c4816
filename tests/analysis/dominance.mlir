// RUN: dealloc-opt %s --split-input-file --test-print-dominance
// The analysis part of this output is byte-identical to mlir-opt-22
// --pass-pipeline='builtin.module(func.func(test-print-dominance))' (which additionally
// annotates the IR with test.block_ids; we never mutate IR).

// A diamond: the entry (0) dominates everything, the join (3) post-dominates everything;
// neither branch (1, 2) dominates the join. Block 4 is the module body (a graph region: it
// properly dominates itself) and is neither dominated by nor dominating the nested blocks.
func.func @diamond(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// -----

// An explicit loop: the header (1) dominates the latch (2) and the exit (3); the exit
// post-dominates everything.
func.func @loop(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// -----

// Unreachable blocks (2, 3) are dominated by every block and dominate no reachable block;
// Nearest(...) involving them has no dominator. (mlir-opt-22 segfaults on this case.)
func.func @unreachable() {
  cf.br ^bb1
^bb1:
  return
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb1
}

// -----

// Nested regions: blocks of the scf.if regions (0 and 1) are dominated by the function
// entry (2), but they do not dominate it; the then and else blocks are unrelated
// (different regions of one op): Nearest(0, 1) is the enclosing block 2.
func.func @nested(%c: i1, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    %x = memref.load %m[%c0] : memref<2xf32>
  } else {
    %y = memref.load %m[%c0] : memref<2xf32>
  }
  return
}

// -----

// An infinite loop: the loop blocks cannot reach an exit; the virtual exit joins them
// through the latch, which post-dominates the loop header.
func.func @infinite(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// -----

// A multi-block region nested in scf.execute_region, inside a CFG diamond.
func.func @execute_region(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %r = scf.execute_region -> i32 {
    %a = arith.constant 1 : i32
    cf.cond_br %c, ^e1, ^e2
  ^e1:
    scf.yield %a : i32
  ^e2:
    %b = arith.constant 2 : i32
    scf.yield %b : i32
  }
  cf.br ^bb3(%r : i32)
^bb2:
  %z = arith.constant 0 : i32
  cf.br ^bb3(%z : i32)
^bb3(%v: i32):
  return %v : i32
}
