// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// memref.atomic_rmw updates an element and yields the one it read; memref.assume_alignment is
// a view of its buffer (the update through it shows in the buffer); memref.prefetch changes
// nothing. Checked against mlir-runner-22.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %quarter = arith.constant 0.25 : f32
  %neg = arith.constant -4.0 : f32
  %f = memref.alloc() : memref<4xf32>
  %n = memref.alloc() : memref<4xi32>
  %view = memref.assume_alignment %f, 32 : memref<4xf32>
  linalg.fill ins(%quarter : f32) outs(%view : memref<4xf32>)
  %nine = arith.constant 9 : i32
  linalg.fill ins(%nine : i32) outs(%n : memref<4xi32>)
  memref.prefetch %view[%c3], read, locality<2>, data : memref<4xf32>
  %a = memref.atomic_rmw addf %neg, %view[%c0] : (f32, memref<4xf32>) -> f32
  %b = memref.atomic_rmw maximumf %neg, %view[%c1] : (f32, memref<4xf32>) -> f32
  %c = memref.atomic_rmw minimumf %neg, %f[%c2] : (f32, memref<4xf32>) -> f32
  %sum = arith.addf %a, %b : f32
  %d = memref.atomic_rmw assign %sum, %f[%c3] : (f32, memref<4xf32>) -> f32
  %minus = arith.constant -3 : i32
  %e = memref.atomic_rmw addi %minus, %n[%c0] : (i32, memref<4xi32>) -> i32
  %g = memref.atomic_rmw maxs %minus, %n[%c1] : (i32, memref<4xi32>) -> i32
  %h = memref.atomic_rmw maxu %minus, %n[%c2] : (i32, memref<4xi32>) -> i32
  %k = memref.atomic_rmw ori %e, %n[%c3] : (i32, memref<4xi32>) -> i32
  %fu = memref.cast %f : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%fu) : (memref<*xf32>) -> ()
  %nu = memref.cast %n : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%nu) : (memref<*xi32>) -> ()
  %olds = memref.alloc() : memref<4xf32>
  memref.store %a, %olds[%c0] : memref<4xf32>
  memref.store %b, %olds[%c1] : memref<4xf32>
  memref.store %c, %olds[%c2] : memref<4xf32>
  memref.store %d, %olds[%c3] : memref<4xf32>
  %ou = memref.cast %olds : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  memref.dealloc %f : memref<4xf32>
  memref.dealloc %n : memref<4xi32>
  memref.dealloc %olds : memref<4xf32>
  return
}
