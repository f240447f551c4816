//! IR helpers shared by the passes: constants, op creation before an anchor, dealloc operands.

use ir::dialects::syntax::segments;
use ir::{Attr, AttrData, Context, Op, OpState, Traits, Type, TypeData, Value};

use crate::rewriter::Rewriter;

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
    rw: &mut Rewriter,
    anchor: Op,
    name: &str,
    operands: &[Value],
    types: &[Type],
    attrs: &[(&str, Attr)],
) -> Op {
    let op_name = rw.interner().registry.get_or_unregistered(name);
    let mut state = OpState::new(op_name, rw.op_loc(anchor));
    state.operands = operands.to_vec();
    state.result_types = types.to_vec();
    state.attrs = attrs
        .iter()
        .map(|(n, a)| (rw.interner().sym(n), *a))
        .collect();
    rw.create_before(anchor, state)
}

/// An `arith.constant` of integer type `ty` before `anchor`.
pub fn int_const_before(rw: &mut Rewriter, anchor: Op, value: i128, ty: Type) -> Value {
    let attr = rw.interner().int_attr(value, ty);
    let op = create_before(rw, anchor, "arith.constant", &[], &[ty], &[("value", attr)]);
    rw.result(op, 0)
}

/// An `i1` constant before `anchor`.
pub fn bool_const_before(rw: &mut Rewriter, anchor: Op, value: bool) -> Value {
    let i1 = rw.interner().i1_type();
    int_const_before(rw, anchor, i128::from(value), i1)
}

/// A binary `arith` op on `i1` (or any integer type) before `anchor`.
pub fn binary_before(rw: &mut Rewriter, anchor: Op, name: &str, a: Value, b: Value) -> Value {
    let ty = rw.value_type(a);
    let op = create_before(rw, anchor, name, &[a, b], &[ty], &[]);
    rw.result(op, 0)
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
        let operands = ctx.operand_vec(op);
        let sizes = segments(ctx, op);
        let group = |i: usize| match &sizes {
            Some(sizes) => {
                let start: usize = sizes.iter().take(i).sum();
                let end = (start + sizes.get(i).copied().unwrap_or(0)).min(operands.len());
                operands[start.min(end)..end].to_vec()
            }
            None => operands.clone(),
        };
        let parts = DeallocParts {
            memrefs: group(0),
            conditions: group(1),
            retained: group(2),
        };
        (parts.memrefs.len() == parts.conditions.len()
            && parts.retained.len() == ctx.results(op).len())
        .then_some(parts)
    }

    /// Creates a new dealloc with these groups before `anchor`.
    pub fn build_before(&self, rw: &mut Rewriter, anchor: Op) -> Op {
        let sizes = [
            self.memrefs.len(),
            self.conditions.len(),
            self.retained.len(),
        ]
        .map(|n| n as i32);
        let seg = rw.interner().dense_i32_array(&sizes);
        let i1 = rw.interner().i1_type();
        let operands = [&self.memrefs[..], &self.conditions, &self.retained].concat();
        let types = vec![i1; self.retained.len()];
        create_before(
            rw,
            anchor,
            DEALLOC,
            &operands,
            &types,
            &[("operandSegmentSizes", seg)],
        )
    }

    /// Replaces `old` by a dealloc with these groups whose results map old result `k` to new
    /// result `map[k]` (or to a given value).
    pub fn replace(&self, rw: &mut Rewriter, old: Op, map: &[Replacement]) {
        let new = if self.memrefs.is_empty() {
            None
        } else {
            Some(self.build_before(rw, old))
        };
        let mut values = Vec::new();
        let mut false_value = None;
        for r in map {
            let v = match (*r, new) {
                (Replacement::Result(i), Some(n)) => rw.result(n, i),
                (Replacement::Value(v), _) => v,
                (Replacement::Result(_), None) => {
                    *false_value.get_or_insert_with(|| bool_const_before(rw, old, false))
                }
            };
            values.push(v);
        }
        rw.replace_op_uses(old, &values);
        rw.erase_op(old);
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
