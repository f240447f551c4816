// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

// vector.contract: the verifier's and the parser's messages, as mlir-opt-22 words them.
func.func @two_maps(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{expected an indexing map for each vector operand}}
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>], iterator_types = ["reduction"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}

// -----

func.func @map_inputs(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{expected indexing map 0 to have 1 number of inputs}}
  %r = vector.contract {indexing_maps = [affine_map<(k, j) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}

// -----

func.func @map_outputs(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{expected indexing map 0 to have 1 number of outputs}}
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k, k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}

// -----

func.func @no_contracting_pair(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{expected at least one contracting dimension pair}}
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["parallel"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}

// -----

func.func @contracting_sizes(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{invalid contracting dimension map}}
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %y, %s : vector<4xf32>, vector<3xf32> into f32
  return
}

// -----

func.func @not_a_permutation(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{expected indexing map 2 to be a projected permutation of its inputs}}
  %r = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (k + i)>], iterator_types = ["parallel", "reduction"]} %m, %x, %x : vector<4x4xf32>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @accumulator_shape(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{invalid accumulator/result vector shape, expected: 'vector<4xf32>'}}
  %r = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} %m, %x, %y : vector<4x4xf32>, vector<4xf32> into vector<3xf32>
  return
}

// -----

func.func @float_and(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{unsupported contraction type}}
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<and>} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}

// -----

func.func @no_maps(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{requires attribute 'indexing_maps'}}
  %r = vector.contract {iterator_types = ["reduction"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}

// -----

func.func @bad_iterator(%x: vector<4xf32>, %y: vector<3xf32>, %s: f32, %m: vector<4x4xf32>) {
  // expected-error @+1 {{custom op 'vector.contract' unexpected iterator_type (bad)}}
  %r = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["bad"]} %x, %x, %s : vector<4xf32>, vector<4xf32> into f32
  return
}
