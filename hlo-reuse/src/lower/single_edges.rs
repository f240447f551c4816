//! The allocation a freed memref always is, for the frees the lowering emits: a block whose
//! only predecessor edge is a `cf.br` or `cf.cond_br` receives in each argument the value
//! that edge passes, on every run, and an `arith.select` of two allocations is one of them.
//! `hlo-deallocate` hands buffers into a block this way (the edge blocks it splits branches
//! with end in such a `cf.br`), and `lower/edges.rs` then replaces the arguments by the values
//! passed; a free of such a memref frees it directly, without the
//! `memref.extract_strided_metadata` of its base buffer that canonicalize would not remove.
//!
//! The value freed instead of a block argument dominates the free: it is defined in or above
//! the predecessor, which dominates the block (its only way in), which dominates the free's
//! use of the argument.

use ir::dialects::arith::SelectOp;
use ir::dialects::cf::{BrOp, CondBrOp};
use ir::interfaces::is_allocation;
use ir::{Block, Context, Op, OpView, Region, Value, ValueDef};
use rustc_hash::FxHashMap;

use super::Indicator;

/// How many values one question may look at (through block arguments and both sides of
/// selects) before the answer is "not known to be an allocation", which only keeps the base
/// buffer's extraction.
const BUDGET: usize = 64;

/// The predecessor edge of each block of some regions: `Some((terminator, successor
/// index))` when it is the block's only one, `None` when there are several; and the answers
/// of [`SingleEdges::is_allocation_always`] so far (the sides of selects are asked about
/// again by the selects built on them).
#[derive(Default)]
pub(super) struct SingleEdges {
    edge: FxHashMap<Block, Option<(Op, usize)>>,
    always_allocation: FxHashMap<Value, bool>,
}

impl SingleEdges {
    /// The edges into the blocks of `regions`, counted over every terminator in them.
    pub(super) fn of(ctx: &Context, regions: &[Region]) -> Self {
        let mut edge: FxHashMap<Block, Option<(Op, usize)>> = FxHashMap::default();
        for &region in regions {
            for block in ctx.blocks(region) {
                let Some(term) = ctx.last_op(block) else {
                    continue;
                };
                for (k, &succ) in ctx.successors(term).iter().enumerate() {
                    edge.entry(succ)
                        .and_modify(|only| *only = None)
                        .or_insert(Some((term, k)));
                }
            }
        }
        SingleEdges {
            edge,
            always_allocation: FxHashMap::default(),
        }
    }

    /// The only predecessor edge of `block`, if it has exactly one.
    pub(super) fn only_edge(&self, block: Block) -> Option<(Op, usize)> {
        self.edge.get(&block).copied().flatten()
    }

    /// `known` with, as carrier, the allocation its carrier always is, if that is known: the
    /// memref a free of the indicator deallocates directly.
    pub(super) fn freeing(&mut self, ctx: &Context, known: Indicator) -> Indicator {
        let direct = known.carrier.and_then(|c| self.allocation(ctx, c));
        match direct {
            Some(allocation) => Indicator {
                carrier: Some(allocation),
                carrier_is_allocation: true,
                ..known
            },
            None => known,
        }
    }

    /// A value that is always the same memref as `m` and always an allocation's: `m` past
    /// the block arguments [`Self::passed`] sees through, if it is an allocation or a select
    /// of such values; `None` if that is not known.
    fn allocation(&mut self, ctx: &Context, m: Value) -> Option<Value> {
        let mut budget = BUDGET;
        let v = self.passed(ctx, m, &mut budget)?;
        self.is_allocation_always(ctx, v, &mut budget).then_some(v)
    }

    /// `v` past block arguments reached by one `cf.br` or `cf.cond_br` edge: the value that
    /// edge passes, and so on; `None` when the budget runs out.
    fn passed(&self, ctx: &Context, mut v: Value, budget: &mut usize) -> Option<Value> {
        loop {
            *budget = budget.checked_sub(1)?;
            let ValueDef::BlockArg { block, index } = ctx.value_def(v) else {
                return Some(v);
            };
            let Some((term, k)) = self.only_edge(block) else {
                return Some(v);
            };
            if !BrOp::is(ctx, term) && !CondBrOp::is(ctx, term) {
                return Some(v);
            }
            let Some(range) = ctx.successor_operand_range(term, k) else {
                return Some(v);
            };
            let position = range.start + index as usize;
            if position >= range.end {
                return Some(v);
            }
            v = ctx.operand(term, position);
        }
    }

    /// Whether `v` (already past block arguments) is always an allocation's memref: an
    /// allocation, or a select whose both sides are (a "no" for want of budget is
    /// remembered too: it only keeps a base buffer's extraction).
    fn is_allocation_always(&mut self, ctx: &Context, v: Value, budget: &mut usize) -> bool {
        if let Some(&known) = self.always_allocation.get(&v) {
            return known;
        }
        let answer = is_allocation(ctx, v)
            || ctx
                .defining_op(v)
                .and_then(|op| SelectOp::of(ctx, op))
                .is_some_and(|select| {
                    [select.true_value(ctx), select.false_value(ctx)]
                        .into_iter()
                        .all(|side| {
                            self.passed(ctx, side, budget)
                                .is_some_and(|side| self.is_allocation_always(ctx, side, budget))
                        })
                });
        self.always_allocation.insert(v, answer);
        answer
    }
}
