// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file

// `affine.for` carries buffers through iter_args like `scf.for`: its ownership operands go
// into its last operand segment (the loop-carried values).
func.func private @printI64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %one, %a[%c0] : memref<4xi64>
  %r = affine.for %i = 0 to 3 iter_args(%x = %a) -> (memref<4xi64>) {
    %n = memref.alloc() : memref<4xi64>
    %v = memref.load %x[%c0] : memref<4xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %n[%c0] : memref<4xi64>
    affine.yield %n : memref<4xi64>
  }
  %y = memref.load %r[%c0] : memref<4xi64>
  func.call @printI64(%y) : (i64) -> ()
  return
}
