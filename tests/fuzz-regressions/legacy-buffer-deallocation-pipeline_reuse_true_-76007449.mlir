// RUN: dealloc-opt %s --legacy-buffer-deallocation-pipeline=reuse=true
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 76007449 --count 1 --pipeline 'legacy-buffer-deallocation-pipeline{reuse=true}'`.
// Failure: printed output differs (fixed: a function left to the ownership-based strategy returned one buffer at two positions, and this strategy's callers free each call result; legacy::returns now clones a returned buffer equal to an earlier one)

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @f0(%arg0: memref<?xi64>, %arg1: memref<?x?xi64>, %arg2: memref<?x?xi64, strided<[?, ?], offset: ?>>, %x: i64) -> (memref<2xi64>, memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i6 = arith.constant 6 : i64
  %v1 = memref.alloca(%c2) : memref<?x3xi64>
  %v8 = memref.alloc() : memref<4xi64>
  %v9 = arith.addi %x, %i1 : i64
  memref.store %v9, %v8[%c0] : memref<4xi64>
  %v42, %v43, %v44 = scf.while (%v13 = %v1, %v14 = %v8, %v15 = %i0) : (memref<?x3xi64>, memref<4xi64>, i64) -> (memref<?x3xi64>, memref<4xi64>, i64) {
    %v16 = memref.load %v14[%c0] : memref<4xi64>
    %v22 = arith.cmpi sle, %v16, %i1 : i64
    %v23 = arith.select %v22, %v14, %v14 : memref<4xi64>
    %v24 = arith.cmpi slt, %v15, %i3 : i64
    scf.condition(%v24) %v13, %v23, %v15 : memref<?x3xi64>, memref<4xi64>, i64
  } do {
^bb0(%v25: memref<?x3xi64>, %v26: memref<4xi64>, %v27: i64):
    memref.store %x, %v25[%c1, %c1] : memref<?x3xi64>
    %v29 = memref.alloc(%c3) : memref<?x3xi64>
    %v36 = memref.alloc() : memref<4xi64>
    %v37 = arith.addi %x, %i1 : i64
    memref.store %v37, %v36[%c0] : memref<4xi64>
    %v41 = arith.addi %v27, %i1 : i64
    scf.yield %v29, %v36, %v41 : memref<?x3xi64>, memref<4xi64>, i64
  }
  %v46 = memref.alloc() : memref<2xi64>
  %v47 = arith.addi %i6, %i1 : i64
  memref.store %v47, %v46[%c0] : memref<2xi64>
  return %v46, %v46 : memref<2xi64>, memref<2xi64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %v87 = memref.alloc() : memref<6xi64>
  %v91 = memref.alloc(%c3) : memref<?x3xi64>
  %v291 = scf.execute_region -> (memref<6xi64>) {
    %v247 = scf.execute_region -> (memref<?xi64>) {
      %v186 = memref.alloc(%c1) : memref<?x3xi64>
      scf.for %v187 = %c0 to %c1 step %c1 {
        scf.for %v188 = %c0 to %c3 step %c1 {
          %v189 = arith.index_cast %v187 : index to i64
          %v190 = arith.addi %i1, %v189 : i64
          %v191 = arith.index_cast %v188 : index to i64
          %v192 = arith.addi %v190, %v191 : i64
          memref.store %v192, %v186[%v187, %v188] : memref<?x3xi64>
        }
      }
      cf.br ^bb10(%v91, %i0 : memref<?x3xi64>, i64)
    ^bb10(%v193: memref<?x3xi64>, %v194: i64):
      %v195 = arith.cmpi slt, %v194, %i2 : i64
      cf.cond_br %v195, ^bb11, ^bb12
    ^bb11:
      %v206 = memref.alloc(%c2) : memref<?x3xi64>
      %v196 = arith.addi %v194, %i1 : i64
      cf.br ^bb10(%v206, %v196 : memref<?x3xi64>, i64)
    ^bb12:
      %v213 = memref.alloc(%c1) : memref<?xi64>
      %v215 = memref.alloc(%c3) : memref<?xi64>
      %v244, %v245 = scf.while (%v219 = %v215, %v220 = %i0) : (memref<?xi64>, i64) -> (memref<?xi64>, i64) {
        %v221 = memref.alloc(%c2) : memref<?xi64>
        %v224 = memref.cast %v91 : memref<?x3xi64> to memref<?x?xi64>
        %v225 = memref.alloc() : memref<2x3xi64>
        %v232 = memref.cast %v225 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
        %v233, %v234 = func.call @f0(%v221, %v224, %v232, %v194) : (memref<?xi64>, memref<?x?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, i64) -> (memref<2xi64>, memref<2xi64>)
        %v235 = memref.cast %v233 : memref<2xi64> to memref<?xi64>
        %v236 = arith.cmpi slt, %v220, %i2 : i64
        scf.condition(%v236) %v235, %v220 : memref<?xi64>, i64
      } do {
    ^bb0(%v237: memref<?xi64>, %v238: i64):
        %v239 = memref.load %v237[%c0] : memref<?xi64>
        %v240 = arith.addi %i0, %v239 : i64
        %v241 = memref.load %v186[%c0, %c1] : memref<?x3xi64>
        %v242 = arith.addi %v240, %v241 : i64
        func.call @printI64(%v242) : (i64) -> ()
        func.call @printNewline() : () -> ()
        %v243 = arith.addi %v238, %i1 : i64
        scf.yield %v213, %v243 : memref<?xi64>, i64
      }
      %v246 = memref.cast %v87 : memref<6xi64> to memref<?xi64>
      scf.yield %v246 : memref<?xi64>
    }
    scf.yield %v87 : memref<6xi64>
  }
  return
}

// Details:
//   before:
//   9
//   9
//   after:
//   2
//   2
//   
