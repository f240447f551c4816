// RUN: dealloc-opt %s --hlo-deallocation-pipeline
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 503 --count 1 --pipeline hlo-deallocation-pipeline`.
// Failure: printed output differs

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %im1 = arith.constant -1 : i64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i6 = arith.constant 6 : i64
  %v536 = memref.alloc() : memref<6xi64>
  scf.for %v537 = %c0 to %c6 step %c1 {
    %v538 = arith.index_cast %v537 : index to i64
    %v539 = arith.addi %im1, %v538 : i64
    memref.store %v539, %v536[%v537] : memref<6xi64>
  }
  %v548 = memref.alloc() : memref<2x3xi64>
  %v555 = memref.alloc() : memref<2x3xi64>
  scf.for %v556 = %c0 to %c2 step %c1 {
    scf.for %v557 = %c0 to %c3 step %c1 {
      %v558 = arith.index_cast %v556 : index to i64
      %v559 = arith.addi %i6, %v558 : i64
      %v560 = arith.index_cast %v557 : index to i64
      %v561 = arith.addi %v559, %v560 : i64
      memref.store %v561, %v555[%v556, %v557] : memref<2x3xi64>
    }
  }
  %v562 = arith.constant false
  %v563 = arith.select %v562, %v548, %v555 : memref<2x3xi64>
  %v564 = memref.alloc(%c2, %c4) : memref<?x?xi64>
  scf.for %v565 = %c0 to %c2 step %c1 {
    scf.for %v566 = %c0 to %c4 step %c1 {
      %v567 = arith.index_cast %v565 : index to i64
      %v568 = arith.addi %i6, %v567 : i64
      %v569 = arith.index_cast %v566 : index to i64
      %v570 = arith.addi %v568, %v569 : i64
      memref.store %v570, %v564[%v565, %v566] : memref<?x?xi64>
    }
  }
  %v687, %v688, %v689 = scf.for %v571 = %c0 to %c0 step %c1 iter_args(%v572 = %v563, %v573 = %v564, %v574 = %i1) -> (memref<2x3xi64>, memref<?x?xi64>, i64) {
    %v682 = memref.cast %v563 : memref<2x3xi64> to memref<?x?xi64>
    %v683 = memref.cast %v563 : memref<2x3xi64> to memref<?x?xi64>
    %v684 = arith.cmpi sgt, %v574, %i2 : i64
    %v685 = arith.select %v684, %v682, %v683 : memref<?x?xi64>
    %v686 = arith.addi %v574, %i3 : i64
    scf.yield %v572, %v685, %v686 : memref<2x3xi64>, memref<?x?xi64>, i64
  }
  %v700 = scf.execute_region -> (memref<?x?xi64, strided<[?, ?], offset: ?>>) {
    %v696 = memref.cast %v688 : memref<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v697 = memref.cast %v563 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    %v698 = arith.constant false
    %v699 = arith.select %v698, %v696, %v697 : memref<?x?xi64, strided<[?, ?], offset: ?>>
    scf.yield %v699 : memref<?x?xi64, strided<[?, ?], offset: ?>>
  }
  %v701 = arith.cmpi sge, %v689, %i3 : i64
  %v837 = scf.if %v701 -> (memref<2x3xi64>) {
    scf.yield %v563 : memref<2x3xi64>
  } else {
    scf.yield %v563 : memref<2x3xi64>
  }
  %v838 = arith.cmpi slt, %v689, %i0 : i64
  cf.cond_br %v838, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  %v1077, %v1078 = scf.for %v991 = %c0 to %c2 step %c1 iter_args(%v992 = %v536, %v993 = %v689) -> (memref<6xi64>, i64) {
    %v994 = arith.index_cast %v991 : index to i64
    %v1072 = memref.alloca() : memref<6xi64>
    %v1076 = arith.addi %v993, %v994 : i64
    scf.yield %v1072, %v1076 : memref<6xi64>, i64
  }
  cf.br ^bb3
^bb3:
  %v1079 = memref.load %v536[%c3] : memref<6xi64>
  %v1080 = arith.addi %i0, %v1079 : i64
  %v1081 = memref.load %v563[%c1, %c1] : memref<2x3xi64>
  %v1082 = arith.addi %v1080, %v1081 : i64
  %v1083 = memref.load %v687[%c0, %c2] : memref<2x3xi64>
  %v1084 = arith.addi %v1082, %v1083 : i64
  %v1085 = memref.load %v688[%c1, %c0] : memref<?x?xi64>
  %v1086 = arith.addi %v1084, %v1085 : i64
  %v1087 = memref.load %v700[%c1, %c0] : memref<?x?xi64, strided<[?, ?], offset: ?>>
  %v1088 = arith.addi %v1086, %v1087 : i64
  %v1089 = memref.load %v837[%c0, %c1] : memref<2x3xi64>
  %v1090 = arith.addi %v1088, %v1089 : i64
  func.call @printI64(%v1090) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Details:
//   before:
//   39
//   after:
//   37
//   
