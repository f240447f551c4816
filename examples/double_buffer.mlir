// Double buffering: a smoothing filter reads one buffer and writes a fresh one each trip, and
// the loop carries only the newest. Each trip's input dies once the trip is done: the ideal peak
// is two buffers, whatever the trip count. Strategies differ in when they free the old buffer
// and whether they reuse it.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @smooth(%in: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %half = arith.constant 0.5 : f32
  %out = memref.alloc() : memref<16xf32>
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  scf.for %i = %c1 to %c15 step %c1 {
    %l = arith.subi %i, %c1 : index
    %r = arith.addi %i, %c1 : index
    %vl = memref.load %in[%l] : memref<16xf32>
    %vr = memref.load %in[%r] : memref<16xf32>
    %s = arith.addf %vl, %vr : f32
    %m = arith.mulf %s, %half : f32
    memref.store %m, %out[%i] : memref<16xf32>
  }
  return %out : memref<16xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f32
  %hot = arith.constant 64.0 : f32
  %init = memref.alloc() : memref<16xf32>
  linalg.fill ins(%zero : f32) outs(%init : memref<16xf32>)
  memref.store %hot, %init[%c7] : memref<16xf32>
  %final = scf.for %t = %c0 to %c12 step %c1 iter_args(%cur = %init) -> (memref<16xf32>) {
    %next = func.call @smooth(%cur) : (memref<16xf32>) -> memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  %v = memref.load %final[%c7] : memref<16xf32>
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
