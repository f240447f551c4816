// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

func.func private @printI64(i64)
func.func private @printNewline()

// scf.if yielding a fresh alloc or an outer alloc; scf.for replacing its iter_arg each
// iteration; scf.while; execute_region with several blocks; index_switch.
func.func @if_yield(%c: i1, %outer: memref<2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> memref<2xi64> {
    %a = memref.alloc() : memref<2xi64>
    %k = arith.constant 11 : i64
    memref.store %k, %a[%c0] : memref<2xi64>
    scf.yield %a : memref<2xi64>
  } else {
    scf.yield %outer : memref<2xi64>
  }
  %x = memref.load %r[%c0] : memref<2xi64>
  return %x : i64
}

func.func @loop(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 1 : i64
  %init = memref.alloc() : memref<2xi64>
  memref.store %z, %init[%c0] : memref<2xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<2xi64> {
    %next = memref.alloc() : memref<2xi64>
    %v = memref.load %cur[%c0] : memref<2xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %next[%c0] : memref<2xi64>
    scf.yield %next : memref<2xi64>
  }
  %x = memref.load %r[%c0] : memref<2xi64>
  return %x : i64
}

func.func @while_loop(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<2xi64>
  %zero = arith.constant 0 : i64
  memref.store %zero, %init[%c0] : memref<2xi64>
  %r = scf.while (%cur = %init) : (memref<2xi64>) -> memref<2xi64> {
    %v = memref.load %cur[%c0] : memref<2xi64>
    %go = arith.cmpi slt, %v, %n : i64
    scf.condition(%go) %cur : memref<2xi64>
  } do {
  ^bb0(%m: memref<2xi64>):
    %next = memref.alloc() : memref<2xi64>
    %v = memref.load %m[%c0] : memref<2xi64>
    %w = arith.addi %v, %one : i64
    memref.store %w, %next[%c0] : memref<2xi64>
    scf.yield %next : memref<2xi64>
  }
  %x = memref.load %r[%c0] : memref<2xi64>
  return %x : i64
}

func.func @exec_region(%c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.execute_region -> memref<2xi64> {
    %a = memref.alloc() : memref<2xi64>
    %k = arith.constant 4 : i64
    memref.store %k, %a[%c0] : memref<2xi64>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : memref<2xi64>
  ^bb2:
    %b = memref.alloc() : memref<2xi64>
    %k2 = arith.constant 6 : i64
    memref.store %k2, %b[%c0] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  %x = memref.load %r[%c0] : memref<2xi64>
  return %x : i64
}

func.func @switch(%i: index) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.index_switch %i -> memref<2xi64>
  case 1 {
    %a = memref.alloc() : memref<2xi64>
    %k = arith.constant 21 : i64
    memref.store %k, %a[%c0] : memref<2xi64>
    scf.yield %a : memref<2xi64>
  }
  default {
    %b = memref.alloc() : memref<2xi64>
    %k = arith.constant 22 : i64
    memref.store %k, %b[%c0] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  %x = memref.load %r[%c0] : memref<2xi64>
  return %x : i64
}

func.func @print(%x: i64) {
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %outer = memref.alloc() {bufferization.manual_deallocation} : memref<2xi64>
  %k = arith.constant 2 : i64
  memref.store %k, %outer[%c0] : memref<2xi64>
  %a = func.call @if_yield(%t, %outer) : (i1, memref<2xi64>) -> i64
  func.call @print(%a) : (i64) -> ()
  %b = func.call @if_yield(%f, %outer) : (i1, memref<2xi64>) -> i64
  func.call @print(%b) : (i64) -> ()
  %l = func.call @loop(%c3) : (index) -> i64
  func.call @print(%l) : (i64) -> ()
  %l0 = func.call @loop(%c0) : (index) -> i64
  func.call @print(%l0) : (i64) -> ()
  %n = arith.constant 4 : i64
  %w = func.call @while_loop(%n) : (i64) -> i64
  func.call @print(%w) : (i64) -> ()
  %e1 = func.call @exec_region(%t) : (i1) -> i64
  func.call @print(%e1) : (i64) -> ()
  %e2 = func.call @exec_region(%f) : (i1) -> i64
  func.call @print(%e2) : (i64) -> ()
  %s1 = func.call @switch(%c1) : (index) -> i64
  func.call @print(%s1) : (i64) -> ()
  %s2 = func.call @switch(%c3) : (index) -> i64
  func.call @print(%s2) : (i64) -> ()
  memref.dealloc %outer {bufferization.manual_deallocation} : memref<2xi64>
  return
}
