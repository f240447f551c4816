// RUN: dealloc-opt %s --split-input-file

// cf.br with block arguments; the successor block gets a `// pred:` comment.
func.func @br(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}

// -----

// cf.cond_br diamond: two predecessors of the join block, which takes a
// memref block argument (the deallocation pass's favourite shape).
func.func @diamond(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%m: memref<2xf32>):
  return %m : memref<2xf32>
}

// -----

// cond_br with operands on both successors, multiple operands each.
func.func @cond_br_operands(%c: i1, %a: i32, %b: f32) -> (i32, f32) {
  cf.cond_br %c, ^bb1(%a, %b : i32, f32), ^bb1(%a, %b : i32, f32)
^bb1(%x: i32, %y: f32):
  return %x, %y : i32, f32
}

// -----

// cond_br with branch weights (an attribute after the successor list).
func.func @cond_br_weights(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2 {branch_weights = array<i32: 90, 10>}
^bb1:
  return
^bb2:
  return
}

// -----

// A loop in the CFG: the header block has two predecessors (entry and
// latch) and the comment lists them in order.
func.func @cfg_loop(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  cf.br ^header(%c0 : index)
^header(%i: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  memref.store %cst, %m[%i] : memref<?xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}

// -----

// A loop that allocates in its body and carries the buffer through a block
// argument; an unreachable block (no predecessors) prints with no comment.
func.func @cfg_loop_alloc(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  cf.br ^bb1(%c0, %init : index, memref<4xf32>)
^bb1(%i: index, %buf: memref<4xf32>):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %fresh = memref.alloc() : memref<4xf32>
  memref.copy %buf, %fresh : memref<4xf32> to memref<4xf32>
  memref.dealloc %buf : memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i1, %fresh : index, memref<4xf32>)
^bb3:
  return %buf : memref<4xf32>
^dead:
  %x = memref.alloc() : memref<4xf32>
  return %x : memref<4xf32>
}

// -----

// Block labels are renumbered in order: ^entry/^a/^b become ^bb0.. and
// only non-entry blocks print a label when the entry has no arguments.
func.func @relabel(%c: i1) {
  cf.cond_br %c, ^zzz, ^aaa
^aaa:
  cf.br ^zzz
^zzz:
  return
}

// -----

// cf.assert with a message containing escapes.
func.func @assert(%c: i1) {
  cf.assert %c, "expected \"true\"\n"
  return
}

// -----

// cf.switch with a default destination and cases carrying operands.
func.func @switch(%flag: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%b : i32),
    43: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %a : i32
}

// -----

// cf.switch with only a default destination.
func.func @switch_default_only(%flag: i64) {
  cf.switch %flag : i64, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

// A block that is its own predecessor (self loop) and a block with the same
// predecessor listed twice (both cond_br edges go to it).
func.func @self_loop(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

// -----

// Many predecessors: the comment lists all of them.
func.func @many_preds(%i: i32) -> i32 {
  cf.switch %i : i32, [
    default: ^bb4(%i : i32),
    0: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  %a = arith.constant 10 : i32
  cf.br ^bb4(%a : i32)
^bb2:
  %b = arith.constant 20 : i32
  cf.br ^bb4(%b : i32)
^bb3:
  %c = arith.constant 30 : i32
  cf.br ^bb4(%c : i32)
^bb4(%r: i32):
  return %r : i32
}
