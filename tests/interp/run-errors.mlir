// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect --run

// A leak makes the run fail (exit 1) even though the program completes and prints: the report
// names the leaked buffer, where @main returned, and its allocation site.
// EXPECT-EXIT: 1
// EXPECT-STDERR: run of @main completed with 1 error(s)
// EXPECT-STDERR: <stdin>:14:8: error: heap buffer #0 (16 bytes) is never freed
// EXPECT-STDERR: <stdin>:17:3: note: still live when the entry function returned here
// EXPECT-STDERR: leaks                 1
func.func private @printI64(i64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i64
  %m = memref.alloc() : memref<2xi64>
  memref.store %c7, %m[%c0] : memref<2xi64>
  call @printI64(%c7) : (i64) -> ()
  return
}

// -----

// A double free is reported at the second dealloc, with the buffer's allocation site.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:30:3: error: double free of heap buffer #0 (16 bytes)
// EXPECT-STDERR: <stdin>:29:3: note: first freed here
// EXPECT-STDERR: <stdin>:28:8: note: allocated here
func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}

// -----

// Freeing a stack buffer is an invalid free.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:42:3: error: free of stack buffer #0 (16 bytes), which is on the stack
// EXPECT-STDERR: <stdin>:41:8: note: allocated here
func.func @main() {
  %m = memref.alloca() : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}

// -----

// A load through an alias of a freed buffer is a use after free, located at the load.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:60:8: error: access to freed heap buffer #0 (16 bytes)
// EXPECT-STDERR: <stdin>:59:3: note: freed here
// EXPECT-STDERR: <stdin>:56:8: note: allocated here
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %m = memref.alloc() : memref<4xi32>
  memref.store %c1, %m[%c0] : memref<4xi32>
  %alias = memref.cast %m : memref<4xi32> to memref<?xi32>
  memref.dealloc %m : memref<4xi32>
  %v = memref.load %alias[%c0] : memref<?xi32>
  return
}

// -----

// An access past the end of a buffer is out of bounds.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:74:8: error: index 4 out of bounds for dimension 0 of size 4
// EXPECT-STDERR:   %v = memref.load %m[%c4] : memref<4xi32>
// EXPECT-STDERR: <stdin>:73:8: note: allocated here
func.func @main() {
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xi32>
  %v = memref.load %m[%c4] : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  return
}

// -----

// A failed cf.assert stops the run with its message, at the assert.
// EXPECT-EXIT: 1
// EXPECT-STDERR: run of @main stopped: assertion_failed error: <stdin>:86:3: assertion failed: counts must match
func.func @main() {
  %f = arith.constant false
  cf.assert %f, "counts must match"
  return
}

// -----

// An op the interpreter does not implement is a clear error naming it.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:96:3: unsupported op 'foo.mystery'
func.func @main() {
  "foo.mystery"() : () -> ()
  return
}

// -----

// A call to an external function that is not a runner-utils print function.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:107:3: call to unknown external function @launch_missiles
func.func private @launch_missiles()
func.func @main() {
  call @launch_missiles() : () -> ()
  return
}

// -----

// Reaching ub.unreachable is undefined behaviour: the run stops there.
// EXPECT-EXIT: 1
// EXPECT-STDERR: run of @main stopped: undefined_behavior error: <stdin>:122:3: reached ub.unreachable
func.func @main() {
  %c = arith.constant false
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  ub.unreachable
}

// -----

// Layout symbol operands of an allocation are not modelled (upstream's lowering to LLVM rejects
// them too): a located error instead of a silently different layout.
// EXPECT-EXIT: 1
// EXPECT-STDERR: <stdin>:134:8: error: unsupported op 'memref.alloc' with layout symbol operands
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%c2)[%c1, %c2] : memref<?xi64, strided<[?], offset: ?>>
  memref.dealloc %a : memref<?xi64, strided<[?], offset: ?>>
  return
}
