// Three buffers rotate through a loop (a, b, c) -> (b, c, a): a three-stage stencil where each
// trip writes the newest row from the two before it. No buffer is allocated in the loop; the
// question is whether a strategy can see through the rotation without cloning every trip.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc(%c8) : memref<?xi64>
  %b = memref.alloc(%c8) : memref<?xi64>
  %c = memref.alloc(%c8) : memref<?xi64>
  linalg.fill ins(%one : i64) outs(%a : memref<?xi64>)
  linalg.fill ins(%one : i64) outs(%b : memref<?xi64>)
  %r:3 = scf.for %t = %c0 to %c10 step %c1 iter_args(%x = %a, %y = %b, %z = %c)
      -> (memref<?xi64>, memref<?xi64>, memref<?xi64>) {
    scf.for %i = %c0 to %c8 step %c1 {
      %p = memref.load %x[%i] : memref<?xi64>
      %q = memref.load %y[%i] : memref<?xi64>
      %s = arith.addi %p, %q : i64
      memref.store %s, %z[%i] : memref<?xi64>
    }
    scf.yield %y, %z, %x : memref<?xi64>, memref<?xi64>, memref<?xi64>
  }
  %last = memref.load %r#1[%c2] : memref<?xi64>
  call @printI64(%last) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
