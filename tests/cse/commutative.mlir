// RUN: dealloc-opt %s --cse
// Operands of commutative ops, and of `arith.cmpi eq`/`ne`, count in any order: the second
// op of each pair goes, the first stays. `slt` is not symmetric: both comparisons stay.

func.func @commutative(%a: index, %b: index, %x: i1, %y: i1) -> (i1, i1, i1, i1, i1, i1, index, index, i1, i1) {
  %eq1 = arith.cmpi eq, %a, %b : index
  %eq2 = arith.cmpi eq, %b, %a : index
  %ne1 = arith.cmpi ne, %b, %a : index
  %ne2 = arith.cmpi ne, %a, %b : index
  %lt1 = arith.cmpi slt, %a, %b : index
  %lt2 = arith.cmpi slt, %b, %a : index
  %s1 = arith.addi %a, %b : index
  %s2 = arith.addi %b, %a : index
  %o1 = arith.ori %x, %y : i1
  %o2 = arith.ori %y, %x : i1
  return %eq1, %eq2, %ne1, %ne2, %lt1, %lt2, %s1, %s2, %o1, %o2 : i1, i1, i1, i1, i1, i1, index, index, i1, i1
}
