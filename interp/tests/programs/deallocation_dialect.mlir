// NO-DIFFERENTIAL
// The MLIR-HLO deallocation dialect: ownership indicators from deallocation.own and
// deallocation.null, deallocation.retain returning the owner of each retained alias and
// freeing the other owned buffers, deallocation.get_buffer and deallocation.free.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<4xf32>
  %oa = deallocation.own %a : memref<2xf32>
  %ob = deallocation.own %b : memref<4xf32>
  %null = deallocation.null
  %view = memref.subview %a[1] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: 1>>
  // %b is freed; the result owns %a.
  %r = deallocation.retain(%view) of (%ob, %oa, %null) : (memref<1xf32, strided<[1], offset: 1>>, !deallocation.ownership, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership)
  %p = deallocation.get_buffer %r : !deallocation.ownership
  %q = deallocation.get_buffer %a : memref<2xf32>
  %z = deallocation.get_buffer %null : !deallocation.ownership
  %same = arith.cmpi eq, %p, %q : index
  %s = arith.extui %same : i1 to i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %zi = arith.index_cast %z : index to i64
  func.call @printI64(%zi) : (i64) -> ()
  func.call @printNewline() : () -> ()
  deallocation.free %r
  return
}
