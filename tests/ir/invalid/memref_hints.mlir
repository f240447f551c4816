// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

func.func @alignment_not_power_of_two(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 12 : memref<4xf32>
  return
}

// -----

func.func @assume_changes_type(%m: memref<4xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "memref.assume_alignment"(%m) <{alignment = 8 : i32}> : (memref<4xf32>) -> memref<8xf32>
  return
}

// -----

func.func @locality_out_of_range(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'localityHint' failed to satisfy constraint}}
  memref.prefetch %m[%i], write, locality<4>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_wrong_index_count(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{too few indices}}
  memref.prefetch %m[%i], read, locality<1>, data : memref<4x4xf32>
  return
}

// -----

func.func @prefetch_bad_rw(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], load, locality<1>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_bad_cache(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{cache type has to be 'data' or 'instr'}}
  memref.prefetch %m[%i], read, locality<1>, code : memref<4xf32>
  return
}

// -----

func.func @atomic_body_two_arguments(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @atomic_body_argument_type(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{expected block argument of the same type result type}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f64):
    %f = arith.constant 0.0 : f32
    memref.atomic_yield %f : f32
  }
  return
}

// -----

func.func @atomic_yield_type(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    %c = arith.constant 3 : i16
    // expected-error @+1 {{types mismatch between yield op: 'i16' and its parent: 'f32'}}
    memref.atomic_yield %c : i16
  }
  return
}

// -----

func.func @atomic_body_with_effects(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    %l = memref.load %m[%i] : memref<4xf32>
    memref.atomic_yield %l : f32
  }
  return
}

// -----

func.func @atomic_empty_body(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{expects a non-empty block}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
  }
  return
}
