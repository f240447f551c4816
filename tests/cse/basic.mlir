// RUN: dealloc-opt %s --cse --split-input-file

func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %a = arith.constant 3 : i64
  %b = arith.constant 3 : i64
  %s1 = arith.addi %a, %b : i64
  %s2 = arith.addi %a, %b : i64
  %t = arith.constant true
  %r = scf.if %t -> (i64) {
    %s3 = arith.addi %a, %b : i64
    scf.yield %s3 : i64
  } else {
    scf.yield %s1 : i64
  }
  %m = memref.alloc() : memref<2xi64>
  %n = memref.alloc() : memref<2xi64>
  %c0 = arith.constant 0 : index
  memref.store %s2, %m[%c0] : memref<2xi64>
  memref.store %r, %n[%c0] : memref<2xi64>
  %x = memref.load %m[%c0] : memref<2xi64>
  %y = memref.load %n[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<2xi64>
  memref.dealloc %n : memref<2xi64>
  return
}
