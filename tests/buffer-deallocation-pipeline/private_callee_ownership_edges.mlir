// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// Edge cases of handing ownership into private callees (issue 13), each executed by the
// harness before and after: a buffer passed twice, a view or a select of it used after
// the call, a recursive callee, and a callee that one caller gives a global.
// The same buffer passed twice: the callee owns its first argument; the second aliases it
// and is read after the first's last use.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @two(%m: memref<8xi64>, %n: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  %t = memref.alloc() : memref<64xi64>
  memref.store %x, %t[%c0] : memref<64xi64>
  %y = memref.load %n[%c0] : memref<8xi64>
  %z = arith.addi %x, %y : i64
  memref.dealloc %t : memref<64xi64>
  return %z : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  %r = func.call @two(%a, %a) : (memref<8xi64>, memref<8xi64>) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A subview of the buffer, taken before the call, is used after it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @take(%m: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  %v = memref.subview %a[0] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1]>>
  %r = func.call @take(%a) : (memref<8xi64>) -> i64
  %y = memref.load %v[%c0] : memref<4xi64, strided<[1]>>
  %z = arith.addi %r, %y : i64
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// A select of the buffer, taken before the call, is used after it.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @take(%m: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  %t = memref.alloc() : memref<64xi64>
  memref.store %x, %t[%c0] : memref<64xi64>
  %y = memref.load %t[%c0] : memref<64xi64>
  memref.dealloc %t : memref<64xi64>
  return %y : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %true = arith.constant true
  %a = memref.alloc() : memref<8xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  memref.store %i5, %b[%c0] : memref<8xi64>
  %s = arith.select %true, %a, %b : memref<8xi64>
  %r = func.call @take(%a) : (memref<8xi64>) -> i64
  %y = memref.load %s[%c0] : memref<8xi64>
  %z = arith.addi %r, %y : i64
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// The callee passes its argument on to itself; and a second callee keeps another argument.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @rec(%m: memref<8xi64>, %k: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  %done = arith.cmpi eq, %k, %c0 : index
  %r = scf.if %done -> i64 {
    scf.yield %x : i64
  } else {
    %k1 = arith.subi %k, %c1 : index
    %b = memref.alloc() : memref<8xi64>
    memref.store %x, %b[%c0] : memref<8xi64>
    %s = func.call @rec(%b, %k1) : (memref<8xi64>, index) -> i64
    %y = memref.load %m[%c0] : memref<8xi64>
    %t = arith.addi %s, %y : i64
    scf.yield %t : i64
  }
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  %r = func.call @rec(%a, %c3) : (memref<8xi64>, index) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// -----

// One caller passes a heap buffer, another a global: the callee must not free.
func.func private @printI64(i64)
func.func private @printNewline()
memref.global "private" constant @g : memref<8xi64> = dense<7>

func.func private @take(%m: memref<8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xi64>
  return %x : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %i5 = arith.constant 5 : i64
  %a = memref.alloc() : memref<8xi64>
  memref.store %i5, %a[%c0] : memref<8xi64>
  %r = func.call @take(%a) : (memref<8xi64>) -> i64
  %g = memref.get_global @g : memref<8xi64>
  %s = func.call @take(%g) : (memref<8xi64>) -> i64
  %z = arith.addi %r, %s : i64
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
