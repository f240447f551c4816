// RUN: dealloc-opt %s --ownership-based-buffer-deallocation --split-input-file

// Pass errors as mlir-opt-22 prints them without --verify-diagnostics: each on its op, with
// the op (as the pass left it) in a 'see current operation' note. (invalid.mlir checks the
// same inputs with --verify-diagnostics.)

func.func @existing_dealloc(%m: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%m : memref<2xf32>) if (%c)
  return
}

// -----

func.func @unknown_effects() {
  %0 = "test.unknown_allocator"() : () -> memref<2xf32>
  return
}

// -----

func.func @regions_without_interface() {
  %0 = "test.one_region_with_recursive_memory_effects"() ({
    %a = memref.alloc() : memref<2xf32>
    "test.return"() : () -> ()
  }) : () -> memref<2xf32>
  return
}

// -----

func.func @switch(%i: i32, %m: memref<2xf32>) {
  cf.switch %i : i32, [
    default: ^bb1(%m : memref<2xf32>),
    42: ^bb1(%m : memref<2xf32>)
  ]
^bb1(%x: memref<2xf32>):
  return
}

// -----

func.func @reduce_memref(%m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%m) -> memref<2xf32> {
    scf.reduce(%m : memref<2xf32>) {
    ^bb0(%a: memref<2xf32>, %b: memref<2xf32>):
      scf.reduce.return %a : memref<2xf32>
    }
  }
  return
}

// -----

// A nested free of a function argument: the caller owns it (function boundary ABI), so the
// free breaks the ABI; rejected.
func.func @captured_argument_free(%c: i1, %a: memref<2xf32>) {
  scf.if %c {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// A nested `memref.realloc` of a buffer the enclosing block owns: the realloc cannot be
// dropped like a plain free; rejected (the pipeline runs `expand-realloc` first).
func.func @captured_realloc(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    %b = memref.realloc %a : memref<2xf32> to memref<4xf32>
  }
  return
}
