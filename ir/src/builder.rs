//! The one builder: creates ops at an insertion point with a location.
//!
//! Every crate builds IR through [`Builder`]; typed `build` functions of the dialects
//! (`DeallocOp::build`, ...) take one. A builder wraps `&mut Context`, reads as a `Context`
//! (it derefs to one), and remembers where new ops go (before or after an op, at the start or
//! end of a block) and which location they get. A rewriter hands out builders whose created
//! ops it notes ([`Builder::with_listener`]), so patterns create ops the same way passes do.
//!
//! ```text
//! let mut b = Builder::before(ctx, op);          // new ops go right before `op`, at its loc
//! let c0 = ConstantOp::build_index(&mut b, 0);  // arith.constant 0 : index (a typed build)
//! let new_op = b.create(state);                 // any op, from an OpState
//! ```

use std::ops::Deref;

use crate::context::{Context, OpState};
use crate::entity::{Attr, Block, Loc, Op, OpName, Region, Type, Value};

/// Where the builder inserts new ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// Right before this op.
    Before(Op),
    /// Right after this op (each new op goes after the previous new one).
    After(Op),
    /// At the start of this block (each new op goes after the previous new one).
    Start(Block),
    /// At the end of this block.
    End(Block),
}

/// Creates ops at an insertion point.
pub struct Builder<'c> {
    ctx: &'c mut Context,
    ip: InsertPoint,
    loc: Loc,
    /// Receives every op created or inserted, for rewriters that revisit what changed.
    listener: Option<&'c mut Vec<Op>>,
}

impl Deref for Builder<'_> {
    type Target = Context;

    fn deref(&self) -> &Context {
        self.ctx
    }
}

impl<'c> Builder<'c> {
    /// A builder inserting at `ip`, giving new ops `loc`.
    pub fn new(ctx: &'c mut Context, ip: InsertPoint, loc: Loc) -> Self {
        Builder {
            ctx,
            ip,
            loc,
            listener: None,
        }
    }

    /// A builder inserting right before `op`, at `op`'s location.
    pub fn before(ctx: &'c mut Context, op: Op) -> Self {
        let loc = ctx.op_loc(op);
        Self::new(ctx, InsertPoint::Before(op), loc)
    }

    /// A builder inserting right after `op`, at `op`'s location.
    pub fn after(ctx: &'c mut Context, op: Op) -> Self {
        let loc = ctx.op_loc(op);
        Self::new(ctx, InsertPoint::After(op), loc)
    }

    /// A builder inserting at the start of `block`, at `loc`.
    pub fn at_start(ctx: &'c mut Context, block: Block, loc: Loc) -> Self {
        Self::new(ctx, InsertPoint::Start(block), loc)
    }

    /// A builder inserting at the end of `block`, at `loc`.
    pub fn at_end(ctx: &'c mut Context, block: Block, loc: Loc) -> Self {
        Self::new(ctx, InsertPoint::End(block), loc)
    }

    /// Reports every op this builder creates or inserts to `listener`.
    pub fn with_listener(mut self, listener: &'c mut Vec<Op>) -> Self {
        self.listener = Some(listener);
        self
    }

    /// The context, for interning types, attributes and names, and for changes the builder
    /// does not make itself (those are not reported to the listener).
    pub fn ctx(&mut self) -> &mut Context {
        self.ctx
    }

    /// Where new ops go.
    pub fn insertion_point(&self) -> InsertPoint {
        self.ip
    }

    /// Moves the insertion point.
    pub fn set_insertion_point(&mut self, ip: InsertPoint) {
        self.ip = ip;
    }

    /// The location new ops get.
    pub fn loc(&self) -> Loc {
        self.loc
    }

    /// Changes the location new ops get.
    pub fn set_loc(&mut self, loc: Loc) {
        self.loc = loc;
    }

    /// Runs `f` with the insertion point moved to `ip`, then restores it.
    pub fn with_insertion_point<R>(
        &mut self,
        ip: InsertPoint,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let saved = std::mem::replace(&mut self.ip, ip);
        let result = f(self);
        self.ip = saved;
        result
    }

    /// Links an unlinked op at the insertion point. Insertion after an op or at a block's
    /// start advances, so a sequence of new ops keeps its order.
    pub fn insert(&mut self, op: Op) -> Op {
        match self.ip {
            InsertPoint::Before(anchor) => self.ctx.insert_op_before(anchor, op),
            InsertPoint::After(anchor) => {
                self.ctx.insert_op_after(anchor, op);
                self.ip = InsertPoint::After(op);
            }
            InsertPoint::Start(block) => {
                self.ctx.prepend_op(block, op);
                self.ip = InsertPoint::After(op);
            }
            InsertPoint::End(block) => self.ctx.append_op(block, op),
        }
        if let Some(listener) = self.listener.as_deref_mut() {
            listener.push(op);
        }
        op
    }

    /// Creates an op from `state` and inserts it.
    pub fn create(&mut self, state: OpState) -> Op {
        let op = self.ctx.create_op(state);
        self.insert(op)
    }

    /// The id of op `name`: the registered definition, or an unregistered placeholder (so
    /// building never panics; the verifier reports an op no dialect defines).
    pub fn op_name(&mut self, name: &str) -> OpName {
        self.ctx.registry.get_or_unregistered(name)
    }

    /// An empty state for op `name` at the builder's location.
    pub fn state(&mut self, name: &str) -> OpState {
        let name = self.op_name(name);
        OpState::new(name, self.loc)
    }

    /// Creates and inserts op `name` with the given operands, result types, attributes and
    /// regions (created beforehand with [`Builder::region`]).
    pub fn build_op(
        &mut self,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
        regions: Vec<Region>,
    ) -> Op {
        let name = self.op_name(name);
        let loc = self.loc;
        let op = self
            .ctx
            .create_op_from_parts(name, loc, operands, result_types, attrs, regions);
        self.insert(op)
    }

    /// [`Builder::build_op`] for an op name and attribute names that are static text (a
    /// dialect's literals, as every typed `build` has): each is found by its text's address,
    /// without comparing or hashing the text, on every op built.
    pub fn build_static_op(
        &mut self,
        name: &'static str,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&'static str, Attr)],
        regions: Vec<Region>,
    ) -> Op {
        let name = self.ctx.op_name_static(name);
        let loc = self.loc;
        let op =
            self.ctx
                .create_op_from_static_parts(name, loc, operands, result_types, attrs, regions);
        self.insert(op)
    }

    /// A new empty region, owned by no op until an op is built with it.
    pub fn region(&mut self) -> Region {
        self.ctx.create_region()
    }

    /// A new block with arguments of `arg_types`, appended to `region`.
    pub fn block_in(&mut self, region: Region, arg_types: &[Type]) -> Block {
        let block = self.ctx.create_block();
        for &ty in arg_types {
            self.ctx.add_block_arg(block, ty);
        }
        self.ctx.append_block(region, block);
        block
    }

    /// Result `i` of `op`.
    pub fn result_of(&self, op: Op, i: usize) -> Value {
        self.ctx.result(op, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Loc;

    fn module_block(ctx: &mut Context) -> (Block, Loc) {
        let loc = ctx.unknown_loc();
        let region = ctx.create_region();
        let block = ctx.create_block();
        ctx.append_block(region, block);
        (block, loc)
    }

    #[test]
    fn after_and_start_keep_the_order_of_new_ops() {
        let mut ctx = Context::new();
        let (block, loc) = module_block(&mut ctx);
        let mut created = Vec::new();
        let mut b = Builder::at_start(&mut ctx, block, loc).with_listener(&mut created);
        let i1 = b.ctx().i1_type();
        let first = b.build_op("test.first", &[], &[i1], &[], Vec::new());
        let second = b.build_op("test.second", &[], &[i1], &[], Vec::new());
        let order: Vec<Op> = ctx.block_ops(block).collect();
        assert_eq!(order, vec![first, second]);
        assert_eq!(created, vec![first, second]);
    }

    #[test]
    fn before_inserts_each_op_right_before_the_anchor() {
        let mut ctx = Context::new();
        let (block, loc) = module_block(&mut ctx);
        let mut b = Builder::at_end(&mut ctx, block, loc);
        let anchor = b.build_op("test.anchor", &[], &[], &[], Vec::new());
        b.set_insertion_point(InsertPoint::Before(anchor));
        let a = b.build_op("test.a", &[], &[], &[], Vec::new());
        let c = b.build_op("test.c", &[], &[], &[], Vec::new());
        let order: Vec<Op> = ctx.block_ops(block).collect();
        assert_eq!(order, vec![a, c, anchor]);
    }
}
