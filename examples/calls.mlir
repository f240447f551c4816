// Buffers crossing calls: a private helper returns a fresh buffer or one of its arguments,
// depending on a runtime flag, so the caller cannot know whether it receives ownership. The
// ownership-based strategy clones or passes an ownership flag; copy-insertion strategies copy.
func.func private @printI64(i64)
func.func private @printNewline()

func.func private @pick(%keep: i1, %arg: memref<4xi64>) -> memref<4xi64> {
  %r = scf.if %keep -> (memref<4xi64>) {
    scf.yield %arg : memref<4xi64>
  } else {
    %fresh = memref.alloc() : memref<4xi64>
    memref.copy %arg, %fresh : memref<4xi64> to memref<4xi64>
    %c0 = arith.constant 0 : index
    %v = memref.load %fresh[%c0] : memref<4xi64>
    %w = arith.muli %v, %v : i64
    memref.store %w, %fresh[%c0] : memref<4xi64>
    scf.yield %fresh : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func @fill(%v: i64) -> memref<4xi64> {
  %m = memref.alloc() : memref<4xi64>
  linalg.fill ins(%v : i64) outs(%m : memref<4xi64>)
  return %m : memref<4xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %three = arith.constant 3 : i64
  %base = call @fill(%three) : (i64) -> memref<4xi64>
  %same = call @pick(%true, %base) : (i1, memref<4xi64>) -> memref<4xi64>
  %other = call @pick(%false, %base) : (i1, memref<4xi64>) -> memref<4xi64>
  %a = memref.load %same[%c0] : memref<4xi64>
  %b = memref.load %other[%c0] : memref<4xi64>
  call @printI64(%a) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
