// RUN: dealloc-opt %s --hlo-deallocation-pipeline --split-input-file


// A user op with the region-branch interface (`test.region_if`: then and else both flow
// into the join region, which yields to the parent), handled through the interface like
// `scf.if`: each region owns its memref arguments through ownership arguments, fresh
// buffers in any region travel out with their indicators, and the one the caller no longer
// needs is freed where its indicator says so.
func.func private @printF32(f32)

func.func @pick(%a: memref<2xf32>, %v: f32) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %r = test.region_if %a : memref<2xf32> -> (memref<2xf32>) then {
  ^bb0(%x : memref<2xf32>):
    %n = memref.alloc() : memref<2xf32>
    memref.store %v, %n[%c0] : memref<2xf32>
    test.region_if_yield %n : memref<2xf32>
  } else {
  ^bb0(%x : memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } join {
  ^bb0(%y : memref<2xf32>):
    %m = memref.alloc() : memref<2xf32>
    memref.copy %y, %m : memref<2xf32> to memref<2xf32>
    test.region_if_yield %m : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.5 : f32
  %two = arith.constant 2.5 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  %r = call @pick(%a, %two) : (memref<2xf32>, f32) -> memref<2xf32>
  %x = memref.load %r[%c0] : memref<2xf32>
  call @printF32(%x) : (f32) -> ()
  return
}
