//! The last use of a freed buffer found by scanning the free's block from the free up (for
//! `last_use.rs`), instead of going through every use of every alias.
//!
//! A free's placement needs the last op of its block before the guard that uses (itself or
//! by an op nested in it) an alias that may be the held buffer, and whether an op after the
//! guard uses one. Found alias by alias, that costs every use of every alias, wherever it is
//! (most are in other blocks: the aliases of a loop's buffer span the whole nest). Where the
//! guard is near the end of its block and the buffer was last used a few ops before it (a
//! loop body freeing its argument), looking at those few ops answers at once, whatever the
//! number of aliases: the first op met going up from the guard that uses one is the last use.
//!
//! The scan is tried only in a short block (a long one, such as a function body ending in a
//! run of frees, is where the last uses are far), and gives up past a budget of ops looked at
//! (nested ones included): the search by alias answers then. Both give the same answer, so
//! which one runs only changes the cost.

use ir::{Block, Context, Op, Value};

/// The most ops (not counting nested ones) of a block in which a scan is tried.
const SHORT_BLOCK: usize = 48;

/// How many ops (nested ones included) a scan looks at before giving up.
const BUDGET: usize = 64;

/// What a scan of the guard's block found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scanned {
    /// The last op before the guard using a value that counts (`None`: no op does).
    LastBefore(Option<Op>),
    /// The guard or an op after it uses a value that counts.
    UsedAfter,
    /// The scan gave up: too many ops follow the guard, or the budget ran out.
    GaveUp,
}

/// The scan of a free's block, keeping its stack of nested ops from one scan to the next.
#[derive(Default)]
pub(crate) struct BlockScan {
    stack: Vec<Op>,
    /// How many more ops the scan running may look at.
    left: usize,
    /// The block asked about last, and whether it is short: consecutive frees are mostly in
    /// one block.
    last_block: Option<(Block, bool)>,
}

impl BlockScan {
    /// Scans the block of `guard` for the ops using a value for which `counts` holds, leaving
    /// out the uses by `skip` (the pure definer of the freed value, which moves with it) and by
    /// the ops directly in the guard's regions (the free itself).
    pub(crate) fn scan(
        &mut self,
        ctx: &Context,
        guard: Op,
        skip: Option<Op>,
        mut counts: impl FnMut(Value) -> bool,
    ) -> Scanned {
        if !self.is_short(ctx, guard) {
            return Scanned::GaveUp;
        }
        self.left = BUDGET;
        match self.used_from_guard_on(ctx, guard, &mut counts) {
            None => return Scanned::GaveUp,
            Some(true) => return Scanned::UsedAfter,
            Some(false) => {}
        }
        let mut op = ctx.prev_op(guard);
        while let Some(current) = op {
            if Some(current) != skip {
                match self.uses(ctx, current, &mut counts) {
                    None => return Scanned::GaveUp,
                    Some(true) => return Scanned::LastBefore(Some(current)),
                    Some(false) => {}
                }
            }
            op = ctx.prev_op(current);
        }
        Scanned::LastBefore(None)
    }

    /// Whether the block of `guard` holds at most [`SHORT_BLOCK`] ops.
    fn is_short(&mut self, ctx: &Context, guard: Op) -> bool {
        let Some(block) = ctx.op_parent(guard) else {
            return false;
        };
        match self.last_block {
            Some((last, short)) if last == block => short,
            _ => {
                let short = ctx.block_ops(block).nth(SHORT_BLOCK).is_none();
                self.last_block = Some((block, short));
                short
            }
        }
    }

    /// Whether the guard (but for the ops directly in its regions) or an op after it uses a
    /// value that counts; `None` past the budget.
    fn used_from_guard_on(
        &mut self,
        ctx: &Context,
        guard: Op,
        counts: &mut impl FnMut(Value) -> bool,
    ) -> Option<bool> {
        if ctx.operands(guard).any(&mut *counts) {
            return Some(true);
        }
        for &region in ctx.regions(guard) {
            for block in ctx.blocks(region) {
                for child in ctx.block_ops(block) {
                    if self.nested_uses(ctx, child, counts)? {
                        return Some(true);
                    }
                }
            }
        }
        let mut op = ctx.next_op(guard);
        while let Some(current) = op {
            if self.uses(ctx, current, counts)? {
                return Some(true);
            }
            op = ctx.next_op(current);
        }
        Some(false)
    }

    /// Whether `op` or an op nested in it uses a value that counts; `None` past the budget.
    fn uses(
        &mut self,
        ctx: &Context,
        op: Op,
        counts: &mut impl FnMut(Value) -> bool,
    ) -> Option<bool> {
        self.left = self.left.checked_sub(1)?;
        if ctx.operands(op).any(&mut *counts) {
            return Some(true);
        }
        self.nested_uses(ctx, op, counts)
    }

    /// Whether an op nested in `op` uses a value that counts; `None` past the budget.
    fn nested_uses(
        &mut self,
        ctx: &Context,
        op: Op,
        counts: &mut impl FnMut(Value) -> bool,
    ) -> Option<bool> {
        if ctx.regions(op).is_empty() {
            return Some(false);
        }
        self.stack.clear();
        self.stack.push(op);
        while let Some(current) = self.stack.pop() {
            for &region in ctx.regions(current) {
                for block in ctx.blocks(region) {
                    for child in ctx.block_ops(block) {
                        self.left = self.left.checked_sub(1)?;
                        if ctx.operands(child).any(&mut *counts) {
                            return Some(true);
                        }
                        if !ctx.regions(child).is_empty() {
                            self.stack.push(child);
                        }
                    }
                }
            }
        }
        Some(false)
    }
}
