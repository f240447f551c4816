// An unstructured loop: blocks and branches carry a buffer around a back edge, and a diamond
// inside the loop either keeps it or replaces it by a fresh one. Ownership must be tracked
// across block arguments, where the buffer may or may not be the one allocated this trip.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %start = memref.alloc() : memref<2xi64>
  %seed = arith.constant 1 : i64
  memref.store %seed, %start[%c0] : memref<2xi64>
  cf.br ^head(%c0, %start : index, memref<2xi64>)
^head(%i: index, %cur: memref<2xi64>):
  %more = arith.cmpi slt, %i, %c6 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %rem = arith.remui %i, %c3 : index
  %replace = arith.cmpi eq, %rem, %c0 : index
  cf.cond_br %replace, ^fresh, ^keep
^fresh:
  %new = memref.alloc() : memref<2xi64>
  %old = memref.load %cur[%c0] : memref<2xi64>
  %x = arith.addi %old, %old : i64
  memref.store %x, %new[%c0] : memref<2xi64>
  cf.br ^latch(%new : memref<2xi64>)
^keep:
  %v = memref.load %cur[%c0] : memref<2xi64>
  %y = arith.addi %v, %seed : i64
  memref.store %y, %cur[%c0] : memref<2xi64>
  cf.br ^latch(%cur : memref<2xi64>)
^latch(%next: memref<2xi64>):
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %next : index, memref<2xi64>)
^exit:
  %r = memref.load %cur[%c0] : memref<2xi64>
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
