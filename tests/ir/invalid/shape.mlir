// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

func.func @assuming_needs_witness(%w: i1) {
  // expected-error @+1 {{'shape.assuming' op operand #0 must be , but got 'i1'}}
  "shape.assuming"(%w) ({
    "shape.assuming_yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @witness_type() {
  // expected-error @+1 {{'shape.const_witness' op result #0 must be , but got 'index'}}
  %0 = "shape.const_witness"() <{passing = false}> : () -> index
  return
}

// -----

func.func @yield_type(%w: !shape.witness, %m: memref<4xf32>) {
  // expected-error @+1 {{successor operand type #0 'memref<4xf32>' should match successor input type #0 'memref<?xf32>'}}
  %0 = shape.assuming %w -> (memref<?xf32>) {
    // expected-note @+1 {{region branch point}}
    shape.assuming_yield %m : memref<4xf32>
  }
  return
}

// -----

func.func @yield_count(%w: !shape.witness) {
  // expected-error @+1 {{region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = shape.assuming %w -> (index) {
    // expected-note @+1 {{region branch point}}
    shape.assuming_yield
  }
  return
}
