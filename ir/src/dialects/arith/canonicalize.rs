//! Folders and algebraic identities of `arith.andi`, `ori`, `xori`, `select`, `cmpi`, registered
//! as their canonicalizations.

use crate::builder::Builder;
use crate::context::Context;
use crate::entity::{Op, Type, Value};
use crate::registry::Registry;
use crate::rewrite::matchers::{constant_int, int_width, is_i1};
use crate::rewrite::{Pattern, Rewriter};

/// Registers the folders and patterns of the `arith` ops.
pub(crate) fn register(reg: &mut Registry) {
    let folders_of: [(&str, &'static [Pattern]); 5] = [
        ("arith.andi", &[fold_andi]),
        ("arith.ori", &[fold_ori]),
        ("arith.xori", &[fold_xori]),
        ("arith.select", &[fold_select]),
        ("arith.cmpi", &[fold_cmpi]),
    ];
    for (name, folders) in folders_of {
        if let Some(def) = reg.def_mut(name) {
            def.canonicalization.folders = folders;
        }
    }
    if let Some(def) = reg.def_mut("arith.xori") {
        def.canonicalization.patterns = &[xori_not_cmpi];
    }
}

/// An `arith.constant` of integer type `ty` built by `b`.
pub(crate) fn int_constant(b: &mut Builder, value: i128, ty: Type) -> Value {
    let attr = b.ctx().int_attr(value, ty);
    let op = b.build_op("arith.constant", &[], &[ty], &[("value", attr)], Vec::new());
    b.result_of(op, 0)
}

/// An `i1` constant built by `b`.
pub(crate) fn bool_constant(b: &mut Builder, value: bool) -> Value {
    let i1 = b.ctx().i1_type();
    int_constant(b, i128::from(value), i1)
}

/// `arith.select %condition, %t, %f` (of `t`'s type) built by `b`.
pub(crate) fn select(b: &mut Builder, condition: Value, t: Value, f: Value) -> Value {
    let ty = b.value_type(t);
    let op = b.build_op("arith.select", &[condition, t, f], &[ty], &[], Vec::new());
    b.result_of(op, 0)
}

/// A binary `arith` op `name` on `a` and `b` (of `a`'s type) built by `builder`.
pub(crate) fn binary(builder: &mut Builder, name: &str, a: Value, b: Value) -> Value {
    let ty = builder.value_type(a);
    let op = builder.build_op(name, &[a, b], &[ty], &[], Vec::new());
    builder.result_of(op, 0)
}

/// Replaces `op`'s single result by `v` and erases `op`.
fn replace_with(rw: &mut Rewriter, op: Op, v: Value) -> bool {
    rw.replace_op_uses(op, &[v]);
    rw.erase_op(op);
    true
}

/// Replaces `op`'s result by the constant `value` (of its type).
fn replace_with_const(rw: &mut Rewriter, op: Op, value: i128) -> bool {
    let ty = rw.value_type(rw.result(op, 0));
    let c = int_constant(&mut rw.builder_before(op), value, ty);
    replace_with(rw, op, c)
}

/// The two operands and their constant values, for a well-formed binary op.
fn binary_operands(ctx: &Context, op: Op) -> Option<(Value, Value, Option<i128>, Option<i128>)> {
    if ctx.num_operands(op) != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
    int_width(ctx, ctx.value_type(a))?;
    Some((a, b, constant_int(ctx, a), constant_int(ctx, b)))
}

/// `all ones` as a sign-extended value (-1), the representation of the attributes.
const ONES: i128 = -1;

/// `andi`: constants, `x & 0`, `x & ~0`, `x & x`.
fn fold_andi(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, b, ca, cb)) = binary_operands(rw, op) else {
        return false;
    };
    match (ca, cb) {
        (Some(x), Some(y)) => replace_with_const(rw, op, x & y),
        (_, Some(0)) => replace_with(rw, op, b),
        (Some(0), _) => replace_with(rw, op, a),
        (_, Some(ONES)) => replace_with(rw, op, a),
        (Some(ONES), _) => replace_with(rw, op, b),
        _ if a == b => replace_with(rw, op, a),
        _ => false,
    }
}

/// `ori`: constants, `x | 0`, `x | ~0`, `x | x`.
fn fold_ori(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, b, ca, cb)) = binary_operands(rw, op) else {
        return false;
    };
    match (ca, cb) {
        (Some(x), Some(y)) => replace_with_const(rw, op, x | y),
        (_, Some(0)) => replace_with(rw, op, a),
        (Some(0), _) => replace_with(rw, op, b),
        (_, Some(ONES)) => replace_with(rw, op, b),
        (Some(ONES), _) => replace_with(rw, op, a),
        _ if a == b => replace_with(rw, op, a),
        _ => false,
    }
}

/// `xori`: constants, `x ^ 0`, `x ^ x`, and `(x ^ 1) ^ 1` on `i1`.
fn fold_xori(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, b, ca, cb)) = binary_operands(rw, op) else {
        return false;
    };
    match (ca, cb) {
        (Some(x), Some(y)) => replace_with_const(rw, op, x ^ y),
        (_, Some(0)) => replace_with(rw, op, a),
        (Some(0), _) => replace_with(rw, op, b),
        _ if a == b => replace_with_const(rw, op, 0),
        (_, Some(ONES)) if is_i1(rw, rw.value_type(a)) => match double_not(rw, a) {
            Some(x) => replace_with(rw, op, x),
            None => false,
        },
        _ => false,
    }
}

/// `x` when `v` is `xori x, true` on `i1`.
fn double_not(ctx: &Context, v: Value) -> Option<Value> {
    let def = ctx.defining_op(v)?;
    if ctx.op_name_str(def) != "arith.xori" || ctx.num_operands(def) != 2 {
        return None;
    }
    (constant_int(ctx, ctx.operand(def, 1)) == Some(ONES)).then(|| ctx.operand(def, 0))
}

/// Predicate values of `arith.cmpi` and their negations.
const CMPI_NEGATED: [i128; 10] = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6];

/// `xori (cmpi p a b), true` → `cmpi !p a b`.
fn xori_not_cmpi(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, _, _, cb)) = binary_operands(rw, op) else {
        return false;
    };
    if cb != Some(ONES) || !is_i1(rw, rw.value_type(a)) {
        return false;
    }
    let Some(cmp) = rw.defining_op(a) else {
        return false;
    };
    if rw.op_name_str(cmp) != "arith.cmpi" || rw.num_operands(cmp) != 2 {
        return false;
    }
    let Some(pred) = cmpi_predicate(rw, cmp) else {
        return false;
    };
    let negated = CMPI_NEGATED[pred as usize];
    let i64t = rw.interner().int_type(64);
    let attr = rw.interner().int_attr(negated, i64t);
    let (x, y) = (rw.operand(cmp, 0), rw.operand(cmp, 1));
    let mut b = rw.builder_before(op);
    let i1 = b.ctx().i1_type();
    let new = b.build_op(
        "arith.cmpi",
        &[x, y],
        &[i1],
        &[("predicate", attr)],
        Vec::new(),
    );
    let v = b.result_of(new, 0);
    replace_with(rw, op, v)
}

fn cmpi_predicate(ctx: &Context, op: Op) -> Option<i128> {
    match ctx.attr_data(ctx.get_attr(op, "predicate")?) {
        crate::attrs::AttrData::Integer { value, .. } if (0..10).contains(value) => Some(*value),
        _ => None,
    }
}

/// `cmpi`: constant operands, equal operands.
fn fold_cmpi(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, b, ca, cb)) = binary_operands(rw, op) else {
        return false;
    };
    let Some(pred) = cmpi_predicate(rw, op) else {
        return false;
    };
    let Some(width) = int_width(rw, rw.value_type(a)) else {
        return false;
    };
    let result = if a == b {
        // eq, sle, sge, ule, uge hold; ne, slt, sgt, ult, ugt do not.
        matches!(pred, 0 | 3 | 5 | 7 | 9)
    } else if let (Some(x), Some(y)) = (ca, cb) {
        let (ux, uy) = (crate::util::zext(x, width), crate::util::zext(y, width));
        let (sx, sy) = (crate::util::sext(x, width), crate::util::sext(y, width));
        match pred {
            0 => ux == uy,
            1 => ux != uy,
            2 => sx < sy,
            3 => sx <= sy,
            4 => sx > sy,
            5 => sx >= sy,
            6 => ux < uy,
            7 => ux <= uy,
            8 => ux > uy,
            _ => ux >= uy,
        }
    } else {
        return false;
    };
    let c = bool_constant(&mut rw.builder_before(op), result);
    replace_with(rw, op, c)
}

/// `select`: constant condition, equal arms, and the `i1` forms (`c ? true : false` → `c`,
/// `c ? false : true` → `!c`, `c ? true : x` → `c | x`, `c ? x : false` → `c & x`).
fn fold_select(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 3 || rw.results(op).len() != 1 {
        return false;
    }
    let (c, t, f) = (rw.operand(op, 0), rw.operand(op, 1), rw.operand(op, 2));
    if !is_i1(rw, rw.value_type(c)) {
        return false;
    }
    if t == f {
        return replace_with(rw, op, t);
    }
    match constant_int(rw, c) {
        Some(0) => return replace_with(rw, op, f),
        Some(_) => return replace_with(rw, op, t),
        None => {}
    }
    if !is_i1(rw, rw.value_type(t)) {
        return false;
    }
    let (ct, cf) = (constant_int(rw, t), constant_int(rw, f));
    match (ct, cf) {
        (Some(x), Some(0)) if x != 0 => replace_with(rw, op, c),
        (Some(0), Some(y)) if y != 0 => {
            let mut b = rw.builder_before(op);
            let one = bool_constant(&mut b, true);
            let v = binary(&mut b, "arith.xori", c, one);
            replace_with(rw, op, v)
        }
        (Some(x), _) if x != 0 => {
            let v = binary(&mut rw.builder_before(op), "arith.ori", c, f);
            replace_with(rw, op, v)
        }
        (_, Some(0)) => {
            let v = binary(&mut rw.builder_before(op), "arith.andi", c, t);
            replace_with(rw, op, v)
        }
        _ => false,
    }
}
