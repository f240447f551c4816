// The interpreter throughput benchmark: a 128x128 f32 matrix multiply (i-k-j order, ~2.1M
// inner iterations, ~13M ops) on dynamically sized buffers, then a checksum. Run with
// `cargo run --release -p interp --example run -- interp/examples/bench_matmul.mlir --time`.
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %m = memref.dim %b, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %p = %c0 to %k step %c1 {
      %aip = memref.load %a[%i, %p] : memref<?x?xf32>
      scf.for %j = %c0 to %m step %c1 {
        %bpj = memref.load %b[%p, %j] : memref<?x?xf32>
        %cij = memref.load %c[%i, %j] : memref<?x?xf32>
        %prod = arith.mulf %aip, %bpj : f32
        %sum = arith.addf %cij, %prod : f32
        memref.store %sum, %c[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc(%n, %n) : memref<?x?xf32>
  %b = memref.alloc(%n, %n) : memref<?x?xf32>
  %c = memref.alloc(%n, %n) : memref<?x?xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %s = arith.addi %ii, %jj : i32
      %d = arith.subi %ii, %jj : i32
      %three = arith.constant 3 : i32
      %r = arith.remsi %s, %three : i32
      %fs = arith.sitofp %r : i32 to f32
      %fd = arith.sitofp %d : i32 to f32
      %q = arith.constant 0.25 : f32
      %fq = arith.mulf %fd, %q : f32
      %one = arith.constant 1.0 : f32
      %fb = arith.addf %fq, %one : f32
      memref.store %fs, %a[%i, %j] : memref<?x?xf32>
      memref.store %fb, %b[%i, %j] : memref<?x?xf32>
      memref.store %zero, %c[%i, %j] : memref<?x?xf32>
    }
  }
  func.call @matmul(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %row = scf.for %j = %c0 to %n step %c1 iter_args(%r = %acc) -> (f32) {
      %v = memref.load %c[%i, %j] : memref<?x?xf32>
      %x = arith.addf %r, %v : f32
      scf.yield %x : f32
    }
    scf.yield %row : f32
  }
  func.call @printF32(%total) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %probe = memref.load %c[%c5, %c7] : memref<?x?xf32>
  func.call @printF32(%probe) : (f32) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<?x?xf32>
  memref.dealloc %b : memref<?x?xf32>
  memref.dealloc %c : memref<?x?xf32>
  return
}
