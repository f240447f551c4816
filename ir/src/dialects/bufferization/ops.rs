//! Typed views and builders of the `bufferization` ops that passes create and inspect.
//!
//! ```text
//! %r:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi8>) if (%ca, %cb)
//!            retain (%x, %y : memref<2xf32>, memref<?xf32>)
//! // DeallocOp::memrefs = [%a, %b], conditions = [%ca, %cb], retained = [%x, %y],
//! // and one i1 result per retained value (its updated ownership).
//! ```

use smallvec::{SmallVec, smallvec};
use std::ops::Range;

use crate::Builder;
use crate::context::Context;
use crate::dialects::syntax::{segment_range, segment_sizes};
use crate::dialects::view::OpView;
use crate::entity::{Type, Value};
use crate::op_view;

op_view!(
    /// `bufferization.dealloc`: frees each memref whose condition holds, unless it aliases a
    /// retained value; returns the updated ownership of each retained value.
    DeallocOp,
    "bufferization.dealloc"
);

/// The operand groups of `bufferization.dealloc`, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DeallocGroup {
    Memrefs = 0,
    Conditions = 1,
    Retained = 2,
}

impl DeallocOp {
    fn group(
        self,
        ctx: &Context,
        group: DeallocGroup,
    ) -> impl ExactSizeIterator<Item = Value> + '_ {
        segment_range(ctx, self.0, group as usize).map(move |i| ctx.operand(self.0, i))
    }

    /// The memrefs to free.
    pub fn memrefs(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, DeallocGroup::Memrefs)
    }

    /// One `i1` condition per memref: whether it is owned here.
    pub fn conditions(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, DeallocGroup::Conditions)
    }

    /// The values that must stay alive, whatever they alias.
    pub fn retained(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, DeallocGroup::Retained)
    }

    /// The operand index range of each group: memrefs, conditions, retained (the ranges of
    /// [`segment_range`], from one read of the segment sizes).
    pub fn group_ranges(self, ctx: &Context) -> [Range<usize>; 3] {
        let n = ctx.num_operands(self.0);
        let Some(sizes) = segment_sizes(ctx, self.0) else {
            return [0..n, 0..n, 0..n];
        };
        let mut start = 0;
        let groups = [
            DeallocGroup::Memrefs,
            DeallocGroup::Conditions,
            DeallocGroup::Retained,
        ];
        groups.map(|group| {
            let len = sizes
                .get(group as usize)
                .map_or(0, |&size| size.max(0) as usize);
            let end = (start + len).min(n);
            let range = start.min(end)..end;
            start += len;
            range
        })
    }

    /// The updated ownership of each retained value (one `i1` result each).
    pub fn updated_conditions(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `bufferization.dealloc (memrefs) if (conditions) retain (retained)`.
    pub fn build(
        b: &mut Builder,
        memrefs: &[Value],
        conditions: &[Value],
        retained: &[Value],
    ) -> Self {
        let i1 = b.ctx().i1_type();
        let sizes = [memrefs.len(), conditions.len(), retained.len()].map(|n| n as i32);
        let segments = b.ctx().segment_sizes_attr(&sizes);
        let mut operands: SmallVec<[Value; 16]> =
            SmallVec::with_capacity(memrefs.len() + conditions.len() + retained.len());
        // Pushed one by one: the groups are short, and a push costs less than a `memcpy` call.
        for &value in [memrefs, conditions, retained].into_iter().flatten() {
            operands.push(value);
        }
        let types: SmallVec<[Type; 8]> = smallvec![i1; retained.len()];
        let attrs = [("operandSegmentSizes", segments)];
        DeallocOp(b.build_static_op(Self::NAME, &operands, &types, &attrs, Vec::new()))
    }
}

op_view!(
    /// `bufferization.clone`: a new buffer with the contents of its operand, owned by the
    /// result.
    CloneOp,
    "bufferization.clone"
);

impl CloneOp {
    /// The buffer copied.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The new buffer.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// Builds `bufferization.clone %source`, with the source's type.
    pub fn build(b: &mut Builder, source: Value) -> Self {
        let ty = b.value_type(source);
        let mut state = b.state(Self::NAME);
        state.operands = vec![source];
        state.result_types = vec![ty];
        CloneOp(b.create(state))
    }
}

/// The discardable attribute marking allocations and frees the program manages itself, which
/// the ownership-based deallocation leaves alone.
pub const MANUAL_DEALLOCATION_ATTR: &str = "bufferization.manual_deallocation";

/// One operand group of a `bufferization.dealloc` as a list: inline up to four values, the
/// size of nearly every dealloc the passes build, so reading or editing one allocates nothing.
pub type DeallocList = SmallVec<[Value; 4]>;

/// The operand groups of a `bufferization.dealloc` as lists a rewrite edits before building
/// the new op from them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeallocOperands {
    /// The memrefs to free.
    pub memrefs: DeallocList,
    /// One condition per memref.
    pub conditions: DeallocList,
    /// The retained values.
    pub retained: DeallocList,
}

impl DeallocOp {
    /// The operand groups as lists; `None` unless there is one condition per memref and one
    /// result per retained value.
    pub fn operand_lists(self, ctx: &Context) -> Option<DeallocOperands> {
        let [memrefs, conditions, retained] = self.group_ranges(ctx);
        if memrefs.len() != conditions.len() || retained.len() != ctx.results(self.0).len() {
            return None;
        }
        Some(DeallocOperands {
            memrefs: ctx.operands_in(self.0, memrefs).collect(),
            conditions: ctx.operands_in(self.0, conditions).collect(),
            retained: ctx.operands_in(self.0, retained).collect(),
        })
    }
}

impl DeallocOperands {
    /// Builds `bufferization.dealloc` of these lists.
    pub fn build(&self, b: &mut Builder) -> DeallocOp {
        DeallocOp::build(b, &self.memrefs, &self.conditions, &self.retained)
    }
}

op_view!(
    /// `bufferization.alloc_tensor`: a new tensor that bufferizes to a fresh allocation
    /// (`hlo-split-alloc-tensors` gives each use its own).
    AllocTensorOp,
    "bufferization.alloc_tensor"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialects::view::testing::build_in_func;

    #[test]
    fn dealloc_and_clone_build() {
        let text = build_in_func("%a: memref<2xf32>, %b: memref<4xi8>, %c: i1", |b, args| {
            let clone = CloneOp::build(b, args[0]);
            assert_eq!(clone.source(b), args[0]);
            let copy = clone.result(b);
            let dealloc = DeallocOp::build(b, &[args[0], args[1]], &[args[2], args[2]], &[copy]);
            assert_eq!(
                dealloc.memrefs(b).collect::<Vec<_>>(),
                vec![args[0], args[1]]
            );
            assert_eq!(dealloc.conditions(b).len(), 2);
            assert_eq!(dealloc.retained(b).collect::<Vec<_>>(), vec![copy]);
            assert_eq!(dealloc.group_ranges(b), [0..2, 2..4, 4..5]);
            assert_eq!(dealloc.updated_conditions(b).len(), 1);
        });
        let expected = "\
module {
  func.func @f(%arg0: memref<2xf32>, %arg1: memref<4xi8>, %arg2: i1) {
    %0 = bufferization.clone %arg0 : memref<2xf32> to memref<2xf32>
    %1 = bufferization.dealloc (%arg0, %arg1 : memref<2xf32>, memref<4xi8>) if (%arg2, %arg2) retain (%0 : memref<2xf32>)
    return
  }
}
";
        assert_eq!(text, expected);
    }
}
