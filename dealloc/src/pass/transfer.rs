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
//!
//! The buffer may also be one of several memref results of a region-branch op (the previous
//! loop of a chain) when all of them enter the loop together, each dead after it: such results
//! may be one buffer owned twice (a loop that ran no trip returns its initial values), which
//! the loop's one dealloc frees once, where the block and the loop could each free it if only
//! some were handed over.
//!
//! No transfer into an `scf.while` whose after region only passes back, for that argument,
//! buffers the loop never owns (defined outside it, globals, stack buffers, or what its
//! condition forwarded of those), while everything its condition forwards is a buffer allocated
//! in the loop: the after region then owns only those new buffers, which
//! cannot be what it passes back, so the argument's ownership would be `true` on the first trip
//! only and the loop would free under a runtime guard what the block frees unconditionally
//! right after the loop, as upstream does. An `scf.for` passing back an outside buffer receives
//! it again as the very argument it may own, so the argument's ownership is decided at runtime
//! with or without the transfer, and the transfer frees the first buffer early at no cost.
//! When the trips pass back new buffers (double buffering), the argument is owned on every trip
//! and the transfer costs no guard either.
//!
//! No transfer either when an alias of the buffer made before the loop is on the block's
//! dealloc list: the result of an earlier loop or `scf.if` that received the buffer, owned
//! `false` there. It comes before the new owner (this loop's result) in the block's dealloc, and
//! a dealloc does not free a memref that aliases an earlier one of its list, whatever that one's
//! condition (as MLIR reads and lowers it): the buffer would leak.

use ir::dialects::scf::{ForOp, WhileOp};
use ir::registry::RegionPoint;
use ir::{Block, Context, Op, OpView, Resource, Value, ValueDef};

use super::ownership_map::OwnershipMap;
use super::{DeallocState, is_memref};
use crate::ownership::Ownership;
use analysis::effects::is_allocation;
use analysis::handover::{cast_sources, dead_after_with};
use ir::dialects::memref::{CastOp, GetGlobalOp};
use ir::interfaces::allocation_resource;
use smallvec::SmallVec;

/// The answers of [`HandoverChecks::allowed`] for the operands of one loop, by operand index,
/// operand and buffer: the memref results of one op entering the loop together each ask about
/// the others ([`DeallocState::enters_with`]), so each is checked once. Made per loop (a loop
/// has few memref operands: looked up in order): the answers hold while that loop is handled
/// (its regions are done, and nothing changes the uses of its operands until its block's
/// terminator is).
#[derive(Default)]
pub(super) struct HandoverChecks(SmallVec<[(HandoverQuestion, bool); 4]>);

/// What [`HandoverChecks::allowed`] is asked about: an operand index of the loop, the operand,
/// and the buffer it is or retypes.
type HandoverQuestion = (usize, Value, Value);

impl HandoverChecks {
    /// Whether the loop may take over `buffer` through its operand `(loop_op, value, index)`
    /// (`value` is `buffer` or a cast of it) as far as the IR goes: nothing uses the buffer or
    /// an alias after the loop, no alias of it made before the loop is on the block's
    /// dealloc list (`listed`), and the transfer adds no guard ([`transfer_adds_a_guard`]).
    ///
    /// A listed alias is the result of an op that received the buffer (a loop or `scf.if`
    /// passing it through), owned `false` there since the block owned the buffer. After a
    /// transfer the loop's result, owned `true` when it returns the buffer, is listed after
    /// that alias, and `bufferization.dealloc` does not free a memref that aliases an earlier
    /// one of its list, whatever that one's condition: the buffer would leak.
    fn allowed(
        &mut self,
        ctx: &Context,
        operand: (Op, Value, usize),
        buffer: Value,
        listed: &OwnershipMap,
    ) -> bool {
        let (loop_op, value, index) = operand;
        let key = (index, value, buffer);
        if let Some(&(_, known)) = self.0.iter().find(|(asked, _)| *asked == key) {
            return known;
        }
        let block = ctx.op_parent(loop_op);
        let dead_after = dead_after_with(ctx, operand, buffer, |alias| {
            let unlisted = block.is_none_or(|block| !listed.is_listed(alias, block));
            if !unlisted {
                tracing::debug!(
                    at = %ir::diag::loc_text(ctx, ctx.op_loc(loop_op)),
                    "no transfer into the loop: an alias of the initial buffer made before it \
                     is on the block's dealloc list, and would come first there"
                );
            }
            unlisted
        });
        let allowed = dead_after && !transfer_adds_a_guard(ctx, loop_op, index);
        self.0.push((key, allowed));
        allowed
    }
}

impl DeallocState<'_> {
    /// The ownership indicator `loop_op` may take over for its memref operand `value` (forwarded
    /// into its entry region at `operand_index`), if the block owns it and it is dead after the
    /// loop. The block's own ownership of `value` becomes `false`. `checks` holds what was
    /// found for the other operands of `loop_op`.
    pub(super) fn transfer_into_loop(
        &mut self,
        loop_op: Op,
        block: Block,
        value: Value,
        operand_index: usize,
        checks: &mut HandoverChecks,
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
        if self.constant_bool(indicator) == Some(false)
            || !self.owned.is_listed(buffer, block)
            || !self.is_fresh_buffer(buffer, block, loop_op, checks)
            || !checks.allowed(self.ctx, operand, buffer, &self.owned)
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
    /// while owned: an allocation, the only memref result of a call or region-branch op
    /// (which owns it only if it allocated it, or received it by a transfer), or a memref
    /// result of a region-branch op whose other memref results all enter `loop_op` with it
    /// ([`Self::enters_with`]). Such results may be one buffer (a loop that ran no trip
    /// returns its initial values), each with its own indicator: handed over together, they
    /// are freed by the one dealloc of the loop, which frees a buffer listed twice once,
    /// never by the block and the loop both.
    fn is_fresh_buffer(
        &self,
        value: Value,
        block: Block,
        loop_op: Op,
        checks: &mut HandoverChecks,
    ) -> bool {
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
        let mut memref_results = ctx
            .results(def)
            .iter()
            .copied()
            .filter(|&r| is_memref(ctx, r));
        if op_def.call.is_some() {
            return memref_results.count() == 1;
        }
        op_def.region_branch.is_some()
            && memref_results.all(|r| r == value || self.enters_with(r, block, loop_op, checks))
    }

    /// Whether `sibling`, a memref result of the op defining a buffer handed over to
    /// `loop_op`, is handed over too: the block owns it under a unique indicator (or no longer,
    /// handed over already), it enters `loop_op` directly as an initial value, nothing uses it
    /// after, and handing it over adds no guard.
    fn enters_with(
        &self,
        sibling: Value,
        block: Block,
        loop_op: Op,
        checks: &mut HandoverChecks,
    ) -> bool {
        let ctx = &*self.ctx;
        if !matches!(self.get(sibling, block), Ownership::Unique(_)) {
            return false;
        }
        let Some(forwarded) = ctx
            .op_def(loop_op)
            .region_branch
            .and_then(|rb| (rb.entry)(ctx, loop_op).first().map(|e| e.operands.clone()))
        else {
            return false;
        };
        let Some(index) = forwarded
            .filter(|&i| i < ctx.num_operands(loop_op))
            .find(|&i| ctx.operand(loop_op, i) == sibling)
        else {
            return false;
        };
        checks.allowed(ctx, (loop_op, sibling, index), sibling, &self.owned)
    }
}

/// Whether handing its operand `operand_index` over to `loop_op` would make the receiving
/// argument owned on the first trip only (see the module doc): `loop_op` is an `scf.while`
/// whose trips pass back to that argument only buffers it never owns, and whose condition
/// forwards only buffers allocated in the loop. The condition, one look at a terminator, is
/// checked first: the edges passing back are walked only where it holds.
fn transfer_adds_a_guard(ctx: &Context, loop_op: Op, operand_index: usize) -> bool {
    if !WhileOp::is(ctx, loop_op) || !condition_forwards_only_new_buffers(ctx, loop_op) {
        return false;
    }
    let passed_back = values_passed_back(ctx, loop_op, operand_index);
    !passed_back.is_empty()
        && passed_back
            .into_iter()
            .all(|v| never_owned_in(ctx, loop_op, v))
}

/// Whether every memref the `scf.condition` of the `scf.while` `loop_op` forwards is, through
/// `memref.cast`s, a buffer allocated in the loop.
fn condition_forwards_only_new_buffers(ctx: &Context, loop_op: Op) -> bool {
    let Some(condition) = WhileOp::of(ctx, loop_op)
        .and_then(|w| w.before_block(ctx))
        .and_then(|block| ctx.last_op(block))
    else {
        return false;
    };
    ctx.operands(condition)
        .filter(|&v| is_memref(ctx, v))
        .all(|v| {
            let source = through_casts(ctx, v);
            is_allocation(ctx, source)
                && ctx
                    .defining_op(source)
                    .is_some_and(|def| ctx.is_ancestor(loop_op, def))
        })
}

/// The terminator operands of `loop_op`'s regions that flow into the entry-region argument
/// receiving operand `operand_index`.
fn values_passed_back(ctx: &Context, loop_op: Op, operand_index: usize) -> Vec<Value> {
    let Some(rb) = ctx.op_def(loop_op).region_branch else {
        return Vec::new();
    };
    let Some((entry_region, input)) = (rb.entry)(ctx, loop_op).into_iter().find_map(|edge| {
        let RegionPoint::Region(region) = edge.to else {
            return None;
        };
        edge.operands.contains(&operand_index).then(|| {
            (
                region,
                edge.inputs.start + (operand_index - edge.operands.start),
            )
        })
    }) else {
        return Vec::new();
    };
    let mut passed_back = Vec::new();
    for (index, &region) in ctx.regions(loop_op).iter().enumerate() {
        for block in ctx.blocks(region) {
            let Some(term) = ctx.last_op(block) else {
                continue;
            };
            for edge in (rb.from_region)(ctx, loop_op, index, term) {
                if edge.to == RegionPoint::Region(entry_region) && edge.inputs.contains(&input) {
                    let at = edge.operands.start + (input - edge.inputs.start);
                    if at < ctx.num_operands(term) {
                        passed_back.push(ctx.operand(term, at));
                    }
                }
            }
        }
    }
    passed_back
}

/// Whether the regions of the `scf.while` `loop_op` never own `value`: after looking through
/// `memref.cast`s, it is defined outside `loop_op`, is a global or a stack allocation, or is an
/// argument of the after region receiving such a value from the condition.
fn never_owned_in(ctx: &Context, loop_op: Op, value: Value) -> bool {
    let current = through_casts(ctx, value);
    let defining_scope = match ctx.value_def(current) {
        ValueDef::Result { op, .. } if GetGlobalOp::is(ctx, op) => return true,
        ValueDef::Result { .. }
            if allocation_resource(ctx, current) == Some(Resource::AutomaticAllocationScope) =>
        {
            return true;
        }
        ValueDef::Result { op, .. } => ctx.parent_op(op),
        ValueDef::BlockArg { block, index } => {
            if let Some(forwarded) = forwarded_by_condition(ctx, loop_op, block, index as usize) {
                return forwarded != value && never_owned_in(ctx, loop_op, forwarded);
            }
            ctx.block_parent_op(block)
        }
        ValueDef::Placeholder => return false,
    };
    defining_scope.is_none_or(|scope| !ctx.is_ancestor(loop_op, scope))
}

/// The value the `scf.condition` of the `scf.while` `loop_op` forwards to argument `index` of
/// `block`, when `block` is the entry block of its after region.
fn forwarded_by_condition(ctx: &Context, loop_op: Op, block: Block, index: usize) -> Option<Value> {
    let while_op = WhileOp::of(ctx, loop_op)?;
    if while_op.after_block(ctx) != Some(block) {
        return None;
    }
    let condition = ctx.last_op(while_op.before_block(ctx)?)?;
    (index + 1 < ctx.num_operands(condition)).then(|| ctx.operand(condition, index + 1))
}

/// The buffer `value` retypes through a chain of `memref.cast`s (`value` itself if none).
fn through_casts(ctx: &Context, value: Value) -> Value {
    let mut current = value;
    while let Some(cast) = ctx.defining_op(current).and_then(|d| CastOp::of(ctx, d)) {
        current = cast.source(ctx);
    }
    current
}
