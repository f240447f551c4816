// Freeing a global is an invalid free; the site is the global's definition.
// EXPECT: invalid_free 6:3 site 3:1
memref.global "private" @state : memref<4xi32> = dense<0>
func.func @main() {
  %g = memref.get_global @state : memref<4xi32>
  memref.dealloc %g : memref<4xi32>
  return
}
