// RUN: dealloc-opt %s --convert-bufferization-to-memref --split-input-file

func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %k = arith.constant 2.5 : f32
  %a = memref.alloc(%c3) : memref<?xf32>
  memref.store %k, %a[%c0] : memref<?xf32>
  %b = bufferization.clone %a : memref<?xf32> to memref<?xf32>
  %x = memref.load %b[%c0] : memref<?xf32>
  func.call @printF32(%x) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %t = arith.constant true
  bufferization.dealloc (%a, %b : memref<?xf32>, memref<?xf32>) if (%t, %t)
  return
}
