// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

func.func private @printI64(i64)
func.func private @printNewline()

memref.global "private" constant @g : memref<2xi64> = dense<[40, 41]>

// arith.select between two allocations, returned (ownership through select).
func.func @pick(%c: i1) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<2xi64>
  %ka = arith.constant 1 : i64
  %kb = arith.constant 2 : i64
  memref.store %ka, %a[%c0] : memref<2xi64>
  memref.store %kb, %b[%c0] : memref<2xi64>
  %s = arith.select %c, %a, %b : memref<2xi64>
  return %s : memref<2xi64>
}

// A view of an alloc returned; a global returned (cloned); an unranked cast.
func.func @view() -> memref<2xi64, strided<[1], offset: 1>> {
  %a = memref.alloc() : memref<3xi64>
  %k = arith.constant 8 : i64
  %c1 = arith.constant 1 : index
  memref.store %k, %a[%c1] : memref<3xi64>
  %v = memref.subview %a[1] [2] [1] : memref<3xi64> to memref<2xi64, strided<[1], offset: 1>>
  return %v : memref<2xi64, strided<[1], offset: 1>>
}

func.func @global() -> memref<2xi64> {
  %g = memref.get_global @g : memref<2xi64>
  return %g : memref<2xi64>
}

func.func @unranked() -> memref<*xi64> {
  %a = memref.alloc() : memref<2xi64>
  %k = arith.constant 3 : i64
  %c0 = arith.constant 0 : index
  memref.store %k, %a[%c0] : memref<2xi64>
  %u = memref.cast %a : memref<2xi64> to memref<*xi64>
  return %u : memref<*xi64>
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %p = func.call @pick(%t) : (i1) -> memref<2xi64>
  %q = func.call @pick(%f) : (i1) -> memref<2xi64>
  %x = memref.load %p[%c0] : memref<2xi64>
  %y = memref.load %q[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %v = func.call @view() : () -> memref<2xi64, strided<[1], offset: 1>>
  %z = memref.load %v[%c0] : memref<2xi64, strided<[1], offset: 1>>
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g = func.call @global() : () -> memref<2xi64>
  %gx = memref.load %g[%c0] : memref<2xi64>
  func.call @printI64(%gx) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %u = func.call @unranked() : () -> memref<*xi64>
  %r = memref.cast %u : memref<*xi64> to memref<2xi64>
  %ux = memref.load %r[%c0] : memref<2xi64>
  func.call @printI64(%ux) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
