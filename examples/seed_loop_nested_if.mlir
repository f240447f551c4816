// From the legacy "Buffer Deallocation - Internals" document (seed 001, `@loop_nested_if`): an
// scf.if in a loop yields either a fresh buffer or the loop-carried one, so after the loop the
// result may be the caller's buffer or any trip's allocation. The copy-insertion strategy
// copies on every edge; the ownership-based one carries an i1 ownership flag instead.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @loop_nested_if(%lb: index, %ub: index, %step: index,
                          %buf: memref<2xf32>, %res: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %last = scf.for %i = %lb to %ub step %step iter_args(%carried = %buf) -> memref<2xf32> {
    %phase = arith.remui %i, %c3 : index
    %fresh_trip = arith.cmpi eq, %phase, %c0 : index
    %next = scf.if %fresh_trip -> (memref<2xf32>) {
      %fresh = memref.alloc() : memref<2xf32>
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      memref.store %fi, %fresh[%c0] : memref<2xf32>
      scf.yield %fresh : memref<2xf32>
    } else {
      scf.yield %carried : memref<2xf32>
    }
    scf.yield %next : memref<2xf32>
  }
  memref.copy %last, %res : memref<2xf32> to memref<2xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %start = arith.constant 100.0 : f32
  %buf = memref.alloca() : memref<2xf32>
  %res = memref.alloc() : memref<2xf32>
  memref.store %start, %buf[%c0] : memref<2xf32>
  func.call @loop_nested_if(%c0, %c10, %c1, %buf, %res)
      : (index, index, index, memref<2xf32>, memref<2xf32>) -> ()
  %a = memref.load %res[%c0] : memref<2xf32>
  func.call @printF32(%a) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @loop_nested_if(%c1, %c10, %c2, %buf, %res)
      : (index, index, index, memref<2xf32>, memref<2xf32>) -> ()
  %b = memref.load %res[%c0] : memref<2xf32>
  func.call @printF32(%b) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}
