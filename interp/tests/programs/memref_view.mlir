// memref.view: one byte arena carved into typed buffers of different element types at byte
// offsets (static and dynamic shapes), writes through one view read back through another of
// the same bytes, and a dynamic byte shift.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %arena = memref.alloc() : memref<256xi8>
  %ints = memref.view %arena[%c0][] : memref<256xi8> to memref<8xi64>
  %floats = memref.view %arena[%c64][%c4] : memref<256xi8> to memref<?x2xf64>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i64
    %big = arith.constant 1000 : i64
    %w = arith.muli %v, %big : i64
    memref.store %w, %ints[%i] : memref<8xi64>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    %h = arith.constant 0.5 : f64
    %g = arith.addf %f, %h : f64
    memref.store %g, %floats[%i, %c0] : memref<?x2xf64>
    memref.store %f, %floats[%i, %c1] : memref<?x2xf64>
  }
  // Bytes 8..15 of the arena, seen as two i32 values (little endian).
  %halves = memref.view %arena[%c8][] : memref<256xi8> to memref<2xi32>
  %lo = memref.load %halves[%c0] : memref<2xi32>
  %hi = memref.load %halves[%c1] : memref<2xi32>
  %loe = arith.extsi %lo : i32 to i64
  %hie = arith.extsi %hi : i32 to i64
  func.call @printI64(%loe) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%hie) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // The float region again, as a flat view.
  %flat = memref.view %arena[%c64][] : memref<256xi8> to memref<8xf64>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %flat[%i] : memref<8xf64>
    func.call @printF64(%v) : (f64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  // A byte of an i64, read through an i8 view.
  %bytes = memref.view %arena[%c0][%c64] : memref<256xi8> to memref<?xi8>
  %k = arith.constant 17 : index
  %byte = memref.load %bytes[%k] : memref<?xi8>
  %be = arith.extui %byte : i8 to i64
  func.call @printI64(%be) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %arena : memref<256xi8>
  return
}
