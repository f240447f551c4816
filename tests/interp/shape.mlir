// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// shape.assuming runs its region once; a buffer allocated inside and yielded out, and one
// that stays inside, are both freed by the pipeline (region-branch interface).
// NO-JIT: mlir-opt-22 has no lowering of shape.assuming to LLVM (only canonicalization
// inlines it).
func.func private @printMemrefF32(memref<*xf32>)

func.func @scaled(%w: !shape.witness, %x: memref<3xf32>, %k: f32) -> memref<3xf32> {
  %r = shape.assuming %w -> (memref<3xf32>) {
    %tmp = memref.alloc() : memref<3xf32>
    linalg.fill ins(%k : f32) outs(%tmp : memref<3xf32>)
    %out = memref.alloc() : memref<3xf32>
    linalg.mul ins(%x, %tmp : memref<3xf32>, memref<3xf32>) outs(%out : memref<3xf32>)
    shape.assuming_yield %out : memref<3xf32>
  }
  return %r : memref<3xf32>
}

func.func @main() {
  %w = shape.const_witness true
  %x = memref.alloc() : memref<3xf32>
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%x : memref<3xf32>)
  %half = arith.constant 0.5 : f32
  %y = call @scaled(%w, %x, %half) : (!shape.witness, memref<3xf32>, f32) -> memref<3xf32>
  %z = shape.assuming %w -> (memref<3xf32>) {
    %sum = memref.alloc() : memref<3xf32>
    linalg.add ins(%x, %y : memref<3xf32>, memref<3xf32>) outs(%sum : memref<3xf32>)
    shape.assuming_yield %sum : memref<3xf32>
  }
  %u = memref.cast %z : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
