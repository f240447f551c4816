// func.constant and func.call_indirect: a table of operations selected at run time, a
// higher-order "map" over a buffer that takes the function as an argument, and functions
// returning several results (including a memref) through indirect calls.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @add(%a: i64, %b: i64) -> i64 {
  %r = arith.addi %a, %b : i64
  return %r : i64
}

func.func @mul(%a: i64, %b: i64) -> i64 {
  %r = arith.muli %a, %b : i64
  return %r : i64
}

func.func @sub(%a: i64, %b: i64) -> i64 {
  %r = arith.subi %a, %b : i64
  return %r : i64
}

func.func @pick(%i: index) -> ((i64, i64) -> i64) {
  %f = scf.index_switch %i -> (i64, i64) -> i64
  case 0 {
    %a = func.constant @add : (i64, i64) -> i64
    scf.yield %a : (i64, i64) -> i64
  }
  case 1 {
    %m = func.constant @mul : (i64, i64) -> i64
    scf.yield %m : (i64, i64) -> i64
  }
  default {
    %s = func.constant @sub : (i64, i64) -> i64
    scf.yield %s : (i64, i64) -> i64
  }
  return %f : (i64, i64) -> i64
}

func.func @map(%f: (i64, i64) -> i64, %m: memref<5xi64>, %k: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %v = memref.load %m[%i] : memref<5xi64>
    %r = func.call_indirect %f(%v, %k) : (i64, i64) -> i64
    memref.store %r, %m[%i] : memref<5xi64>
  }
  return
}

func.func @make(%n: i64) -> (memref<5xi64>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %m = memref.alloc() : memref<5xi64>
  scf.for %i = %c0 to %c5 step %c1 {
    %v = arith.index_cast %i : index to i64
    %w = arith.addi %v, %n : i64
    memref.store %w, %m[%i] : memref<5xi64>
  }
  %five = arith.constant 5 : i64
  return %m, %five : memref<5xi64>, i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %ten = arith.constant 10 : i64
  %maker = func.constant @make : (i64) -> (memref<5xi64>, i64)
  %m, %len = func.call_indirect %maker(%ten) : (i64) -> (memref<5xi64>, i64)
  func.call @printI64(%len) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %two = arith.constant 2 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %f = func.call @pick(%i) : (index) -> ((i64, i64) -> i64)
    func.call @map(%f, %m, %two) : ((i64, i64) -> i64, memref<5xi64>, i64) -> ()
    scf.for %j = %c0 to %c5 step %c1 {
      %v = memref.load %m[%j] : memref<5xi64>
      func.call @printI64(%v) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %m : memref<5xi64>
  return
}
