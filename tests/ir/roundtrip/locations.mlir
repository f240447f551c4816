// RUN: dealloc-opt %s --split-input-file

// Inline `loc(...)` on operations is parsed and, without
// --mlir-print-debuginfo, not printed.
func.func @inline_locs(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("file.mlir":3:10)
  %1 = arith.muli %0, %a : i32 loc(unknown)
  return %1 : i32 loc("file.mlir":5:3)
} loc("file.mlir":1:1)

// -----

// Location aliases `#loc = loc(...)` and their uses; the alias definitions
// disappear from the output together with the locations.
#loc = loc("a.mlir":1:1)
#loc1 = loc("a.mlir":2:5)
#loc2 = loc(fused[#loc, #loc1])
func.func @aliased(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index loc(#loc)
  %0 = memref.load %m[%c0] : memref<4xf32> loc(#loc1)
  return loc(#loc2)
} loc(#loc)

// -----

// All location kinds: file-line-col (with ranges), name, callsite, fused
// with metadata, unknown.
func.func @kinds(%m: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32> loc("x.mlir":1:2 to 3:4)
  %1 = memref.alloc() : memref<4xf32> loc("named"("x.mlir":1:1))
  %2 = memref.alloc() : memref<4xf32> loc("just_a_name")
  %3 = memref.alloc() : memref<4xf32> loc(callsite("callee"("a.mlir":1:1) at "caller"("b.mlir":2:2)))
  %4 = memref.alloc() : memref<4xf32> loc(fused<"meta">["a.mlir":1:1, "b.mlir":2:2])
  %5 = memref.alloc() : memref<4xf32> loc(unknown)
  return
}

// -----

// Locations on function arguments and block arguments.
func.func @arg_locs(%a: i32 loc("args.mlir":1:1), %b: i32 loc(unknown)) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32 loc("args.mlir":3:3)):
  return %x : i32
}

// -----

// Locations on region-holding ops (after the closing brace) and on the
// module itself.
module {
  func.func @region_locs(%c: i1) {
    scf.if %c {
      %0 = memref.alloc() : memref<2xf32> loc("r.mlir":2:3)
      memref.dealloc %0 : memref<2xf32>
    } loc("r.mlir":1:1)
    return
  }
} loc("r.mlir":0:0)

// -----

// A location alias that is defined after its use (forward alias reference
// at the end of the file, as mlir-opt --mlir-print-debuginfo emits).
func.func @late_alias() {
  return loc(#loc9)
}
#loc9 = loc("late.mlir":9:9)
