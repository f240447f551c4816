// RUN: dealloc-opt %s --buffer-deallocation-pipeline=private-function-dynamic-ownership=true

// Beyond upstream: a global (what One-Shot Bufferize makes of a constant tensor) existed before
// the function started, so it is never one of the function's own allocations, nor a buffer a
// call allocates. With dynamic ownership, the private `@maybe_doubled` returns its argument
// itself (no clone), so each call result may be the global or a new buffer. `%local` is neither,
// so it is freed alone right after its last load; upstream keeps it to the end of the block and
// compares its address with both call results.

memref.global "private" constant @weights : memref<2xi64> = dense<[3, 4]>

func.func private @printI64(i64)
func.func private @printNewline()

func.func private @maybe_doubled(%x: memref<2xi64>, %double: i1) -> memref<2xi64> {
  %r = scf.if %double -> memref<2xi64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = memref.alloc() : memref<2xi64>
    %a = memref.load %x[%c0] : memref<2xi64>
    %b = memref.load %x[%c1] : memref<2xi64>
    %a2 = arith.addi %a, %a : i64
    %b2 = arith.addi %b, %b : i64
    memref.store %a2, %d[%c0] : memref<2xi64>
    memref.store %b2, %d[%c1] : memref<2xi64>
    scf.yield %d : memref<2xi64>
  } else {
    scf.yield %x : memref<2xi64>
  }
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %w = memref.get_global @weights : memref<2xi64>
  %local = memref.alloc() : memref<2xi64>
  memref.copy %w, %local : memref<2xi64> to memref<2xi64>
  %v0 = memref.load %local[%c0] : memref<2xi64>
  call @printI64(%v0) : (i64) -> ()
  call @printNewline() : () -> ()
  %p = call @maybe_doubled(%w, %true) : (memref<2xi64>, i1) -> memref<2xi64>
  %q = call @maybe_doubled(%w, %false) : (memref<2xi64>, i1) -> memref<2xi64>
  %p1 = memref.load %p[%c1] : memref<2xi64>
  %q1 = memref.load %q[%c1] : memref<2xi64>
  call @printI64(%p1) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%q1) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
