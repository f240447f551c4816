//! Memory-effect queries through the op registry.
//!
//! [`memory_effects`] answers for one op like `ctx.memory_effects`, but also resolves ops with
//! the `RECURSIVE_MEMORY_EFFECTS` trait by walking the ops nested in their regions (effects of
//! nested ops are reported with [`EffectOn::Nothing`], since they act on values that are not
//! the op's own operands or results; use [`value_effects`] to keep the values). An op whose
//! effects cannot be known (unregistered, or with a nested op of unknown effects) yields
//! [`Effects::Unknown`], which is distinct from "no effects" (`Effects::Known` of nothing).

pub use ir::interfaces::{
    ValueEffect, has_own_effect_on, is_allocation, may_allocate, may_have_effect, value_effects,
};
use ir::{Context, EffectKind, EffectOn, Effects, MemoryEffect, Op, Value};
use smallvec::SmallVec;

/// The memory effects of `op`, including those of nested ops when it has recursive effects.
pub fn memory_effects(ctx: &Context, op: Op) -> Effects {
    match value_effects(ctx, op) {
        None => Effects::Unknown,
        Some(list) => Effects::Known(
            list.into_iter()
                .map(|e| MemoryEffect {
                    kind: e.kind,
                    on: if e.op == op {
                        own_target(ctx, op, e.value)
                    } else {
                        EffectOn::Nothing
                    },
                    resource: e.resource,
                })
                .collect::<SmallVec<_>>(),
        ),
    }
}

/// Maps a value back to an operand or result slot of `op`.
fn own_target(ctx: &Context, op: Op, value: Option<Value>) -> EffectOn {
    let Some(v) = value else {
        return EffectOn::Nothing;
    };
    if let Some(i) = ctx.results(op).iter().position(|&r| r == v) {
        return EffectOn::Result(i);
    }
    match ctx.operands(op).position(|o| o == v) {
        Some(i) => EffectOn::Operand(i),
        None => EffectOn::Nothing,
    }
}

/// Whether `op` is known to have an effect of `kind` (unknown effects answer `false`; see
/// [`may_have_effect`]).
pub fn has_effect(ctx: &Context, op: Op, kind: EffectKind) -> bool {
    value_effects(ctx, op).is_some_and(|list| list.iter().any(|e| e.kind == kind))
}

/// Whether `op` is known to have an effect of `kind` on `value` (MLIR `hasEffect<K>(op, v)`).
pub fn has_effect_on(ctx: &Context, op: Op, kind: EffectKind, value: Value) -> bool {
    value_effects(ctx, op).is_some_and(|list| {
        list.iter()
            .any(|e| e.kind == kind && e.value == Some(value))
    })
}

/// Whether `op`'s effects are unknown.
pub fn has_unknown_effects(ctx: &Context, op: Op) -> bool {
    value_effects(ctx, op).is_none()
}

/// Whether `op` is known to have no memory effects at all.
pub fn is_effect_free(ctx: &Context, op: Op) -> bool {
    value_effects(ctx, op).is_some_and(|list| list.is_empty())
}

/// Short text for an effect kind (`read`, `write`, `allocate`, `free`).
pub fn kind_name(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Read => "read",
        EffectKind::Write => "write",
        EffectKind::Allocate => "allocate",
        EffectKind::Free => "free",
    }
}
