// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

func.func @exp_of_integer(%x: i32) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %x : i32
  return
}

// -----

func.func @absi_of_float(%x: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %x : f32
  return
}

// -----

func.func @fma_arity(%x: f32) {
  // expected-error @+1 {{expected ','}}
  %0 = math.fma %x, %x fastmath<fast> : f32
  return
}

// -----

func.func @load_map_rank(%A: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4x4xf32>, index) -> f32
  return
}

// -----

func.func @negative_step() {
  // expected-error @+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %j = 0 to 10 step -1 {
  }
  return
}

// -----

func.func @if_results_without_else(%i: index, %x: f32) {
  // expected-error @+2 {{'affine.if' op along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note @+1 {{region branch point}}
  %0 = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> f32 {
    affine.yield %x : f32
  }
  return
}

// -----

func.func @yield_type(%x: f32) {
  %0 = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %c : i32
  }
  return
}

// -----

func.func @transfer_indices(%A: memref<?x8xf32>, %i: index) {
  %pad = arith.constant 0.0 : f32
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %A[%i], %pad : memref<?x8xf32>, vector<4xf32>
  return
}

// -----

func.func @reduction_type(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into i32
  return
}

// -----

func.func @extract_rank(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[1, 2] : f32 from vector<4xf32>
  return
}

// -----

func.func @broadcast_element(%x: f64) {
  // expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %x : f64 to vector<4xf32>
  return
}

// -----

func.func @casts_without_index(%x: i32) {
  // expected-error @+1 {{'index.casts' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.casts %x : i32 to i64
  return
}
