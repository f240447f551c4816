// RUN: dealloc-opt %s --ownership-based-buffer-deallocation

// A block no branch reaches (^bb2, left by a canonicalize that folded the branch to it and
// stopped before erasing it) forwards a memref selected in the entry block. The pass erases
// such blocks first: the select has no ownership in a block that never runs, and the pass
// failed with "MemRef value does not have valid ownership" (fuzz seed 97616965 of
// buffer-deallocation-pipeline{reuse=true}). mlir-opt-22 emits a branch that fails
// verification on a similar function.
module {
  func.func private @f0(%arg0: memref<2xi64>, %arg1: memref<4xi64>) -> (memref<2xi64>, memref<2xi64>) {
    %c3 = arith.constant 3 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c3_i64 = arith.constant 3 : i64
    %c4_i64 = arith.constant 4 : i64
    %0 = scf.while (%arg2 = %c0_i64) : (i64) -> i64 {
      %1 = arith.cmpi slt, %arg2, %c3_i64 : i64
      scf.condition(%1) %arg2 : i64
    } do {
    ^bb0(%arg2: i64):
      scf.execute_region {
        %2:2 = scf.while (%arg3 = %c0_i64) : (i64) -> (memref<4xi64>, i64) {
          %alloc_0 = memref.alloc() : memref<4xi64>
          %7 = arith.cmpi slt, %arg3, %c3_i64 : i64
          scf.condition(%7) %alloc_0, %arg3 : memref<4xi64>, i64
        } do {
        ^bb0(%arg3: memref<4xi64>, %arg4: i64):
          %7 = arith.addi %arg4, %c1_i64 : i64
          scf.yield %7 : i64
        }
        %3 = arith.cmpi ne, %2#1, %c2_i64 : i64
        %4 = arith.select %3, %2#0, %arg1 : memref<4xi64>
        cf.br ^bb1
      ^bb1:  // pred: ^bb0
        %alloc = memref.alloc() : memref<4xi64>
        memref.store %c4_i64, %alloc[%c3] : memref<4xi64>
        cf.br ^bb3(%arg0, %alloc : memref<2xi64>, memref<4xi64>)
      ^bb2:  // no predecessors
        cf.br ^bb3(%arg0, %4 : memref<2xi64>, memref<4xi64>)
      ^bb3(%5: memref<2xi64>, %6: memref<4xi64>):  // 2 preds: ^bb1, ^bb2
        scf.yield
      }
      %1 = arith.addi %arg2, %c1_i64 : i64
      scf.yield %1 : i64
    }
    return %arg0, %arg0 : memref<2xi64>, memref<2xi64>
  }
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c9 = arith.constant 9 : i64
    %a = memref.alloc() : memref<2xi64>
    %b = memref.alloc() : memref<4xi64>
    memref.store %c9, %a[%c0] : memref<2xi64>
    %r:2 = call @f0(%a, %b) : (memref<2xi64>, memref<4xi64>) -> (memref<2xi64>, memref<2xi64>)
    %x = memref.load %r#1[%c0] : memref<2xi64>
    call @printI64(%x) : (i64) -> ()
    call @printNewline() : () -> ()
    return
  }
}
