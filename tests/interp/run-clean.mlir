// RUN: dealloc-opt %s --split-input-file --run

// `--run` prints what the program prints, not the IR, and exits 0 on a clean heap: a buffer
// filled in a loop, summed, printed, and freed.
func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %half, %buf[%i] : memref<4xf32>
  }
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %buf[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %buf : memref<4xf32>
  return
}

// -----

// Every chunk runs on its own: recursion through a callee that allocates and frees its own
// scratch buffer, and stack buffers that die with their frame.
func.func private @printI64(i64)
func.func private @printNewline()
func.func @fact(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %scratch = memref.alloc() : memref<1xi64>
  %slot = memref.alloca() : memref<1xi64>
  memref.store %n, %scratch[%c0] : memref<1xi64>
  memref.store %n, %slot[%c0] : memref<1xi64>
  %done = arith.cmpi sle, %n, %one : i64
  %r = scf.if %done -> (i64) {
    scf.yield %one : i64
  } else {
    %m = arith.subi %n, %one : i64
    %f = func.call @fact(%m) : (i64) -> i64
    %x = memref.load %scratch[%c0] : memref<1xi64>
    %p = arith.muli %f, %x : i64
    scf.yield %p : i64
  }
  memref.dealloc %scratch : memref<1xi64>
  return %r : i64
}
func.func @main() {
  %n = arith.constant 10 : i64
  %f = call @fact(%n) : (i64) -> i64
  call @printI64(%f) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
