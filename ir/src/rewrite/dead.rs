//! Trivially dead ops (MLIR's `isOpTriviallyDead`), from traits and memory effects only: the
//! greedy driver erases them as it meets them.

use crate::context::Context;
use crate::entity::Op;
use crate::registry::{EffectKind, EffectOn, Effects, Traits};

/// Whether `op` can be erased: results unused, not a terminator or symbol, and no memory
/// effect other than reads and allocations of its own results (nested ops included for ops
/// with recursive effects).
///
/// Inlined: the greedy driver asks for every op it visits, and most have a used result, which
/// answers without a call.
#[inline]
pub fn is_trivially_dead(ctx: &Context, op: Op) -> bool {
    if ctx.results(op).iter().any(|&r| ctx.has_uses(r)) {
        return false;
    }
    is_unused_op_dead(ctx, op)
}

/// [`is_trivially_dead`] for an op whose results are unused.
fn is_unused_op_dead(ctx: &Context, op: Op) -> bool {
    if ctx.has_trait(op, Traits::TERMINATOR) || ctx.has_trait(op, Traits::SYMBOL) {
        return false;
    }
    would_be_dead(ctx, op)
}

/// Whether only uses of its results keep `op` alive (it could be erased if they went away).
pub fn is_dead_but_for_uses(ctx: &Context, op: Op) -> bool {
    !ctx.has_trait(op, Traits::TERMINATOR)
        && !ctx.has_trait(op, Traits::SYMBOL)
        && would_be_dead(ctx, op)
}

fn would_be_dead(ctx: &Context, op: Op) -> bool {
    match ctx.memory_effects(op) {
        Effects::Unknown => return false,
        Effects::Known(list) => {
            let harmless = list.iter().all(|e| {
                e.kind == EffectKind::Read
                    || e.kind == EffectKind::Allocate && matches!(e.on, EffectOn::Result(_))
            });
            if !harmless {
                return false;
            }
        }
    }
    if ctx.regions(op).is_empty() {
        return true;
    }
    if !ctx.has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS) {
        return false;
    }
    ctx.regions(op).iter().all(|&r| {
        ctx.blocks(r)
            .all(|b| ctx.block_ops(b).all(|nested| would_be_dead(ctx, nested)))
    })
}
