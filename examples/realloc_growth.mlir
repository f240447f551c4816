// A vector that doubles with memref.realloc while it is filled, as a push_back loop does. The
// deallocation pipelines expand each realloc into allocate, copy and free first.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %v0 = memref.alloc(%c2) : memref<?xi64>
  %final = scf.for %i = %c0 to %c20 step %c1 iter_args(%v = %v0) -> (memref<?xi64>) {
    %cap = memref.dim %v, %c0 : memref<?xi64>
    %full = arith.cmpi eq, %i, %cap : index
    %room = scf.if %full -> (memref<?xi64>) {
      %twice = arith.muli %cap, %c2 : index
      %grown = memref.realloc %v(%twice) : memref<?xi64> to memref<?xi64>
      scf.yield %grown : memref<?xi64>
    } else {
      scf.yield %v : memref<?xi64>
    }
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    memref.store %sq, %room[%i] : memref<?xi64>
    scf.yield %room : memref<?xi64>
  }
  %c19 = arith.constant 19 : index
  %last = memref.load %final[%c19] : memref<?xi64>
  call @printI64(%last) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
