// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect

// Unregistered ops are printed in generic form, with no name hints; the
// surrounding registered ops keep their custom form. (The `test` dialect IS
// registered in mlir-opt-22, so these use the unregistered `foo` prefix.)
func.func @simple(%m: memref<4xf32>) -> i32 {
  "foo.use"(%m) : (memref<4xf32>) -> ()
  %0 = "foo.produce"() : () -> i32
  %1 = "foo.bar"(%0, %0) {attr = 5 : i64, flag} : (i32, i32) -> i32
  return %1 : i32
}

// -----

// Unregistered ops that take and return memrefs: the opaque buffer users
// that the deallocation pass must treat conservatively.
func.func @buffers() {
  %0 = memref.alloc() : memref<2xf32>
  %1 = "foo.make_view"(%0) : (memref<2xf32>) -> memref<2xf32>
  "foo.copy"(%0, %1) : (memref<2xf32>, memref<2xf32>) -> ()
  "foo.read_buffer"(%1) : (memref<2xf32>) -> ()
  memref.dealloc %0 : memref<2xf32>
  return
}

// -----

// Unregistered ops with regions: entry-block arguments are printed with an
// explicit `^bb0(...)` label, and there is no implicit terminator.
func.func @with_region(%x: i32) -> i32 {
  %0 = "foo.region_op"(%x) ({
  ^bb0(%a: i32):
    %s = arith.addi %a, %a : i32
    "foo.terminator"(%s) : (i32) -> ()
  }) : (i32) -> i32
  return %0 : i32
}

// -----

// Multiple regions, an empty region, and a region with several blocks.
func.func @multi_region(%c: i1) {
  "foo.two_regions"() ({
    "foo.a"() : () -> ()
  }, {
  }) : () -> ()
  "foo.cfg_region"(%c) ({
  ^bb0(%p: i1):
    cf.cond_br %p, ^bb1, ^bb2
  ^bb1:
    "foo.yield"() : () -> ()
  ^bb2:
    "foo.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

// Unregistered ops with successors (in square brackets) terminating blocks.
func.func @successors(%x: i32) {
  "foo.br"(%x)[^bb1, ^bb2] : (i32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

// Multiple results of an unregistered op: `%0:3` and `#i` uses.
func.func @multi_results() -> (i32, f32) {
  %0:3 = "foo.three"() : () -> (i32, f32, memref<2xf32>)
  "foo.sink"(%0#2) : (memref<2xf32>) -> ()
  return %0#0, %0#1 : i32, f32
}

// -----

// Unregistered ops with properties `<{...}>` and attributes.
func.func @properties() {
  "foo.with_props"() <{a = 1 : i32, b = "x"}> {c = [1, 2]} : () -> ()
  return
}

// -----

// An unregistered op at module level, next to functions (graph-like
// region of the module: no terminator needed).
"foo.global_thing"() {sym_name = "thing"} : () -> ()
func.func @f() {
  return
}

// -----

// Unregistered dialect types and attributes are kept verbatim (opaque).
func.func @opaque_types(%a: !mydialect.thing<"x", 3>, %b: !llvm.ptr) -> !mydialect.thing<"x", 3> {
  "foo.op"(%a) {attr = #mydialect.attr<1, 2>} : (!mydialect.thing<"x", 3>) -> ()
  return %a : !mydialect.thing<"x", 3>
}

// -----

// An unregistered op whose region yields a value computed inside it; the
// region's values are numbered after the enclosing block's results.
func.func @nested_use(%x: i32) -> i32 {
  %0 = "foo.outer"() ({
    %1 = "foo.inner"(%x) : (i32) -> i32
    "foo.yield"(%1) : (i32) -> ()
  }) : () -> i32
  return %0 : i32
}

// -----

// Values defined in the parent and used in a nested unregistered region,
// plus a registered scf.if nested inside the unregistered op.
func.func @mixed_nesting(%c: i1, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  "foo.wrapper"() ({
    scf.if %c {
      %v = memref.load %m[%c0] : memref<2xf32>
      "foo.print"(%v) : (f32) -> ()
    }
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Unregistered op with a location and no results inside a loop.
func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    "foo.side_effect"(%i) : (index) -> () loc("loop.mlir":4:5)
  }
  return
}

// -----

// Quoted op names with a dialect prefix and odd characters.
func.func @odd_names() {
  "my.dialect.op.with.dots"() : () -> ()
  "x.y$z"() : () -> ()
  return
}
