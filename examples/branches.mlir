// A bufferized function with a diamond: each branch allocates, the join returns one of them.
// This is what the ownership-based deallocation pipeline starts from: allocations, no frees.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @select_buffer(%cond: i1, %n: index, %v: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %a[%c0] : memref<?xf32>
  cf.br ^bb3(%a : memref<?xf32>)
^bb2:
  %b = memref.alloc(%n) : memref<?xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %b[%c0] : memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb3(%r: memref<?xf32>):
  return %r : memref<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.5 : f32
  %x = call @select_buffer(%true, %c4, %one) : (i1, index, f32) -> memref<?xf32>
  %y = call @select_buffer(%false, %c4, %one) : (i1, index, f32) -> memref<?xf32>
  %vx = memref.load %x[%c0] : memref<?xf32>
  %vy = memref.load %y[%c0] : memref<?xf32>
  call @printF32(%vx) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%vy) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
