//! The allocation a block argument always holds, for the frees the lowering emits: a block
//! whose only predecessor edge is a `cf.br` or `cf.cond_br` receives in each argument the value
//! that edge passes, on every run. `hlo-deallocate` hands buffers into a block this way (the
//! edge blocks it splits branches with end in such a `cf.br`), and `lower/edges.rs` then
//! replaces the arguments by the values passed; a free of such an argument frees the
//! allocation itself, without the `memref.extract_strided_metadata` of its base buffer that
//! canonicalize would not remove.
//!
//! The value passed dominates the free: it is defined in or above the predecessor, which
//! dominates the block (its only way in), which dominates the free's use of the argument.

use ir::dialects::cf::{BrOp, CondBrOp};
use ir::interfaces::is_allocation;
use ir::{Block, Context, Op, OpView, Region, Value, ValueDef};
use rustc_hash::FxHashMap;

use super::Indicator;

/// The predecessor edge of each block of some regions: `Some((terminator, successor
/// index))` when it is the block's only one, `None` when there are several.
#[derive(Default)]
pub(super) struct SingleEdges {
    edge: FxHashMap<Block, Option<(Op, usize)>>,
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
        SingleEdges { edge }
    }

    /// `known` with the allocation its carrier always holds as carrier, if there is one: the
    /// buffer a free of the indicator frees.
    pub(super) fn freeing(&self, ctx: &Context, known: Indicator) -> Indicator {
        let held = known.carrier.and_then(|c| self.allocation_held(ctx, c));
        Indicator {
            carrier: held.or(known.carrier),
            ..known
        }
    }

    /// The allocation `m` always holds: `m` itself if an allocation defines it, else, for a
    /// block argument reached by one `cf.br` or `cf.cond_br` edge, the allocation the value
    /// passed for it holds; `None` if there is none to be found this way.
    fn allocation_held(&self, ctx: &Context, m: Value) -> Option<Value> {
        let mut v = m;
        // Each step enters a block through its only edge, so a chain longer than the number
        // of blocks goes round a cycle no entry reaches.
        for _ in 0..=self.edge.len() {
            if is_allocation(ctx, v) {
                return Some(v);
            }
            let ValueDef::BlockArg { block, index } = ctx.value_def(v) else {
                return None;
            };
            let &Some((term, k)) = self.edge.get(&block)? else {
                return None;
            };
            if !BrOp::is(ctx, term) && !CondBrOp::is(ctx, term) {
                return None;
            }
            let range = ctx.successor_operand_range(term, k)?;
            let position = range.start + usize::try_from(index).ok()?;
            if position >= range.end {
                return None;
            }
            v = ctx.operand(term, position);
        }
        None
    }
}
