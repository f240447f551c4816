// RUN: dealloc-opt %s --pass-pipeline='builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)'
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 1984 --count 1 --pipeline pass-pipeline=builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)`.
// Failure: printed output differs
// Fixed: buffer-hoisting left a region holding a cf loop (an scf.execute_region), so every
// trip of the loop shared one buffer that the loop also carried to the next trip.

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @f0(%arg0: memref<?xi64>) -> (memref<?xi64>, memref<?x3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i5 = arith.constant 5 : i64
  %v1 = arith.cmpi sgt, %i5, %i0 : i64
  cf.cond_br %v1, ^bb1, ^bb2
^bb1:
  %v127 = scf.execute_region -> (memref<?xi64>) {
    %v2 = memref.alloc() : memref<6xi64>
    %v6 = memref.alloc() : memref<6xi64>
    cf.br ^bb4(%v2, %v6, %i0 : memref<6xi64>, memref<6xi64>, i64)
  ^bb4(%v10: memref<6xi64>, %v11: memref<6xi64>, %v12: i64):
    %v13 = arith.cmpi slt, %v12, %i3 : i64
    cf.cond_br %v13, ^bb5, ^bb6
  ^bb5:
    %v30 = memref.alloc() : memref<6xi64>
    scf.for %v31 = %c0 to %c6 step %c1 {
      %v32 = arith.index_cast %v31 : index to i64
      %v33 = arith.addi %v12, %v32 : i64
      memref.store %v33, %v30[%v31] : memref<6xi64>
    }
    %v14 = arith.addi %v12, %i1 : i64
    cf.br ^bb4(%v11, %v30, %v14 : memref<6xi64>, memref<6xi64>, i64)
  ^bb6:
    %v34 = arith.constant false
    cf.cond_br %v34, ^bb7, ^bb8
  ^bb7:
    %v35 = memref.alloc(%c7) : memref<?xi64>
    %v39 = memref.cast %v35 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
    cf.br ^bb9(%v39 : memref<?xi64, strided<[?], offset: ?>>)
  ^bb8:
    %v48 = memref.load %v10[%c3] : memref<6xi64>
    %v49 = arith.addi %i0, %v48 : i64
    %v50 = memref.load %arg0[%c1] : memref<?xi64>
    %v51 = arith.addi %v49, %v50 : i64
    func.call @printI64(%v51) : (i64) -> ()
    func.call @printNewline() : () -> ()
    %v52 = memref.alloc(%c7) : memref<?xi64>
    %v56 = memref.cast %v52 : memref<?xi64> to memref<?xi64, strided<[?], offset: ?>>
    cf.br ^bb9(%v56 : memref<?xi64, strided<[?], offset: ?>>)
  ^bb9(%v57: memref<?xi64, strided<[?], offset: ?>>):
    %v123 = memref.alloc(%c8) : memref<?xi64>
    scf.yield %v123 : memref<?xi64>
  }
  %v208 = memref.alloc(%c6) : memref<?xi64>
  cf.br ^bb3(%v208 : memref<?xi64>)
^bb2:
  cf.br ^bb3(%arg0 : memref<?xi64>)
^bb3(%v220: memref<?xi64>):
  %v234 = memref.alloc(%c2) : memref<?x3xi64>
  return %arg0, %v234 : memref<?xi64>, memref<?x3xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i4 = arith.constant 4 : i64
  %i6 = arith.constant 6 : i64
  %v304 = memref.alloc() : memref<6xi64>
  scf.for %v305 = %c0 to %c6 step %c1 {
    %v306 = arith.index_cast %v305 : index to i64
    %v307 = arith.addi %i4, %v306 : i64
    memref.store %v307, %v304[%v305] : memref<6xi64>
  }
  %v308 = memref.expand_shape %v304 [[0, 1]] output_shape [2, 3] : memref<6xi64> into memref<2x3xi64>
  %v309 = arith.constant false
  cf.cond_br %v309, ^bb10, ^bb11
^bb10:
  %v384 = memref.alloc() : memref<2xi64>
  cf.br ^bb12(%v384 : memref<2xi64>)
^bb11:
  scf.execute_region {
    %v387 = arith.xori %i6, %i0 : i64
    %v388 = arith.cmpi eq, %v387, %i1 : i64
    %v402 = scf.if %v388 -> (memref<2x3xi64>) {
      scf.yield %v308 : memref<2x3xi64>
    } else {
      %v399 = memref.cast %v304 : memref<6xi64> to memref<?xi64>
      %v400, %v401 = func.call @f0(%v399) : (memref<?xi64>) -> (memref<?xi64>, memref<?x3xi64>)
      scf.yield %v308 : memref<2x3xi64>
    }
    scf.yield
  }
  %v453 = memref.alloc() : memref<2xi64>
  cf.br ^bb12(%v453 : memref<2xi64>)
^bb12(%v456: memref<2xi64>):
  return
}
