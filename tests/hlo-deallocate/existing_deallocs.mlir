// RUN: dealloc-opt %s --hlo-deallocate --split-input-file
// NO-MLIR-OPT: the output uses the MLIR-HLO deallocation dialect

// Upstream's OwnershipBasedBufferDeallocation/dealloc-existing-deallocs.mlir, CHECK lines
// dropped, through hlo-deallocate. Chunk 0 reallocs a buffer the function allocated (MLIR-HLO's
// implicit release); chunk 1 reallocs a function argument, which MLIR-HLO refuses ("unable to
// find ownership indicator for operand", kept with refuse-unowned-realloc, see invalid.mlir):
// here an allocation and a copy, the argument left to its owner.

func.func @auto_dealloc() {
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %alloc = memref.alloc(%c10) : memref<?xi32>
  %realloc = memref.realloc %alloc(%c100) : memref<?xi32> to memref<?xi32>
  "test.memref_user"(%realloc) : (memref<?xi32>) -> ()
  return
}

// -----

func.func @auto_dealloc_inside_nested_region(%arg0: memref<?xi32>, %arg1: i1) {
  %c100 = arith.constant 100 : index
  %0 = scf.if %arg1 -> memref<?xi32> {
    %realloc = memref.realloc %arg0(%c100) : memref<?xi32> to memref<?xi32>
    scf.yield %realloc : memref<?xi32>
  } else {
    scf.yield %arg0 : memref<?xi32>
  }
  "test.memref_user"(%0) : (memref<?xi32>) -> ()
  return
}
