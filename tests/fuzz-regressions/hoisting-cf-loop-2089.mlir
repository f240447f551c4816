// RUN: dealloc-opt %s --pass-pipeline='builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)'
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 2089 --count 1 --pipeline pass-pipeline=builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)`.
// Failure: printed output differs
// Fixed: buffer-hoisting climbed the dominator chain out of a cf loop, so every trip of the
// loop shared one buffer that the loop also carried to the next trip.

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %v129 = memref.alloc() : memref<2x3xi64>
  scf.for %v130 = %c0 to %c2 step %c1 {
    scf.for %v131 = %c0 to %c3 step %c1 {
      %v132 = arith.index_cast %v130 : index to i64
      %v133 = arith.addi %i0, %v132 : i64
      %v134 = arith.index_cast %v131 : index to i64
      %v135 = arith.addi %v133, %v134 : i64
      memref.store %v135, %v129[%v130, %v131] : memref<2x3xi64>
    }
  }
  %v235 = arith.constant false
  cf.cond_br %v235, ^bb10, ^bb11
^bb10:
  %v236 = memref.cast %v129 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  cf.br ^bb12(%v236 : memref<?x?xi64, strided<[?, ?], offset: ?>>)
^bb11:
  %v237 = memref.cast %v129 : memref<2x3xi64> to memref<?x?xi64>
  %v238 = memref.cast %v129 : memref<2x3xi64> to memref<?x?xi64>
  cf.br ^bb13(%v237, %v238, %i0 : memref<?x?xi64>, memref<?x?xi64>, i64)
^bb13(%v239: memref<?x?xi64>, %v240: memref<?x?xi64>, %v241: i64):
  %v242 = arith.cmpi slt, %v241, %i3 : i64
  cf.cond_br %v242, ^bb14, ^bb15
^bb14:
  %v276 = memref.alloc(%c2, %c4) : memref<?x?xi64>
  scf.for %v277 = %c0 to %c2 step %c1 {
    scf.for %v278 = %c0 to %c4 step %c1 {
      %v279 = arith.index_cast %v277 : index to i64
      %v280 = arith.addi %v241, %v279 : i64
      %v281 = arith.index_cast %v278 : index to i64
      %v282 = arith.addi %v280, %v281 : i64
      memref.store %v282, %v276[%v277, %v278] : memref<?x?xi64>
    }
  }
  %v243 = arith.addi %v241, %i1 : i64
  cf.br ^bb13(%v276, %v239, %v243 : memref<?x?xi64>, memref<?x?xi64>, i64)
^bb15:
  %v283 = memref.cast %v240 : memref<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  cf.br ^bb12(%v283 : memref<?x?xi64, strided<[?, ?], offset: ?>>)
^bb12(%v284: memref<?x?xi64, strided<[?, ?], offset: ?>>):
  %v285 = memref.load %v129[%c0, %c2] : memref<2x3xi64>
  %v286 = arith.addi %i0, %v285 : i64
  %v287 = memref.load %v284[%c0, %c1] : memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v288 = arith.addi %v286, %v287 : i64
  func.call @printI64(%v288) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
