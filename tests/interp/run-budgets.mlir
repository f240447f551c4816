// RUN: dealloc-opt %s --split-input-file --run --run-max-steps=1000 --run-max-bytes=10000

// A runaway loop ends on the step budget with a clear message.
// EXPECT-EXIT: 1
// EXPECT-STDERR: run of @main stopped: step_budget_exceeded error:
// EXPECT-STDERR: step budget of 1000 ops exceeded
func.func @main() {
  cf.br ^loop
^loop:
  cf.br ^loop
}

// -----

// Allocating in a loop without freeing ends on the memory budget, at the allocation that
// crossed it.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:25:10: memory budget of 10000 live bytes exceeded
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 200 : index
  scf.for %i = %c0 to %n step %c1 {
    %c8 = arith.constant 8 : index
    %m = memref.alloc(%c8) : memref<?xf64>
  }
  return
}

// -----

// A single allocation larger than the memory budget is refused.
// EXPECT-EXIT: 1
// EXPECT-STDERR: allocation of 80000 bytes exceeds the limit of 10000 bytes
func.func @main() {
  %m = memref.alloc() : memref<10000xf64>
  memref.dealloc %m : memref<10000xf64>
  return
}

// -----

// Within both budgets, the run succeeds.
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %m = memref.alloc() : memref<8xf64>
    memref.dealloc %m : memref<8xf64>
    %one = arith.constant 1 : i64
    %next = arith.addi %acc, %one : i64
    scf.yield %next : i64
  }
  call @printI64(%s) : (i64) -> ()
  return
}
