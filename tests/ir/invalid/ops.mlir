// RUN: dealloc-opt %s --split-input-file --verify-diagnostics

// func.return with the wrong number of operands.
func.func @f(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 2}}
  return %a : i32
}

// -----

// func.return operand type does not match the function result type.
func.func @f(%a: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f}}
  return %a : i32
}

// -----

// Missing terminator in a function body.
func.func @f() {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"}}
  %0 = arith.constant 0 : i32
}

// -----

// Terminator in the middle of a block (generic form, so that the parser does
// not read the next line as operands of `return`).
func.func @f() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  %0 = arith.constant 0 : i32
  return
}

// -----

// func.call to an undefined symbol.
func.func @f() {
  // expected-error @+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  call @nowhere() : () -> ()
  return
}

// -----

// func.call with the wrong operand types.
func.func private @g(i32)
func.func @f(%a: f32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  call @g(%a) : (f32) -> ()
  return
}

// -----

// func.call with the wrong number of results.
func.func private @g() -> i32
func.func @f() {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  call @g() : () -> ()
  return
}

// -----

// cf.br with the wrong number of successor operands.
func.func @f(%a: i32) {
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i32):
  return
}

// -----

// cf.br with a successor operand of the wrong type.
func.func @f(%a: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: f32):
  return
}

// -----

// cf.cond_br condition that is not i1: the parser resolves %a as i1 and
// reports the conflict with the earlier i32 definition.
// expected-note @+1 {{prior use here}}
func.func @f(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %a, ^bb1, ^bb1
^bb1:
  return
}

// -----

// arith.addi with mismatched operand types: a type conflict at parse time.
// expected-note @+1 {{prior use here}}
func.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return
}

// -----

// arith.addf on integers.
func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

// arith.extsi to a narrower type.
func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

// arith.constant whose value type differs from the result type.
func.func @f() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

// memref.alloc with the wrong number of dynamic sizes.
func.func @f(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

// A strided layout has one symbol per `?` among its offset and strides: two here.
func.func @f(%n: index, %s: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 2, got 1}}
  %0 = memref.alloc(%n)[%s] : memref<?xi32, strided<[?], offset: ?>>
  return
}

// -----

// memref.load with the wrong number of indices.
func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

// memref.store of a value with the wrong element type (parse-time conflict).
// expected-note @+1 {{prior use here}}
func.func @f(%m: memref<4xf32>, %v: i32, %i: index) {
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'f32' vs 'i32'}}
  memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

// memref.cast between incompatible shapes.
func.func @f(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

// memref.subview whose result type does not match the inferred one.
func.func @f(%m: memref<8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4xf32, strided<[1], offset: 2>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4xf32>'}}
  %0 = memref.subview %m[2] [4] [1] : memref<8xf32> to memref<4xf32>
  return
}

// -----

// memref.collapse_shape with an invalid reassociation.
func.func @f(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 2, expected 1}}
  %0 = memref.collapse_shape %m [[0], [1]] : memref<2x3xf32> into memref<6xf32>
  return
}

// -----

// memref.get_global of an undefined global.
func.func @f() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

// memref.global initial value of the wrong shape.
// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
memref.global @g : memref<2xf32> = dense<[1.0, 2.0, 3.0]>

// -----

// scf.if with results but no else region.
func.func @f(%c: i1) -> i32 {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (i32) {
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

// scf.yield with the wrong number of values for the scf.if results.
func.func @f(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

// scf.for iter_args whose yield type does not match.
func.func @f(%n: index, %a: i32, %x: f32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'}}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    scf.yield %x : f32
  }
  return %0 : i32
}

// -----

// scf.while condition operand that is not i1 (parse-time type conflict).
func.func @f(%a: i32) {
  // expected-note @+1 {{prior use here}}
  scf.while (%x = %a) : (i32) -> () {
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i1' vs 'i32'}}
    scf.condition(%x)
  } do {
    scf.yield %a : i32
  }
  return
}

// -----

// bufferization.dealloc with a mismatched number of memrefs and conditions.
func.func @f(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m, %m : memref<2xf32>, memref<2xf32>) if (%c)
  return
}

// -----

// Duplicate symbol names in a module.
// expected-note @+1 {{see existing symbol definition here}}
func.func @dup() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}

// -----

// A function declaration that is public (declarations must be private).
// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl()

// -----

// memref.dealloc of a non-memref value: the custom parser rejects the type.
func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %a : i32
  return
}

// -----

// memref.realloc of a non-1-d memref.
func.func @f(%m: memref<2x2xf32>) {
  // expected-error @+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'memref<2x2xf32>'}}
  %0 = memref.realloc %m : memref<2x2xf32> to memref<4x4xf32>
  return
}

// -----

// cf.assert with a non-i1 condition (parse-time type conflict).
// expected-note @+1 {{prior use here}}
func.func @f(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.assert %a, "msg"
  return
}

// -----

// memref.view from a non-i8 buffer.
func.func @f(%m: memref<16xf32>, %o: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<16xf32>'}}
  %0 = memref.view %m[%o][] : memref<16xf32> to memref<4xf32>
  return
}

// -----

// scf.execute_region yielding the wrong type.
func.func @f(%a: i32) -> f32 {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.execute_region -> f32 {
    // expected-note @+1 {{region branch point}}
    scf.yield %a : i32
  }
  return %0 : f32
}

// -----

// scf.while whose after region yields a value of another type than the before arguments
// (the verifier's fast check of loop types fails, and the edge-by-edge check reports).
func.func @f(%a: i32, %x: f32) -> i32 {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.while (%b = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %b : i32
  } do {
  ^bb0(%d: i32):
    // expected-note @+1 {{region branch point}}
    scf.yield %x : f32
  }
  return %0 : i32
}

// -----

// scf.while whose condition forwards a value of another type than the results.
func.func @f(%a: i32, %x: f32) -> i32 {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.while (%b = %a) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %x : f32
  } do {
  ^bb0(%d: i32):
    scf.yield %d : i32
  }
  return %0 : i32
}

// -----

// scf.if whose else region yields a value of another type than the result.
func.func @f(%c: i1, %a: i32, %x: f32) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    // expected-note @+1 {{region branch point}}
    scf.yield %x : f32
  }
  return %0 : i32
}

// -----

// scf.while whose after region yields more values than there are before arguments (the fast
// check compares counts as well as types).
func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.while (%b = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %b : i32
  } do {
  ^bb0(%d: i32):
    // expected-note @+1 {{region branch point}}
    scf.yield %d, %d : i32, i32
  }
  return %0 : i32
}
