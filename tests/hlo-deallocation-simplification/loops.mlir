// RUN: dealloc-opt %s --hlo-deallocation-simplification --split-input-file
// NO-MLIR-OPT: the input and output use the MLIR-HLO deallocation dialect

// NO-JIT: deallocation ops
// @while_never_null: the first loop-carried buffer is a fresh allocation on entry and on
// every trip, so its indicator is never null in the after region: the retain there reads
// `own` of the memref instead (the same buffer, surely owned). The owns flowing around the
// loop are then read by nothing and become null, and the loop's result is still freed by
// memref.dealloc.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<4xf32>
  %null = deallocation.null
  %w:5 = scf.while (%x = %a, %y = %a, %i = %c0, %ox = %oa, %oy = %null) : (memref<4xf32>, memref<4xf32>, index, !deallocation.ownership, !deallocation.ownership) -> (memref<4xf32>, memref<4xf32>, index, !deallocation.ownership, !deallocation.ownership) {
    %cmp = arith.cmpi slt, %i, %c3 : index
    scf.condition(%cmp) %x, %y, %i, %ox, %oy : memref<4xf32>, memref<4xf32>, index, !deallocation.ownership, !deallocation.ownership
  } do {
  ^bb0(%x2: memref<4xf32>, %y2: memref<4xf32>, %i2: index, %ox2: !deallocation.ownership, %oy2: !deallocation.ownership):
    %n = memref.alloc() : memref<4xf32>
    %on = deallocation.own %n : memref<4xf32>
    %next = arith.addi %i2, %c1 : index
    %k = deallocation.retain(%x2) of(%ox2, %oy2) : (memref<4xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
    scf.yield %n, %x2, %next, %on, %k : memref<4xf32>, memref<4xf32>, index, !deallocation.ownership, !deallocation.ownership
  }
  deallocation.retain() of(%w#3) : (!deallocation.ownership) -> ()
  deallocation.retain() of(%w#4) : (!deallocation.ownership) -> ()
  return
}

// -----

// NO-JIT: deallocation ops
// @for_sometimes_null: the iteration argument is null on entry, so the retain keeps reading
// it.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<4xf32>
  %null = deallocation.null
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %xo = %null) -> (memref<4xf32>, !deallocation.ownership) {
    %n = memref.alloc() : memref<4xf32>
    %on = deallocation.own %n : memref<4xf32>
    %k:2 = deallocation.retain(%x, %n) of(%xo, %on) : (memref<4xf32>, memref<4xf32>, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership)
    deallocation.free %k#0
    scf.yield %n, %k#1 : memref<4xf32>, !deallocation.ownership
  }
  deallocation.retain() of(%r#1) : (!deallocation.ownership) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}
