//! Ownership handed into a loop (MLIR-HLO's transfer): when a buffer the block owns enters an
//! `scf.for` or `scf.while` as an initial value and nothing uses it (or an alias of it) after
//! the loop, the loop receives the block's ownership indicator instead of `false`, and the block
//! stops owning it. The loop then frees it on its first trip, where it frees every buffer it
//! receives from the previous trip, so a double-buffered loop holds two buffers, not three.
//!
//! ```text
//! %init = memref.alloc() : memref<4xf32>
//! %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %init) -> (memref<4xf32>) { ... }
//! // the loop's ownership operand for %init is `true` (was `false`), and the block no longer
//! // frees %init after the loop
//! ```
//!
//! The initial value may be a `memref.cast` (or a chain of them) of the fresh buffer: a cast
//! only retypes the buffer, so the loop takes over the buffer it retypes, as canonicalize's
//! static allocation folding (`memref.alloc(%c4)` into `memref.alloc()` plus a cast) produces:
//!
//! ```text
//! %alloc = memref.alloc() : memref<4xf32>
//! %init = memref.cast %alloc : memref<4xf32> to memref<?xf32>
//! %r = scf.for ... iter_args(%b = %init) -> (memref<?xf32>) { ... }
//! // the loop's ownership operand for %init is `true`; the block no longer frees %alloc
//! ```

use ir::dialects::scf::{ForOp, WhileOp};
use ir::{Block, Op, OpView, Value};

use super::{DeallocState, is_memref};
use crate::ownership::Ownership;
use analysis::effects::is_allocation;
use analysis::handover::{cast_sources, dead_after};
use ir::dialects::arith::ConstantOp;

impl DeallocState<'_> {
    /// The ownership indicator `loop_op` may take over for its memref operand `value` (forwarded
    /// into its entry region at `operand_index`), if the block owns it and it is dead after the
    /// loop. The block's own ownership of `value` becomes `false`.
    pub(super) fn transfer_into_loop(
        &mut self,
        loop_op: Op,
        block: Block,
        value: Value,
        operand_index: usize,
    ) -> Option<Value> {
        if !ForOp::is(self.ctx, loop_op) && !WhileOp::is(self.ctx, loop_op) {
            return None;
        }
        let retyped = cast_sources(self.ctx, value, block);
        let buffer = retyped.last().copied().unwrap_or(value);
        let Ownership::Unique(indicator) = self.get(buffer, block) else {
            return None;
        };
        let operand = (loop_op, value, operand_index);
        if ConstantOp::as_bool(self.ctx, indicator) == Some(false)
            || !self.in_list.contains(&(block, buffer))
            || !self.is_fresh_buffer(buffer, block)
            || !dead_after(self.ctx, operand, buffer)
        {
            return None;
        }
        tracing::debug!(
            at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(loop_op)),
            "ownership of an initial value moves into the loop: nothing uses it afterwards"
        );
        let f = self.bool_const(block, false);
        for v in std::iter::once(value).chain(retyped) {
            self.set(v, Ownership::Unique(f), block);
        }
        Some(indicator)
    }

    /// Whether `value`, defined in `block`, is a buffer nothing defined before it may alias
    /// while owned: an allocation, or the only memref result of a call or region-branch op
    /// (which owns it only if it allocated it, or received it by a transfer).
    fn is_fresh_buffer(&self, value: Value, block: Block) -> bool {
        let ctx = &*self.ctx;
        let Some(def) = ctx.defining_op(value) else {
            return false;
        };
        if ctx.op_parent(def) != Some(block) {
            return false;
        }
        if is_allocation(ctx, value) {
            return true;
        }
        let op_def = ctx.op_def(def);
        let hands_over = op_def.call.is_some() || op_def.region_branch.is_some();
        let memref_results = ctx.results(def).iter().filter(|&&r| is_memref(ctx, r));
        hands_over && memref_results.count() == 1
    }
}
