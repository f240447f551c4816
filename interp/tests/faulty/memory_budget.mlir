// Allocating in a loop without freeing ends on the memory budget.
// MAX-BYTES: 10000
// FATAL: MemoryBudgetExceeded 10:10
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  scf.for %i = %c0 to %n step %c1 {
    %c8 = arith.constant 8 : index
    %m = memref.alloc(%c8) : memref<?xf64>
  }
  return
}
