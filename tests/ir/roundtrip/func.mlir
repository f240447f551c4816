// RUN: dealloc-opt %s --split-input-file

// An empty module prints as `module {\n}`.
module {
}

// -----

// Input without an explicit module is wrapped in an implicit one.
func.func @implicit_module() {
  return
}

// -----

// A named module with attributes; `module attributes {...}` is printed
// between the name and the body.
module @named attributes {my.flag, my.whatever = 4 : i32} {
  func.func @f() {
    return
  }
}

// -----

// module attributes without a name.
module attributes {gpu.container_module, my.attr = "x"} {
}

// -----

// Nested modules with a symbol name; the inner module gets its own body.
module @outer {
  module @inner {
    func.func @g() {
      return
    }
  }
}

// -----

// Private and public declarations (no body), argument and result
// attributes, and the `attributes` dictionary.
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @ext(%arg0: memref<?xf32> {my.writable = true}) -> (memref<?xf32> {my.res})
func.func @with_attrs() attributes {llvm.emit_c_interface, passthrough = ["noinline"]} {
  return
}

// -----

// func.call and results: single, multiple and none; calls to declarations.
func.func private @ext_alloc(index) -> memref<?xf32>
func.func @pair(%a: i32) -> (i32, i32) {
  return %a, %a : i32, i32
}
func.func @caller(%n: index, %x: i32) -> memref<?xf32> {
  %0 = func.call @ext_alloc(%n) : (index) -> memref<?xf32>
  %1:2 = call @pair(%x) : (i32) -> (i32, i32)
  call @noop() : () -> ()
  return %0 : memref<?xf32>
}
func.func @noop() {
  return
}

// -----

// A recursive function: a call to the enclosing symbol. The call sits in an
// scf.if region, where the default dialect is no longer `func`, so it prints
// as `func.call`.
func.func @recurse(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %is0 = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %is0 -> (i32) {
    scf.yield %c0 : i32
  } else {
    %m = arith.subi %n, %c1 : i32
    %s = func.call @recurse(%m) : (i32) -> i32
    %t = arith.addi %s, %n : i32
    scf.yield %t : i32
  }
  return %r : i32
}

// -----

// func.constant takes the address of a function (result hint `%f`) and
// func.call_indirect calls it; inside func.func the `func.` prefix is elided.
func.func @callee(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}
func.func @indirect(%m: memref<4xf32>) -> memref<4xf32> {
  %f = func.constant @callee : (memref<4xf32>) -> memref<4xf32>
  %r = func.call_indirect %f(%m) : (memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}

// -----

// Functions passing and returning memrefs: the ownership boundary the
// deallocation pass reasons about.
func.func @producer(%n: index) -> memref<?xf32> {
  %0 = memref.alloc(%n) : memref<?xf32>
  return %0 : memref<?xf32>
}
func.func @consumer(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %m = call @producer(%n) : (index) -> memref<?xf32>
  %v = memref.load %m[%c0] : memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return %v : f32
}

// -----

// A main function calling the runner print utilities, as the executable
// tests do.
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : i64
  %m = memref.alloc() : memref<1xi64>
  memref.store %c3, %m[%c0] : memref<1xi64>
  %v = memref.load %m[%c0] : memref<1xi64>
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %m : memref<1xi64>
  return
}

// -----

// Function types as values and in signatures; nested function types are
// parenthesized in result position.
func.func @fn_types(%f: (i32) -> i32, %g: () -> ((i32) -> i32)) -> ((f32, f32) -> ()) {
  %h = func.constant @sink : (f32, f32) -> ()
  return %h : (f32, f32) -> ()
}
func.func private @sink(f32, f32)

// -----

// A function with `nested` visibility inside a named module; func.call only
// takes flat symbol references, so callers live in the same module.
module @lib {
  func.func nested @helper() -> i32 {
    %c = arith.constant 7 : i32
    return %c : i32
  }
  func.func @use_nested() -> i32 {
    %r = call @helper() : () -> i32
    return %r : i32
  }
}

// -----

// A function returning a value defined in a later block (via block
// arguments), the canonical multi-return shape.
func.func @multi_return(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<2xf32>
^bb2:
  %b = memref.alloc() : memref<2xf32>
  return %b : memref<2xf32>
}

// -----

// A custom op inside a generic op keeps the enclosing default dialect (`func` here).
func.func @generic_if(%c: i1) {
  "scf.if"(%c) ({
    call @generic_if(%c) : (i1) -> ()
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}
