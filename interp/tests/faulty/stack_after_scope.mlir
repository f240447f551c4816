// A stack buffer escaping its memref.alloca_scope is dead after the scope exits.
// EXPECT: use_after_free 10:8 site 6:10
func.func @main() {
  %c0 = arith.constant 0 : index
  %r = memref.alloca_scope -> memref<4xi32> {
    %s = memref.alloca() : memref<4xi32>
    memref.alloca_scope.return %s : memref<4xi32>
  }
  %one = arith.constant 1 : i32
  %x = memref.load %r[%c0] : memref<4xi32>
  return
}
