// RUN: dealloc-opt %s --pass-pipeline='builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)'
// Fuzz reproducer, shrunk from `cargo xtask fuzz --seed 3702 --count 1 --pipeline pass-pipeline=builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack),buffer-deallocation-pipeline)`.
// Failure: printed output differs
// Fixed: buffer-hoisting left a region holding a cf loop (an scf.execute_region), so every
// trip of the loop shared one buffer that the loop also carried to the next trip.

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
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %v657 = memref.alloc() : memref<2x3xi64>
  scf.for %v658 = %c0 to %c2 step %c1 {
    scf.for %v659 = %c0 to %c3 step %c1 {
      %v660 = arith.index_cast %v658 : index to i64
      %v661 = arith.addi %i1, %v660 : i64
      %v662 = arith.index_cast %v659 : index to i64
      %v663 = arith.addi %v661, %v662 : i64
      memref.store %v663, %v657[%v658, %v659] : memref<2x3xi64>
    }
  }
  %v664 = memref.alloc() : memref<2x3xi64>
  cf.br ^bb1(%v664, %i0 : memref<2x3xi64>, i64)
^bb1(%v671: memref<2x3xi64>, %v672: i64):
  %v673 = arith.cmpi slt, %v672, %i0 : i64
  cf.cond_br %v673, ^bb2, ^bb3
^bb2:
  %v674 = arith.addi %v672, %i1 : i64
  cf.br ^bb1(%v671, %v674 : memref<2x3xi64>, i64)
^bb3:
  %v696 = arith.cmpi eq, %v672, %i2 : i64
  cf.cond_br %v696, ^bb4, ^bb5
^bb4:
  %v697 = arith.cmpi sle, %v672, %i3 : i64
  cf.cond_br %v697, ^bb7, ^bb8
^bb7:
  %v699 = memref.alloc() : memref<2x3xi64>
  %v706 = memref.alloc() : memref<2x3xi64>
  cf.br ^bb9(%v699, %v706 : memref<2x3xi64>, memref<2x3xi64>)
^bb8:
  %v713 = memref.alloca() : memref<2x3xi64>
  cf.br ^bb9(%v713, %v671 : memref<2x3xi64>, memref<2x3xi64>)
^bb9(%v720: memref<2x3xi64>, %v721: memref<2x3xi64>):
  %v722 = arith.xori %v672, %i4 : i64
  %v723 = arith.cmpi ne, %v722, %i3 : i64
  cf.cond_br %v723, ^bb10, ^bb11
^bb10:
  %v785 = memref.alloc() : memref<2xi64>
  cf.br ^bb12(%v657, %v785 : memref<2x3xi64>, memref<2xi64>)
^bb11:
  %v789 = memref.alloc() : memref<2xi64>
  cf.br ^bb12(%v720, %v789 : memref<2x3xi64>, memref<2xi64>)
^bb12(%v792: memref<2x3xi64>, %v793: memref<2xi64>):
  %v794 = memref.cast %v657 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  cf.br ^bb6(%v793, %v794 : memref<2xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>)
^bb5:
  scf.execute_region {
    %v795 = memref.alloc(%c4) : memref<?x3xi64>
    scf.for %v796 = %c0 to %c4 step %c1 {
      scf.for %v797 = %c0 to %c3 step %c1 {
        %v798 = arith.index_cast %v796 : index to i64
        %v799 = arith.addi %v672, %v798 : i64
        %v800 = arith.index_cast %v797 : index to i64
        %v801 = arith.addi %v799, %v800 : i64
        memref.store %v801, %v795[%v796, %v797] : memref<?x3xi64>
      }
    }
    cf.br ^bb13(%v795, %v657, %i0 : memref<?x3xi64>, memref<2x3xi64>, i64)
  ^bb13(%v802: memref<?x3xi64>, %v803: memref<2x3xi64>, %v804: i64):
    %v805 = arith.cmpi slt, %v804, %i3 : i64
    cf.cond_br %v805, ^bb14, ^bb15
  ^bb14:
    %v807 = memref.load %v802[%c1, %c2] : memref<?x3xi64>
    %v808 = arith.addi %i0, %v807 : i64
    %v809 = memref.load %v657[%c1, %c2] : memref<2x3xi64>
    %v810 = arith.addi %v808, %v809 : i64
    func.call @printI64(%v810) : (i64) -> ()
    func.call @printNewline() : () -> ()
    %v812 = memref.cast %v657 : memref<2x3xi64> to memref<?x3xi64>
    %v813 = memref.cast %v803 : memref<2x3xi64> to memref<?x3xi64>
    %v814 = arith.cmpi slt, %v672, %i0 : i64
    %v815 = arith.select %v814, %v812, %v813 : memref<?x3xi64>
    %v816 = memref.alloc() : memref<2x3xi64>
    scf.for %v817 = %c0 to %c2 step %c1 {
      scf.for %v818 = %c0 to %c3 step %c1 {
        %v819 = arith.index_cast %v817 : index to i64
        %v820 = arith.addi %v804, %v819 : i64
        %v821 = arith.index_cast %v818 : index to i64
        %v822 = arith.addi %v820, %v821 : i64
        memref.store %v822, %v816[%v817, %v818] : memref<2x3xi64>
      }
    }
    %v806 = arith.addi %v804, %i1 : i64
    cf.br ^bb13(%v815, %v816, %v806 : memref<?x3xi64>, memref<2x3xi64>, i64)
  ^bb15:
    scf.yield
  }
  %v824 = memref.alloca() : memref<2xi64>
  %v827 = memref.cast %v671 : memref<2x3xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  cf.br ^bb6(%v824, %v827 : memref<2xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>)
^bb6(%v828: memref<2xi64>, %v829: memref<?x?xi64, strided<[?, ?], offset: ?>>):
  return
}
