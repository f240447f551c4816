//! Typed views and builders of the MLIR-HLO `deallocation` ops.
//!
//! ```text
//! %o = deallocation.own %m : memref<2xf32>           // OwnOp::build(b, m)
//! %n = deallocation.null                             // NullOp::build(b)
//! %r = deallocation.retain(%m) of(%o, %n)            // RetainOp::build(b, &[m], &[o, n])
//!     : (memref<2xf32>, !deallocation.ownership, !deallocation.ownership)
//!     -> !deallocation.ownership
//! %p = deallocation.get_buffer %r : !deallocation.ownership   // GetBufferOp::build(b, r)
//! deallocation.free %r                               // FreeOp::build(b, r)
//! ```

use crate::Builder;
use crate::context::Context;
use crate::dialects::deallocation::ownership_type;
use crate::dialects::syntax::segment_range;
use crate::dialects::view::OpView;
use crate::entity::Value;
use crate::op_view;

op_view!(
    /// `deallocation.own`: the ownership indicator of a new allocation.
    OwnOp,
    "deallocation.own"
);

impl OwnOp {
    /// The allocation owned.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// Its ownership indicator.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// Builds `deallocation.own memref`.
    pub fn build(b: &mut Builder, memref: Value) -> Self {
        let ownership = ownership_type(b.ctx());
        OwnOp(b.build_static_op(Self::NAME, &[memref], &[ownership], &[], Vec::new()))
    }
}

op_view!(
    /// `deallocation.null`: the indicator that owns nothing.
    NullOp,
    "deallocation.null"
);

impl NullOp {
    /// The null indicator.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// Builds `deallocation.null`.
    pub fn build(b: &mut Builder) -> Self {
        let ownership = ownership_type(b.ctx());
        NullOp(b.build_static_op(Self::NAME, &[], &[ownership], &[], Vec::new()))
    }
}

op_view!(
    /// `deallocation.retain`: frees the owned allocations that none of the retained memrefs
    /// aliases, and gives the ownership of each retained memref.
    RetainOp,
    "deallocation.retain"
);

impl RetainOp {
    fn group(self, ctx: &Context, group: usize) -> impl ExactSizeIterator<Item = Value> + '_ {
        segment_range(ctx, self.0, group).map(move |i| ctx.operand(self.0, i))
    }

    /// The memrefs kept alive.
    pub fn retained(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, 0)
    }

    /// The ownership indicators of the allocations considered.
    pub fn ownerships(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, 1)
    }

    /// The ownership of each retained memref.
    pub fn results(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `deallocation.retain(retained) of(ownerships)`, with one result per retained
    /// memref.
    pub fn build(b: &mut Builder, retained: &[Value], ownerships: &[Value]) -> Self {
        let ownership = ownership_type(b.ctx());
        let sizes = [retained.len() as i32, ownerships.len() as i32];
        let segments = b.ctx().dense_i32_array(&sizes);
        let operands = [retained, ownerships].concat();
        let types = vec![ownership; retained.len()];
        let attrs = [("operandSegmentSizes", segments)];
        RetainOp(b.build_static_op(Self::NAME, &operands, &types, &attrs, Vec::new()))
    }
}

op_view!(
    /// `deallocation.get_buffer`: the address of a memref or of an owned allocation, as an
    /// `index`.
    GetBufferOp,
    "deallocation.get_buffer"
);

impl GetBufferOp {
    /// The memref or ownership indicator.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// Its address.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// Builds `deallocation.get_buffer source`.
    pub fn build(b: &mut Builder, source: Value) -> Self {
        let index = b.ctx().index_type();
        GetBufferOp(b.build_static_op(Self::NAME, &[source], &[index], &[], Vec::new()))
    }
}

op_view!(
    /// `deallocation.free`: frees an owned allocation.
    FreeOp,
    "deallocation.free"
);

impl FreeOp {
    /// The ownership indicator of the allocation freed.
    pub fn ownership(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// Builds `deallocation.free ownership`.
    pub fn build(b: &mut Builder, ownership: Value) -> Self {
        FreeOp(b.build_static_op(Self::NAME, &[ownership], &[], &[], Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialects::view::testing::build_in_func;

    /// The dialect is not in `mlir-opt-22`; the expected text follows `deallocation_ops.td`'s
    /// assembly formats, which the dialect's own round-trip tests check.
    #[test]
    fn ownership_ops_build() {
        let text = build_in_func("%m: memref<2xf32>", |b, args| {
            let own = OwnOp::build(b, args[0]);
            assert_eq!(own.memref(b), args[0]);
            let null = NullOp::build(b).result(b);
            let retain = RetainOp::build(b, &[args[0]], &[own.result(b), null]);
            assert_eq!(retain.retained(b).collect::<Vec<_>>(), vec![args[0]]);
            assert_eq!(
                retain.ownerships(b).collect::<Vec<_>>(),
                vec![own.result(b), null]
            );
            let kept = retain.results(b)[0];
            let address = GetBufferOp::build(b, kept);
            assert_eq!(address.source(b), kept);
            let free = FreeOp::build(b, kept);
            assert_eq!(free.ownership(b), kept);
        });
        let expected = "\
module {
  func.func @f(%arg0: memref<2xf32>) {
    %0 = deallocation.own %arg0 : memref<2xf32>
    %1 = deallocation.null
    %2 = deallocation.retain(%arg0) of(%0, %1) : (memref<2xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership
    %3 = deallocation.get_buffer %2 : !deallocation.ownership
    deallocation.free %2
    return
  }
}
";
        assert_eq!(text, expected);
    }
}
