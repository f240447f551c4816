//! IR helpers shared by the passes: constants, op creation before an anchor, dealloc operands.

use ir::dialects::syntax::segment_values;
use ir::{Attr, AttrData, Context, Op, OpState, Traits, Type, TypeData, Value};

/// The integer value (sign-extended) and type of `v` when it is a constant-like op's result.
pub fn const_int(ctx: &Context, v: Value) -> Option<i128> {
    let op = ctx.defining_op(v)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    match ctx.attr_data(ctx.get_attr(op, "value")?) {
        AttrData::Integer { value, .. } => Some(*value),
        AttrData::Bool(b) => Some(i128::from(*b)),
        _ => None,
    }
}

/// `Some(bool)` when `v` is a constant `i1`.
pub fn const_bool(ctx: &Context, v: Value) -> Option<bool> {
    if !is_i1(ctx, ctx.value_type(v)) {
        return None;
    }
    const_int(ctx, v).map(|x| x != 0)
}

/// Whether `ty` is `i1`.
pub fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width: 1, .. })
}

/// Bit width of an integer or index type.
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Index => Some(64),
        _ => None,
    }
}

/// Creates an op right before `anchor` (with its location).
pub fn create_before(
    ctx: &mut Context,
    anchor: Op,
    name: &str,
    operands: &[Value],
    types: &[Type],
    attrs: &[(&str, Attr)],
) -> Op {
    let op_name = ctx.registry.get_or_unregistered(name);
    let mut state = OpState::new(op_name, ctx.op_loc(anchor));
    state.operands = operands.to_vec();
    state.result_types = types.to_vec();
    state.attrs = attrs.iter().map(|(n, a)| (ctx.sym(n), *a)).collect();
    let op = ctx.create_op(state);
    ctx.insert_op_before(anchor, op);
    op
}

/// An `arith.constant` of integer type `ty` before `anchor`.
pub fn int_const_before(ctx: &mut Context, anchor: Op, value: i128, ty: Type) -> Value {
    let attr = ctx.int_attr(value, ty);
    let op = create_before(
        ctx,
        anchor,
        "arith.constant",
        &[],
        &[ty],
        &[("value", attr)],
    );
    ctx.result(op, 0)
}

/// An `i1` constant before `anchor`.
pub fn bool_const_before(ctx: &mut Context, anchor: Op, value: bool) -> Value {
    let i1 = ctx.i1_type();
    int_const_before(ctx, anchor, i128::from(value), i1)
}

/// A binary `arith` op on `i1` (or any integer type) before `anchor`.
pub fn binary_before(ctx: &mut Context, anchor: Op, name: &str, a: Value, b: Value) -> Value {
    let ty = ctx.value_type(a);
    let op = create_before(ctx, anchor, name, &[a, b], &[ty], &[]);
    ctx.result(op, 0)
}

/// The three operand groups of a `bufferization.dealloc`.
#[derive(Clone, Debug, Default)]
pub struct DeallocParts {
    /// Memrefs to free.
    pub memrefs: Vec<Value>,
    /// One condition per memref.
    pub conditions: Vec<Value>,
    /// Retained values.
    pub retained: Vec<Value>,
}

/// The name of the dealloc op.
pub const DEALLOC: &str = "bufferization.dealloc";

impl DeallocParts {
    /// Reads the groups of `op` (`None` if malformed).
    pub fn of(ctx: &Context, op: Op) -> Option<Self> {
        let parts = DeallocParts {
            memrefs: segment_values(ctx, op, 0),
            conditions: segment_values(ctx, op, 1),
            retained: segment_values(ctx, op, 2),
        };
        (parts.memrefs.len() == parts.conditions.len()
            && parts.retained.len() == ctx.results(op).len())
        .then_some(parts)
    }

    /// Creates a new dealloc with these groups before `anchor`.
    pub fn build_before(&self, ctx: &mut Context, anchor: Op) -> Op {
        let sizes = [
            self.memrefs.len(),
            self.conditions.len(),
            self.retained.len(),
        ]
        .map(|n| n as i32);
        let seg = ctx.dense_i32_array(&sizes);
        let i1 = ctx.i1_type();
        let operands = [&self.memrefs[..], &self.conditions, &self.retained].concat();
        let types = vec![i1; self.retained.len()];
        create_before(
            ctx,
            anchor,
            DEALLOC,
            &operands,
            &types,
            &[("operandSegmentSizes", seg)],
        )
    }

    /// Replaces `old` by a dealloc with these groups whose results map old result `k` to new
    /// result `map[k]` (or to a given value).
    pub fn replace(&self, ctx: &mut Context, old: Op, map: &[Replacement]) {
        let new = if self.memrefs.is_empty() {
            None
        } else {
            Some(self.build_before(ctx, old))
        };
        let mut values = Vec::new();
        let mut false_value = None;
        for r in map {
            let v = match (*r, new) {
                (Replacement::Result(i), Some(n)) => ctx.result(n, i),
                (Replacement::Value(v), _) => v,
                (Replacement::Result(_), None) => {
                    *false_value.get_or_insert_with(|| bool_const_before(ctx, old, false))
                }
            };
            values.push(v);
        }
        ctx.replace_op_uses(old, &values);
        ctx.erase_op(old);
    }
}

/// What replaces one result of a rewritten dealloc.
#[derive(Clone, Copy, Debug)]
pub enum Replacement {
    /// Result `i` of the new dealloc (constant false if the new dealloc is empty).
    Result(usize),
    /// A given value.
    Value(Value),
}
