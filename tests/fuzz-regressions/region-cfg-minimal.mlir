// RUN: dealloc-opt %s --ownership-based-buffer-deallocation
// Hand-reduced from the fuzz reproducers ownership-based-buffer-deallocation-15 / -10 and
// buffer-deallocation-pipeline-39 / -61: a function-level cf diamond with a memref block argument
// followed by an scf.execute_region whose body has its own blocks (here a cf loop). The pass
// places a bufferization.dealloc in the function's ^bb1 that uses a value defined inside the
// execute_region: "'bufferization.dealloc' op using value defined outside the region".
// (mlir-opt-22 rejects this input: "Only structured control-flow loops are supported.")

func.func @main() {
  %c2 = arith.constant 2 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %v12 = arith.constant false
  cf.cond_br %v12, ^bb1, ^bb2
^bb1:
  %a = memref.alloc(%c2) : memref<?xi64>
  cf.br ^bb3(%a : memref<?xi64>)
^bb2:
  %b = memref.alloc(%c2) : memref<?xi64>
  cf.br ^bb3(%b : memref<?xi64>)
^bb3(%m: memref<?xi64>):
  scf.execute_region {
    %x = memref.alloc(%c2) : memref<?xi64>
    cf.br ^bb10(%x, %i0 : memref<?xi64>, i64)
  ^bb10(%h: memref<?xi64>, %k: i64):
    %go = arith.cmpi slt, %k, %i1 : i64
    cf.cond_br %go, ^bb11, ^bb12
  ^bb11:
    %k1 = arith.addi %k, %i1 : i64
    cf.br ^bb10(%h, %k1 : memref<?xi64>, i64)
  ^bb12:
    scf.yield
  }
  return
}
