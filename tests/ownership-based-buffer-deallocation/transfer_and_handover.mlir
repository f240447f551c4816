// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

// Ownership handed into a loop (MLIR-HLO's transfer): nothing uses the initial buffer after the
// loop, so the loop receives the block's `true` and frees it on its first trip; the block does
// not list it after the loop.
func.func private @printF32(f32)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    %y = memref.load %x[%c0] : memref<4xf32>
    %z = arith.addf %y, %one : f32
    memref.store %z, %n[%c0] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %w = memref.load %l[%c0] : memref<4xf32>
  call @printF32(%w) : (f32) -> ()
  return
}

// -----

// No transfer: an `scf.if` received the buffer before the loop, and its result (owned `false`
// when it is that buffer) is listed before the loop's result in the block's dealloc. A dealloc
// does not free a memref that aliases an earlier one of its list, whatever that one's
// condition, so with the transfer the buffer would leak whenever the loop runs no trip and
// returns it. The block keeps owning it.
func.func private @printF32(f32)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %r = scf.if %t -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    memref.store %one, %b[%c0] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  call @printF32(%v) : (f32) -> ()
  %l = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %a) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    %y = memref.load %x[%c0] : memref<4xf32>
    %z = arith.addf %y, %one : f32
    memref.store %z, %n[%c0] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %w = memref.load %l[%c0] : memref<4xf32>
  call @printF32(%w) : (f32) -> ()
  return
}

// -----

// No transfer either when the earlier op is a loop that passes the buffer through (it runs
// no trip here, so its result is the buffer, owned `false`).
func.func private @printF32(f32)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %p = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %a) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    memref.store %one, %n[%c0] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %v = memref.load %p[%c0] : memref<4xf32>
  call @printF32(%v) : (f32) -> ()
  %l = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    %y = memref.load %x[%c0] : memref<4xf32>
    %z = arith.addf %y, %one : f32
    memref.store %z, %n[%c0] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %w = memref.load %l[%c0] : memref<4xf32>
  call @printF32(%w) : (f32) -> ()
  return
}

// -----

// No handover to the private @consume: an `scf.if` received %a before the call, and its result
// (owned `false` when it is %a) stays on the block's dealloc list after the callee freed %a.
// %y, allocated after the call, may sit at %a's old address; MLIR's lowering compares pointers
// and would take %y for that stale alias and keep it (a leak under the JIT). The block keeps
// owning %a and frees it at the end, listed first.
func.func private @printF32(f32)
func.func private @consume(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  call @printF32(%v) : (f32) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  %r = scf.if %t -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    memref.store %one, %b[%c0] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  call @printF32(%v) : (f32) -> ()
  call @consume(%a) : (memref<4xf32>) -> ()
  %y = memref.alloc() : memref<4xf32>
  memref.store %two, %y[%c0] : memref<4xf32>
  %w = memref.load %y[%c0] : memref<4xf32>
  call @printF32(%w) : (f32) -> ()
  return
}

// -----

// The same call hands %a over when nothing received it before: @consume frees it.
func.func private @printF32(f32)
func.func private @consume(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  call @printF32(%v) : (f32) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  call @consume(%a) : (memref<4xf32>) -> ()
  %y = memref.alloc() : memref<4xf32>
  memref.store %two, %y[%c0] : memref<4xf32>
  %w = memref.load %y[%c0] : memref<4xf32>
  call @printF32(%w) : (f32) -> ()
  return
}
