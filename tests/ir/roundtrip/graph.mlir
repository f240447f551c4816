// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect

// The body of builtin.module is a graph region: an op may use a value that
// is defined later in the same block. Numbering still follows textual order.
"foo.consumer"(%1) : (i32) -> ()
%1 = "foo.producer"() : () -> i32

// -----

// A cycle through two ops in a graph region (module body).
%a = "foo.node"(%b) : (i32) -> i32
%b = "foo.node"(%a) : (i32) -> i32

// -----

// A graph region nested in a named module next to a function.
module @g {
  "foo.use"(%x) : (memref<2xf32>) -> ()
  %x = "foo.def"() : () -> memref<2xf32>
  func.func @f() {
    return
  }
}

// -----

// Region nesting inside the graph region: an unregistered op in the module
// body holding an SSACFG function-like body.
%t = "foo.token"() : () -> index
"foo.container"() ({
  %c0 = arith.constant 0 : index
  %s = arith.addi %c0, %c0 : index
  "foo.yield"(%s) : (index) -> ()
}) : () -> ()
