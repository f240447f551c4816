// RUN: dealloc-opt %s --run

// memref.generic_atomic_rmw runs its body on the element read, stores what it yields and
// yields it; memref.atomic_rmw muli. mlir-opt-22 lowers neither to LLVM (so no JIT check), and
// the ownership-based pass refuses a region op without the region-branch interface, as
// mlir-opt-22 does, so this program runs without passes.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3.0 : f32
  %buf = memref.alloc() : memref<2xf32>
  linalg.fill ins(%three : f32) outs(%buf : memref<2xf32>)
  %r = memref.generic_atomic_rmw %buf[%c1] : memref<2xf32> {
  ^bb0(%current: f32):
    %sq = arith.mulf %current, %current : f32
    %less = arith.subf %sq, %three : f32
    memref.atomic_yield %less : f32
  }
  %again = memref.generic_atomic_rmw %buf[%c1] : memref<2xf32> {
  ^bb0(%current: f32):
    %twice = arith.addf %current, %r : f32
    memref.atomic_yield %twice : f32
  }
  memref.store %again, %buf[%c0] : memref<2xf32>
  %n = memref.alloc() : memref<1xi32>
  %seven = arith.constant 7 : i32
  memref.store %seven, %n[%c0] : memref<1xi32>
  %old = memref.atomic_rmw muli %seven, %n[%c0] : (i32, memref<1xi32>) -> i32
  %new = memref.load %n[%c0] : memref<1xi32>
  %sum = arith.addi %old, %new : i32
  %sumf = arith.sitofp %sum : i32 to f32
  %out = memref.alloc() : memref<3xf32>
  memref.store %r, %out[%c0] : memref<3xf32>
  memref.store %again, %out[%c1] : memref<3xf32>
  %c2 = arith.constant 2 : index
  memref.store %sumf, %out[%c2] : memref<3xf32>
  %u = memref.cast %buf : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %out : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %buf : memref<2xf32>
  memref.dealloc %n : memref<1xi32>
  memref.dealloc %out : memref<3xf32>
  return
}
