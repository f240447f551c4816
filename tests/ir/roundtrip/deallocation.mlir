// RUN: dealloc-opt %s --split-input-file
// NO-MLIR-OPT: the MLIR-HLO deallocation dialect is not part of mlir-opt-22.

// NOTE: the MLIR-HLO `deallocation` dialect is not part of mlir-opt-22, so the
// expected output of this file is dealloc-opt's own, checked by hand against
// the assembly formats of deallocation_ops.td (tensorflow/mlir-hlo, before the
// dialect was retired).

// Every op of the dialect in its basic form (the upstream deallocation_ops.mlir).
func.func @ops(%m: memref<2xf32>, %o1: !deallocation.ownership, %o2: !deallocation.ownership) -> (!deallocation.ownership, index, index) {
  %r = deallocation.retain(%m) of(%o1, %o2) : (memref<2xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
  %b = deallocation.get_buffer %m : memref<2xf32>
  %c = deallocation.get_buffer %o1 : !deallocation.ownership
  %own = deallocation.own %m : memref<2xf32>
  %n = deallocation.null
  deallocation.free %own
  return %r, %b, %c : !deallocation.ownership, index, index
}

// -----

// retain with several results, with no results (a null-safe free) and with no
// allocs (a constant null).
func.func @retain_forms(%a: memref<2xf32>, %b: memref<?xi32>, %o1: !deallocation.ownership, %o2: !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership, !deallocation.ownership) {
  %r:2 = deallocation.retain(%a, %b) of(%o1, %o2) : (memref<2xf32>, memref<?xi32>, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership)
  deallocation.retain() of(%o1) : (!deallocation.ownership) -> ()
  %z = deallocation.retain(%a) of() : (memref<2xf32>) -> !deallocation.ownership
  return %r#0, %r#1, %z : !deallocation.ownership, !deallocation.ownership, !deallocation.ownership
}

// -----

// Attribute dictionaries: printed first for get_buffer/own/null/free, after
// the operand lists for retain.
func.func @attrs(%m: memref<*xf32>, %o: !deallocation.ownership) {
  %0 = deallocation.own {my.tag = 1 : i64} %m : memref<*xf32>
  %1 = deallocation.get_buffer {my.tag} %0 : !deallocation.ownership
  %2 = deallocation.null {my.tag = "n"}
  deallocation.retain() of(%o, %2) {my.tag} : (!deallocation.ownership, !deallocation.ownership) -> ()
  deallocation.free {my.tag} %0
  return
}

// -----

// Output shape of hlo-deallocate for an scf.if diamond: an ownership
// indicator travels next to the yielded memref.
func.func @if_diamond(%c: i1, %arg: memref<2xf32>) -> (memref<2xf32>, !deallocation.ownership) {
  %0:2 = scf.if %c -> (memref<2xf32>, !deallocation.ownership) {
    %a = memref.alloc() : memref<2xf32>
    %own = deallocation.own %a : memref<2xf32>
    scf.yield %a, %own : memref<2xf32>, !deallocation.ownership
  } else {
    %null = deallocation.null
    scf.yield %arg, %null : memref<2xf32>, !deallocation.ownership
  }
  return %0#0, %0#1 : memref<2xf32>, !deallocation.ownership
}

// -----

// Output shape of hlo-deallocate for a loop: ownership indicators are
// iter_args, and every owned value is retained or freed before the yield.
func.func @loop(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>) {
  %null = deallocation.null
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%b = %buf, %bo = %null) -> (memref<2xf32>, !deallocation.ownership) {
    %a = memref.alloc() : memref<2xf32>
    %ao = deallocation.own %a : memref<2xf32>
    memref.copy %b, %a : memref<2xf32> to memref<2xf32>
    %keep = deallocation.retain(%a) of(%bo, %ao) : (memref<2xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
    scf.yield %a, %keep : memref<2xf32>, !deallocation.ownership
  }
  deallocation.retain() of(%r#1) : (!deallocation.ownership) -> ()
  return
}

// -----

// Lowered form (hlo-deallocation-to-scf): compare base pointers and free.
func.func @lowered(%m: memref<2xf32>, %o: !deallocation.ownership) {
  %p = deallocation.get_buffer %m : memref<2xf32>
  %q = deallocation.get_buffer %o : !deallocation.ownership
  %same = arith.cmpi eq, %p, %q : index
  %c0 = arith.constant 0 : index
  %nonnull = arith.cmpi ne, %q, %c0 : index
  %other = arith.xori %same, %nonnull : i1
  scf.if %other {
    deallocation.free %o
  }
  return
}
