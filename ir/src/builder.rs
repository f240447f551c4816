//! A builder with an insertion point, for creating ops in place.
//!
//! `Builder` wraps `&mut Context` and remembers where new ops go (before an op, or at the end
//! of a block). Passes build IR through it so insertion logic is written once.

use crate::context::{Context, OpState};
use crate::entity::{Attr, Block, Loc, Op, Sym, Type, Value};

/// Where the builder inserts new ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// Right before this op.
    Before(Op),
    /// At the end of this block.
    End(Block),
}

/// Creates ops at an insertion point.
pub struct Builder<'c> {
    /// The context.
    pub ctx: &'c mut Context,
    /// Where new ops go.
    pub ip: InsertPoint,
}

impl<'c> Builder<'c> {
    /// A builder inserting before `op`.
    pub fn before(ctx: &'c mut Context, op: Op) -> Self {
        Builder {
            ctx,
            ip: InsertPoint::Before(op),
        }
    }

    /// A builder inserting at the end of `block`.
    pub fn at_end(ctx: &'c mut Context, block: Block) -> Self {
        Builder {
            ctx,
            ip: InsertPoint::End(block),
        }
    }

    /// Links an unlinked op at the insertion point.
    pub fn insert(&mut self, op: Op) -> Op {
        match self.ip {
            InsertPoint::Before(anchor) => self.ctx.insert_op_before(anchor, op),
            InsertPoint::End(block) => self.ctx.append_op(block, op),
        }
        op
    }

    /// Creates an op by registered name and inserts it.
    pub fn create(
        &mut self,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
        loc: Loc,
    ) -> Op {
        let op_name = self
            .ctx
            .registry
            .lookup(name)
            .unwrap_or_else(|| panic!("op '{name}' is not registered"));
        let mut state = OpState::new(op_name, loc);
        state.operands = operands.to_vec();
        state.result_types = result_types.to_vec();
        state.attrs = attrs
            .iter()
            .map(|(n, a)| (self.ctx.sym(n), *a))
            .collect::<Vec<(Sym, Attr)>>();
        let op = self.ctx.create_op(state);
        self.insert(op)
    }
}
