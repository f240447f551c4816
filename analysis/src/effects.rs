//! Memory-effect queries through the op registry.
//!
//! [`memory_effects`] answers for one op like `ctx.memory_effects`, but also resolves ops with
//! the `RECURSIVE_MEMORY_EFFECTS` trait by walking the ops nested in their regions (effects of
//! nested ops are reported with [`EffectOn::Nothing`], since they act on values that are not
//! the op's own operands or results; use [`value_effects`] to keep the values). An op whose
//! effects cannot be known (unregistered, or with a nested op of unknown effects) yields
//! [`Effects::Unknown`], which is distinct from "no effects" (`Effects::Known` of nothing).

use ir::{Context, EffectKind, EffectOn, Effects, MemoryEffect, Op, Resource, Traits, Value};
use smallvec::SmallVec;

/// One memory effect with the value it acts on resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueEffect {
    /// The op that has the effect (the op itself or an op nested in it).
    pub op: Op,
    /// What happens.
    pub kind: EffectKind,
    /// The value acted on, if any.
    pub value: Option<Value>,
    /// The resource.
    pub resource: Resource,
}

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

/// The effects of `op` (and, for recursive ops, of every nested op) with values resolved;
/// `None` if any of them is unknown.
pub fn value_effects(ctx: &Context, op: Op) -> Option<Vec<ValueEffect>> {
    let mut out = Vec::new();
    let mut stack = vec![op];
    while let Some(cur) = stack.pop() {
        match ctx.memory_effects(cur) {
            Effects::Unknown => return None,
            Effects::Known(list) => {
                for e in list {
                    out.push(ValueEffect {
                        op: cur,
                        kind: e.kind,
                        value: resolve_target(ctx, cur, e.on),
                        resource: e.resource,
                    });
                }
            }
        }
        if ctx.has_trait(cur, Traits::RECURSIVE_MEMORY_EFFECTS) {
            for &region in ctx.regions(cur) {
                for block in ctx.blocks(region) {
                    stack.extend(ctx.block_ops(block));
                }
            }
        }
    }
    Some(out)
}

/// The value an effect slot refers to (`None` for `Nothing` or an out-of-range slot).
fn resolve_target(ctx: &Context, op: Op, on: EffectOn) -> Option<Value> {
    match on {
        EffectOn::Operand(i) if i < ctx.num_operands(op) => Some(ctx.operand(op, i)),
        EffectOn::Result(i) => ctx.results(op).get(i).copied(),
        _ => None,
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

/// Whether `op` may have an effect of `kind`: it is known to, or its effects are unknown.
pub fn may_have_effect(ctx: &Context, op: Op, kind: EffectKind) -> bool {
    value_effects(ctx, op).is_none_or(|list| list.iter().any(|e| e.kind == kind))
}

/// Whether `op`'s effects are unknown.
pub fn has_unknown_effects(ctx: &Context, op: Op) -> bool {
    value_effects(ctx, op).is_none()
}

/// Whether `op` is known to have no memory effects at all.
pub fn is_effect_free(ctx: &Context, op: Op) -> bool {
    value_effects(ctx, op).is_some_and(|list| list.is_empty())
}

/// Whether `value` is the result of an op with an `Allocate` effect on it (a fresh buffer).
pub fn is_allocation(ctx: &Context, value: Value) -> bool {
    ctx.defining_op(value)
        .is_some_and(|op| has_own_effect_on(ctx, op, EffectKind::Allocate, value))
}

/// Whether `op` itself (not a nested op) is known to have an effect of `kind` on `value`.
pub fn has_own_effect_on(ctx: &Context, op: Op, kind: EffectKind, value: Value) -> bool {
    match ctx.memory_effects(op) {
        Effects::Unknown => false,
        Effects::Known(list) => list
            .iter()
            .any(|e| e.kind == kind && resolve_target(ctx, op, e.on) == Some(value)),
    }
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
