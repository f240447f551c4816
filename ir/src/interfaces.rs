//! Queries over the registry's interfaces that passes and rewrite patterns share: memory
//! effects with the values they act on resolved, allocations, view bases, block predecessors.
//!
//! They live in `ir` (rather than `analysis`) so that canonicalization patterns, which are
//! registered with their ops here, can ask them; `analysis` re-exports them for its users.
//! Each is a plain function of the IR, answered through the registry only.

use crate::context::{Context, ValueDef};
use crate::entity::{Block, Op, Value};
use crate::registry::{EffectKind, EffectOn, Effects, Resource, Traits};
use crate::types::TypeData;

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

/// The effects of `op` itself, nested ops aside, with values resolved; `None` if unknown.
pub fn own_value_effects(ctx: &Context, op: Op) -> Option<Vec<ValueEffect>> {
    match ctx.memory_effects(op) {
        Effects::Unknown => None,
        Effects::Known(list) => Some(
            list.iter()
                .map(|e| ValueEffect {
                    op,
                    kind: e.kind,
                    value: resolve_target(ctx, op, e.on),
                    resource: e.resource,
                })
                .collect(),
        ),
    }
}

/// The value an effect slot refers to (`None` for `Nothing` or an out-of-range slot).
fn resolve_target(ctx: &Context, op: Op, on: EffectOn) -> Option<Value> {
    match on {
        EffectOn::Operand(i) if i < ctx.num_operands(op) => Some(ctx.operand(op, i)),
        EffectOn::Result(i) => ctx.results(op).get(i).copied(),
        _ => None,
    }
}

/// Whether `op` may have an effect of `kind`: it is known to, or its effects are unknown.
pub fn may_have_effect(ctx: &Context, op: Op, kind: EffectKind) -> bool {
    value_effects(ctx, op).is_none_or(|list| list.iter().any(|e| e.kind == kind))
}

/// Whether `op` or an op nested in it may allocate a buffer the program sees: an op with an
/// allocation effect or unknown effects of its own, or a call, except one to a function without
/// a body that takes and returns no buffer (it cannot give the program a buffer; what it
/// allocates for itself and frees is not the program's). Each op is asked for its own effects,
/// so a loop around such a call does not count as allocating.
pub fn may_allocate(ctx: &Context, op: Op) -> bool {
    let allocates = |o: Op| {
        if ctx.op_def(o).call.is_some() {
            return !is_bufferless_external_call(ctx, o);
        }
        match ctx.memory_effects(o) {
            Effects::Unknown => true,
            Effects::Known(list) => list.iter().any(|e| e.kind == EffectKind::Allocate),
        }
    };
    allocates(op) || ctx.any_nested(op, allocates)
}

/// Whether `call` calls a function without a body, passing and receiving no buffer.
fn is_bufferless_external_call(ctx: &Context, call: Op) -> bool {
    let Some(interface) = ctx.op_def(call).call else {
        return false;
    };
    let is_buffer = |v: Value| {
        matches!(
            ctx.type_data(ctx.value_type(v)),
            TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
        )
    };
    if ctx.operands(call).any(is_buffer) || ctx.results(call).iter().any(|&v| is_buffer(v)) {
        return false;
    }
    let callee =
        (interface.callee)(ctx, call).and_then(|s| ctx.lookup_symbol(call, ctx.sym_str(s)));
    callee.is_some_and(|f| {
        ctx.has_trait(f, Traits::FUNCTION_LIKE)
            && ctx
                .regions(f)
                .first()
                .is_some_and(|&body| ctx.entry_block(body).is_none())
    })
}

/// Whether `value` is the result of an op with an `Allocate` effect on it (a fresh buffer).
///
/// Answered from the op's definition where it can be, without building its effect list: the
/// result of an op with the allocation interface is the buffer it allocates (a test checks
/// every such op declares that effect), and an op without an effects function has none.
pub fn is_allocation(ctx: &Context, value: Value) -> bool {
    let ValueDef::Result { op, index } = ctx.value_def(value) else {
        return false;
    };
    let def = ctx.op_def(op);
    if index == 0 && def.allocation.is_some() {
        return true;
    }
    def.effects.is_some() && has_own_effect_on(ctx, op, EffectKind::Allocate, value)
}

/// The resource in which the op defining `value` allocates it (`AutomaticAllocationScope` for
/// a stack buffer), or `None` if `value` is no known allocation.
pub fn allocation_resource(ctx: &Context, value: Value) -> Option<Resource> {
    let op = ctx.defining_op(value)?;
    let Effects::Known(list) = ctx.memory_effects(op) else {
        return None;
    };
    list.iter()
        .find(|e| e.kind == EffectKind::Allocate && resolve_target(ctx, op, e.on) == Some(value))
        .map(|e| e.resource)
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

/// Strips view-like ops: follows `view_source` while `v` is result 0 of a view-like op.
pub fn view_base(ctx: &Context, mut v: Value) -> Value {
    let mut steps = 0usize;
    while let ValueDef::Result { op, index: 0 } = ctx.value_def(v) {
        let Some(source) = ctx.op_def(op).view_source else {
            break;
        };
        if ctx.num_operands(op) == 0 || steps > 1_000_000 {
            break;
        }
        v = source(ctx, op);
        steps += 1;
    }
    v
}

/// The predecessors of `block` as `(terminator, successor index)` pairs, in block order of its
/// region. Costs O(blocks of the region).
pub fn predecessors(ctx: &Context, block: Block) -> Vec<(Op, usize)> {
    let Some(region) = ctx.block_parent(block) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for b in ctx.blocks(region) {
        if let Some(term) = ctx.last_op(b) {
            for (i, &s) in ctx.successors(term).iter().enumerate() {
                if s == block {
                    out.push((term, i));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::OpState;

    /// `is_allocation` takes result 0 of an op with the allocation interface for an allocation
    /// without asking its effects: every such op must declare that effect.
    #[test]
    fn ops_with_the_allocation_interface_allocate_their_first_result() {
        let mut ctx = Context::new();
        let names: Vec<String> = ctx
            .registry
            .registered_names()
            .into_iter()
            .map(str::to_string)
            .collect();
        let i1 = ctx.i1_type();
        let mut checked = 0;
        for name in &names {
            let id = ctx.registry.get_or_unregistered(name);
            if ctx.registry.def(id).allocation.is_none() {
                continue;
            }
            let mut state = OpState::new(id, ctx.unknown_loc());
            state.result_types = vec![i1];
            let op = ctx.create_op(state);
            let result = ctx.result(op, 0);
            assert!(
                has_own_effect_on(&ctx, op, EffectKind::Allocate, result),
                "{name} has the allocation interface but no allocation effect on result 0"
            );
            checked += 1;
        }
        assert!(
            checked >= 2,
            "memref.alloc and memref.alloca have the interface"
        );
    }
}
