//! Whether an op may capture a buffer: keep a way to reach it, or observe its identity, beyond
//! what the alias analysis follows.
//!
//! The view-flow analysis follows a buffer through views, branches, region edges and the
//! results of ops that return an alias. It cannot follow a buffer stored into memory as a
//! value, handed to a callee, or turned into an integer address. A pass that makes two
//! dynamic instances of an allocation share one buffer (hoisting out of a loop) must know
//! whether the program could tell: if an instance escapes that way, a later trip can still
//! reach it or compare it with its own.
//!
//! ```text
//! scf.while ... {
//!   %b = memref.alloc() : memref<1xindex>
//!   memref.store %b, %holder[] : memref<memref<1xindex>>            // captured: stored as a value
//!   %p = memref.extract_aligned_pointer_as_index %b : ... -> index  // captured: address observed
//!   func.call @keep(%b) : (memref<1xindex>) -> ()                   // captured: the callee may keep it
//!   memref.store %x, %b[%c0] : memref<1xindex>                      // not captured: an access
//! }
//! ```

use ir::dialects::memref::ExtractAlignedPointerAsIndexOp;
use ir::dialects::view::OpView;
use ir::{Context, EffectKind, Op, Value};

use crate::effects::{ValueEffect, value_effects};

/// Whether `user`, one of `value`'s users, may capture it: a call, an op of unknown effects,
/// an op exposing the buffer's address, or an op that writes memory and takes `value` without
/// acting on it (it may store `value` itself, as `memref.store %value, %holder[]` does).
/// Accesses, frees, views, and ops forwarding it to a region or successor do not capture: the
/// view-flow analysis sees every alias they make.
pub fn may_capture(ctx: &Context, user: Op, value: Value) -> bool {
    if ctx.op_def(user).call.is_some() {
        return true;
    }
    let def = ctx.op_def(user);
    if def.region_branch.is_some() || def.successor_operands.is_some() {
        // It forwards `value` to a region or successor, where the analysis follows it.
        return false;
    }
    value_effects(ctx, user).is_none() || stores_or_exposes(ctx, user, value)
}

/// Whether `user` (an op of known effects, one of `value`'s users) keeps `value` where the
/// program can reach it later: it exposes the buffer's address, or writes memory and takes
/// `value` without acting on it (it may store `value` itself, as `memref.store %value,
/// %holder[]` does). Unlike [`may_capture`], calls and ops of unknown effects answer `false`.
pub fn stores_or_exposes(ctx: &Context, user: Op, value: Value) -> bool {
    if ExtractAlignedPointerAsIndexOp::of(ctx, user).is_some() {
        return true;
    }
    let Some(effects) = value_effects(ctx, user) else {
        return false;
    };
    let acts_on_value = effects.iter().any(|e| e.value == Some(value));
    !acts_on_value && effects.iter().any(|e| writes_elsewhere(e, value))
}

/// Whether an effect writes memory other than `value`'s.
fn writes_elsewhere(effect: &ValueEffect, value: Value) -> bool {
    effect.kind == EffectKind::Write && effect.value != Some(value)
}

/// Whether any of `aliases` has a user that may capture it ([`may_capture`]).
pub fn any_captured<'a>(ctx: &Context, aliases: impl IntoIterator<Item = &'a Value>) -> bool {
    aliases.into_iter().any(|&alias| {
        ctx.uses(alias)
            .any(|(user, _)| may_capture(ctx, user, alias))
    })
}

/// Whether any of `aliases` has a user that stores it or exposes its address
/// ([`stores_or_exposes`]).
pub fn any_stored_or_exposed<'a>(
    ctx: &Context,
    aliases: impl IntoIterator<Item = &'a Value>,
) -> bool {
    aliases.into_iter().any(|&alias| {
        ctx.uses(alias)
            .any(|(user, _)| stores_or_exposes(ctx, user, alias))
    })
}
