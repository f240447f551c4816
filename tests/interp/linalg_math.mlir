// RUN: dealloc-opt %s --buffer-deallocation-pipeline --split-input-file

// The named float functions of linalg (bodies of math ops) on buffers the pipeline must free,
// checked by execution against mlir-runner-22.
func.func private @printMemrefF32(memref<*xf32>)

func.func @show(%m: memref<2x3xf32>) {
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %in = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%in : memref<2x3xf32>) {
  ^bb0(%unused: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %s = arith.addi %k, %j : index
    %n = arith.index_cast %s : index to i32
    %f = arith.sitofp %n : i32 to f32
    %q = arith.constant 0.75 : f32
    %x = arith.mulf %f, %q : f32
    %off = arith.constant 0.5 : f32
    %y = arith.addf %x, %off : f32
    linalg.yield %y : f32
  }
  %out = memref.alloc() : memref<2x3xf32>
  linalg.exp ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.log ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.sqrt ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.rsqrt ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.tanh ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.erf ins(%in : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.powf ins(%in, %out : memref<2x3xf32>, memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  %neg = memref.alloc() : memref<2x3xf32>
  linalg.negf ins(%in : memref<2x3xf32>) outs(%neg : memref<2x3xf32>)
  linalg.abs ins(%neg : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.floor ins(%neg : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.ceil ins(%neg : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  linalg.round ins(%neg : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
  call @show(%out) : (memref<2x3xf32>) -> ()
  return
}

// -----

// linalg.elementwise of the float function kinds, on a result returned from a function.
func.func private @printMemrefF32(memref<*xf32>)

func.func @softplus(%x: memref<4xf32>) -> memref<4xf32> {
  %e = memref.alloc() : memref<4xf32>
  linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%x : memref<4xf32>) outs(%e : memref<4xf32>)
  %one = arith.constant 1.0 : f32
  %ones = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%ones : memref<4xf32>)
  %s = memref.alloc() : memref<4xf32>
  linalg.add ins(%e, %ones : memref<4xf32>, memref<4xf32>) outs(%s : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  linalg.elementwise kind=#linalg.elementwise_kind<log> ins(%s : memref<4xf32>) outs(%r : memref<4xf32>)
  return %r : memref<4xf32>
}

func.func @main() {
  %x = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = arith.constant -2.0 : f32
  %b = arith.constant 0.0 : f32
  %c = arith.constant 1.5 : f32
  %d = arith.constant 6.25 : f32
  memref.store %a, %x[%c0] : memref<4xf32>
  memref.store %b, %x[%c1] : memref<4xf32>
  memref.store %c, %x[%c2] : memref<4xf32>
  memref.store %d, %x[%c3] : memref<4xf32>
  %y = call @softplus(%x) : (memref<4xf32>) -> memref<4xf32>
  %z = memref.alloc() : memref<4xf32>
  linalg.elementwise kind=#linalg.elementwise_kind<powf> ins(%y, %x : memref<4xf32>, memref<4xf32>) outs(%z : memref<4xf32>)
  %u = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %z : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}
