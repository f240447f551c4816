// RUN: dealloc-opt %s --split-input-file

// shape.assuming with one result (parenthesized or not), several results and attributes, no
// result (implicit terminator), and a witness from shape.const_witness.
func.func @assuming(%w: !shape.witness, %m: memref<2xf32>) -> memref<2xf32> {
  %one = shape.assuming %w -> memref<2xf32> {
    shape.assuming_yield %m : memref<2xf32>
  }
  %pair:2 = shape.assuming %w -> (memref<2xf32>, index) {
    %c = arith.constant 1 : index
    shape.assuming_yield %one, %c : memref<2xf32>, index
  } {tag = "two"}
  shape.assuming %w {
    %unused = memref.alloc() : memref<2xf32>
    memref.dealloc %unused : memref<2xf32>
  }
  %yes = shape.const_witness true
  %no = shape.const_witness false
  %last = shape.assuming %yes -> (memref<2xf32>) {
    shape.assuming_yield %pair#0 : memref<2xf32>
  }
  return %last : memref<2xf32>
}
