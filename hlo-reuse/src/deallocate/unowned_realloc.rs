//! `hlo-deallocate` on a `memref.realloc` of a buffer that has no ownership indicator: a
//! function argument, a view of one, or what an external callee returned. MLIR-HLO refuses it
//! ("unable to find ownership indicator for operand"; kept with the `refuse-unowned-realloc`
//! option): the buffer is not ours to free, and a realloc frees it. Here the realloc becomes a
//! new allocation that copies the elements both sizes hold, and the old buffer is left alone,
//! as `expand-realloc{emit-deallocs=false}` does before the ownership-based pass:
//!
//! ```mlir
//! %r = memref.realloc %arg(%n) : memref<?xf32> to memref<?xf32>
//! // becomes
//! %r = memref.alloc(%n) : memref<?xf32>            // keeps `alignment`
//! %c0 = arith.constant 0 : index
//! %old = memref.dim %arg, %c0 : memref<?xf32>
//! %less = arith.cmpi ult, %old, %n : index
//! %kept = arith.select %less, %old, %n : index     // min(old, new), static when both are
//! %from = memref.subview %arg[0] [%kept] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
//! %to = memref.subview %r[0] [%kept] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
//! memref.copy %from, %to : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
//! ```
//!
//! Unlike `expand-realloc`, a shrinking realloc allocates too (never a view of the old
//! buffer), so the result is always a buffer the function owns.

use ir::dialects::arith::{CmpIOp, CmpIPredicate, ConstantOp, SelectOp};
use ir::dialects::memref::{AllocOp, CopyOp, DimOp, Mixed, Rank1MemRef, ReallocOp, SubViewOp};
use ir::{AttrData, Builder, DYNAMIC, Op, OpView, TypeData, Value};

use super::{Deallocator, R};

impl Deallocator<'_> {
    /// Whether `op` is a realloc this pass expands instead of refusing (see the module doc).
    pub(super) fn is_unowned_realloc(&self, op: Op) -> Option<ReallocOp> {
        let realloc = ReallocOp::of(self.ctx, op)?;
        let unowned = self.find_indicator(realloc.source(self.ctx)).is_none();
        (unowned && !self.refuse_unowned_realloc).then_some(realloc)
    }

    /// Replaces `realloc` by an allocation and a copy; the allocation, or why the realloc has
    /// no expansion (a memref that is not rank 1 with the identity layout, which the verifier
    /// rejects anyway).
    pub(super) fn expand_unowned_realloc(&mut self, realloc: ReallocOp) -> R<Op> {
        let op = realloc.op();
        let source = realloc.source(self.ctx);
        let result = realloc.result(self.ctx);
        let result_type = self.ctx.value_type(result);
        let (Some(old_shape), Some(new_shape)) = (
            Rank1MemRef::of(self.ctx, self.ctx.value_type(source)),
            Rank1MemRef::of(self.ctx, result_type),
        ) else {
            return Err(self.error(op, "expects rank-1 memrefs with the identity layout"));
        };
        let dynamic_size = realloc.dynamic_result_size(self.ctx);
        let alignment = realloc.alignment(self.ctx);
        let mut b = Builder::before(self.ctx, op);
        let sizes: Vec<Value> = dynamic_size.into_iter().collect();
        let alloc = AllocOp::build_aligned(&mut b, result_type, &sizes, alignment);
        let new_buffer = alloc.result(&b);
        let old = match old_shape.size {
            DYNAMIC => {
                let c0 = ConstantOp::build_index(&mut b, 0).result(&b);
                Mixed::Dynamic(DimOp::build(&mut b, source, c0).result(&b))
            }
            n => Mixed::Static(n),
        };
        let new = match (new_shape.size, dynamic_size) {
            (DYNAMIC, Some(v)) => Mixed::Dynamic(v),
            (n, _) => Mixed::Static(n),
        };
        let kept = smaller(&mut b, old, new);
        let strided = b.ctx().attr(AttrData::Strided {
            strides: vec![1],
            offset: 0,
        });
        let view_size = match kept {
            Mixed::Static(n) => n,
            Mixed::Dynamic(_) => DYNAMIC,
        };
        let view_type = b.ctx().ty(TypeData::MemRef {
            shape: vec![view_size],
            elem: old_shape.elem,
            layout: Some(strided),
            memory_space: old_shape.memory_space,
        });
        let window = (
            &[Mixed::Static(0)][..],
            &[kept][..],
            &[Mixed::Static(1)][..],
        );
        let from = SubViewOp::build(&mut b, source, view_type, window).result(&b);
        let to = SubViewOp::build(&mut b, new_buffer, view_type, window).result(&b);
        CopyOp::build(&mut b, from, to);
        self.ctx.replace_all_uses_with(result, new_buffer);
        // The realloc's result was numbered with its uses; the new buffer takes its place.
        self.aliases.union(new_buffer, result);
        self.ctx.erase_op(op);
        Ok(alloc.op())
    }
}

/// The smaller of two sizes: a constant when both are, else an `arith.select`.
fn smaller(b: &mut Builder, x: Mixed, y: Mixed) -> Mixed {
    let value = |b: &mut Builder, m: Mixed| match m {
        Mixed::Static(n) => ConstantOp::build_index(b, n).result(b),
        Mixed::Dynamic(v) => v,
    };
    match (x, y) {
        (Mixed::Static(x), Mixed::Static(y)) => Mixed::Static(x.min(y)),
        (x, y) => {
            let (x, y) = (value(b, x), value(b, y));
            let less = CmpIOp::build(b, CmpIPredicate::Ult, x, y).result(b);
            Mixed::Dynamic(SelectOp::build(b, less, x, y).result(b))
        }
    }
}
