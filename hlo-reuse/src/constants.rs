//! The constants the MLIR-HLO lowering steps use many times (`true`, `false`, index `0`...),
//! one of each per isolated region (a function body), where canonicalize would leave them:
//! an equal `arith.constant` the region's entry block starts with serves as it is, and a
//! missing one is created after those, in the order first asked for. So the steps do not
//! create (and canonicalize erase) one per indicator, and canonicalize, which keeps the
//! first of equal constants in program order and moves it to the start of the entry block,
//! finds them done.

use ir::dialects::arith::ConstantOp;
use ir::{Block, Builder, Context, InsertPoint, Op, OpView, Traits, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

/// A constant the lowering steps use.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Constant {
    Bool(bool),
    Index(i64),
}

impl Constant {
    /// The constant `v` holds when an `arith.constant` with no other attribute than its
    /// value defines it.
    fn of(ctx: &Context, v: Value) -> Option<Constant> {
        let op = ctx.defining_op(v)?;
        if !ConstantOp::is(ctx, op) || ctx.attrs(op).len() != 1 {
            return None;
        }
        ConstantOp::as_bool(ctx, v)
            .map(Constant::Bool)
            .or_else(|| ConstantOp::as_index(ctx, v).map(Constant::Index))
    }

    fn build(self, b: &mut Builder) -> Value {
        match self {
            Constant::Bool(set) => ConstantOp::build_bool(b, set).result(b),
            Constant::Index(i) => ConstantOp::build_index(b, i).result(b),
        }
    }
}

/// The shared constants of each isolated region, by the region's entry block.
#[derive(Default)]
pub(crate) struct SharedConstants {
    made: FxHashMap<(Block, Constant), Value>,
    /// The entry blocks whose leading constants are known (in `made`).
    scanned: FxHashSet<Block>,
    /// The last of each entry block's leading constants, new ones after it.
    last: FxHashMap<Block, Op>,
    /// The block last asked from and the entry block of its isolated region (asked for in
    /// runs from one block: the ops are lowered in program order).
    entry_of_last: Option<(Block, Option<Block>)>,
    /// The constants [`Self::get`] created, in creation order.
    created: Vec<Value>,
}

impl SharedConstants {
    /// The constant visible at `op`, created if its region has none.
    pub(crate) fn get(&mut self, ctx: &mut Context, op: Op, constant: Constant) -> Value {
        let Some(block) = self.isolated_entry(ctx, op) else {
            return constant.build(&mut Builder::before(ctx, op));
        };
        if let Some(v) = self.existing_in(ctx, block, constant) {
            return v;
        }
        let at = self
            .last
            .get(&block)
            .map_or(InsertPoint::Start(block), |&last| InsertPoint::After(last));
        let loc = ctx.op_loc(op);
        let v = constant.build(&mut Builder::new(ctx, at, loc));
        if let ValueDef::Result { op: made, .. } = ctx.value_def(v) {
            self.last.insert(block, made);
        }
        self.made.insert((block, constant), v);
        self.created.push(v);
        v
    }

    /// Erases the constants [`Self::get`] created that nothing uses any more (the folds after
    /// the lowering, such as `c ? false : true` into `!c`, leave some), as canonicalize would.
    pub(crate) fn erase_unused(self, ctx: &mut Context) {
        for v in self.created {
            if !ctx.has_uses(v)
                && let Some(op) = ctx.defining_op(v)
            {
                ctx.erase_op(op);
            }
        }
    }

    /// The constant visible at `op` if its region has it already.
    pub(crate) fn existing(&mut self, ctx: &Context, op: Op, constant: Constant) -> Option<Value> {
        let block = self.isolated_entry(ctx, op)?;
        self.existing_in(ctx, block, constant)
    }

    /// `constant` among those `block` starts with or got from [`Self::get`].
    fn existing_in(&mut self, ctx: &Context, block: Block, constant: Constant) -> Option<Value> {
        if let Some(&v) = self.made.get(&(block, constant)) {
            return Some(v);
        }
        if !self.scanned.insert(block) {
            return None;
        }
        self.scan_leading(ctx, block);
        self.made.get(&(block, constant)).copied()
    }

    /// Notes the constants `block` starts with (the first of equal ones) and the last of them.
    fn scan_leading(&mut self, ctx: &Context, block: Block) {
        let mut cur = ctx.first_op(block);
        while let Some(op) = cur.filter(|&op| ctx.has_trait(op, Traits::CONSTANT_LIKE)) {
            if let Some(&v) = ctx.results(op).first()
                && let Some(constant) = Constant::of(ctx, v)
            {
                self.made.entry((block, constant)).or_insert(v);
            }
            self.last.insert(block, op);
            cur = ctx.next_op(op);
        }
    }

    /// The entry block of the isolated region holding `op` (`Context::isolated_region`),
    /// remembered for the block holding it.
    fn isolated_entry(&mut self, ctx: &Context, op: Op) -> Option<Block> {
        let parent = ctx.op_parent(op)?;
        match self.entry_of_last {
            Some((block, entry)) if block == parent => entry,
            _ => {
                let entry = ctx
                    .op_parent_region(op)
                    .and_then(|r| ctx.isolated_region(r))
                    .and_then(|r| ctx.entry_block(r));
                self.entry_of_last = Some((parent, entry));
                entry
            }
        }
    }
}
