// RUN: dealloc-opt %s --hlo-buffer-reuse --split-input-file
// NO-MLIR-OPT: mlir-opt-22 has no MLIR-HLO deallocation dialect

// Programs in the form MLIR-HLO's `hlo-deallocate` leaves them, with ownership indicators.
// `deallocation.retain` declares no memory effects, so it counts as allocating and freeing:
// nothing moves across it. Plain frees around it are still used.

// The free of %a is a retain: no reuse of %a by %b. %b's own free and %c's allocation pair.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<16xi64>
  %own = deallocation.own %a : memref<16xi64>
  memref.store %one, %a[%c0] : memref<16xi64>
  %va = memref.load %a[%c0] : memref<16xi64>
  deallocation.retain() of(%own) : (!deallocation.ownership) -> ()
  %b = memref.alloc() : memref<16xi64>
  memref.store %va, %b[%c0] : memref<16xi64>
  %vb = memref.load %b[%c0] : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  %c = memref.alloc() : memref<16xi64>
  memref.store %vb, %c[%c0] : memref<16xi64>
  %vc = memref.load %c[%c0] : memref<16xi64>
  memref.dealloc %c : memref<16xi64>
  func.call @printI64(%vc) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A loop temporary next to a retain of a loop-carried indicator: the retain may allocate or
// free, outside the temporary's life, so the temporary stays in the loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %null = deallocation.null
  %sum:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero, %o = %null) -> (i64, !deallocation.ownership) {
    %t = memref.alloc() : memref<8xi64>
    memref.store %acc, %t[%c0] : memref<8xi64>
    %v = memref.load %t[%c0] : memref<8xi64>
    memref.dealloc %t : memref<8xi64>
    deallocation.retain() of(%o) : (!deallocation.ownership) -> ()
    %n = deallocation.null
    %w = arith.addi %v, %v : i64
    scf.yield %w, %n : i64, !deallocation.ownership
  }
  deallocation.retain() of(%sum#1) : (!deallocation.ownership) -> ()
  func.call @printI64(%sum#0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
