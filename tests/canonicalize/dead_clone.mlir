// RUN: dealloc-opt %s --canonicalize --split-input-file

// A clone that is only written and freed is erased with its writes and its free, as MLIR's
// SimplifyDeadAlloc erases such an allocation: nothing reads what it holds (fuzz seed
// 1000464, where mlir-opt-22 had the lower peak). The clone that is read stays.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %i7 = arith.constant 7 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %i7, %a[%c2] : memref<4xi64>
  %dead = bufferization.clone %a : memref<4xi64> to memref<4xi64>
  memref.store %i7, %dead[%c0] : memref<4xi64>
  memref.dealloc %dead : memref<4xi64>
  %read = bufferization.clone %a : memref<4xi64> to memref<4xi64>
  memref.store %i7, %read[%c0] : memref<4xi64>
  %v = memref.load %read[%c0] : memref<4xi64>
  func.call @printI64(%v) : (i64) -> ()
  memref.dealloc %read : memref<4xi64>
  memref.dealloc %a : memref<4xi64>
  return
}
