// RUN: dealloc-opt %s --canonicalize --split-input-file
// UPSTREAM-OUTPUT: --canonicalize --split-input-file

// `test.read_buffer` reads its buffer and, like upstream's, writes the default resource (the
// contents are dumped): it is not dead, and neither is the buffer it reads. Upstream's own
// tests use it to keep a buffer alive through a pass.
func.func @read_buffer_stays() {
  %alloc = memref.alloc() : memref<2xi32>
  "test.read_buffer"(%alloc) : (memref<2xi32>) -> ()
  return
}
