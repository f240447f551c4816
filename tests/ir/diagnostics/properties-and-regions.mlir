// RUN: dealloc-opt %s --split-input-file

// Found by `cargo xtask fuzz-parser`: inputs mlir-opt-22 rejects and we used to accept.
// A property of the wrong kind in generic syntax (here a unit visibility) fails property
// conversion before anything else is checked.
"builtin.module"() <{sym_name = "gen"}> ({
  "memref.global"() <{sym_name = "g", sym_visibility, type = memref<2xf32>, initial_value = dense<0.0> : tensor<2xf32>}> : () -> ()
}) : () -> ()

// -----

// Likewise for a function's symbol name.
"func.func"() <{sym_name = 3, function_type = () -> ()}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// `scf.if` regions take no arguments (MLIR's NoRegionArguments, numbered for two regions)...
func.func @f(%c: i1, %x: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
  ^bb0(%a: i32):
    scf.yield %x : f32
  }
  return %r : f32
}

// -----

// ...nor does the single region of `memref.alloca_scope`.
func.func @g() {
  memref.alloca_scope {
  ^bb0(%a: i32):
    memref.alloca_scope.return
  }
  return
}
