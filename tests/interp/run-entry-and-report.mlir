// RUN: dealloc-opt %s --run --entry-point=compute --run-uninitialized=error --run-report=-

// `--entry-point` picks the function to run; `--run-report=-` appends the report as one JSON
// object to stdout, after what the program printed. The program reads one element it never
// wrote, which `--run-uninitialized=error` turns into an error (exit 1).
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:21:8: error: read of i64 at offset 8 of heap buffer #0 (16 bytes), never written
// EXPECT-STDERR: <stdin>:18:8: note: allocated here
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  return
}
func.func @compute() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i64
  %m = memref.alloc() : memref<2xi64>
  memref.store %c5, %m[%c0] : memref<2xi64>
  %a = memref.load %m[%c0] : memref<2xi64>
  %b = memref.load %m[%c1] : memref<2xi64>
  %s = arith.addi %a, %b : i64
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %m : memref<2xi64>
  return
}
