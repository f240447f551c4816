//! Folders and algebraic identities of `arith.andi`, `ori`, `xori`, `select`, `cmpi`, registered
//! as their canonicalizations (with those of `fold_minmax_casts` and `integer_identities`);
//! those of the binary integer ops are tried behind the screen of `screen`.

use super::fold_minmax_casts::{fold_cast_of_constant, fold_min_max};
use super::integer_identities::{
    combine_with_inner_constant, fold_add_of_sub, fold_mul_by_zero, fold_sub_of_add,
};
use super::screen::{self, BinaryKind};
use super::{
    AddIOp, AndIOp, CmpIOp, ConstantOp, ExtSIOp, ExtUIOp, IndexCastOp, MaxSIOp, MaxUIOp, MinSIOp,
    MinUIOp, MulIOp, OrIOp, SelectOp, SubIOp, TruncIOp, XOrIOp,
};
use crate::context::{Context, ValueDef};
use crate::dialects::view::OpView;
use crate::entity::{Op, Type, Value};
use crate::registry::{Registry, Traits};
use crate::rewrite::{Pattern, Rewriter};
use crate::types::TypeData;

/// Registers the folders and patterns of the `arith` ops.
pub(crate) fn register(reg: &mut Registry) {
    let folders_of: [(&str, &'static [Pattern]); 16] = [
        (AddIOp::NAME, &[screened::<{ BinaryKind::Add as u8 }>]),
        (SubIOp::NAME, &[screened::<{ BinaryKind::Sub as u8 }>]),
        (MulIOp::NAME, &[screened::<{ BinaryKind::Mul as u8 }>]),
        (IndexCastOp::NAME, &[fold_index_cast]),
        (AndIOp::NAME, &[screened::<{ BinaryKind::And as u8 }>]),
        (OrIOp::NAME, &[screened::<{ BinaryKind::Or as u8 }>]),
        (XOrIOp::NAME, &[screened::<{ BinaryKind::Xor as u8 }>]),
        (SelectOp::NAME, &[fold_select]),
        (CmpIOp::NAME, &[screened::<{ BinaryKind::Cmp as u8 }>]),
        (MaxSIOp::NAME, &[constants_to_the_right, fold_min_max]),
        (MinSIOp::NAME, &[constants_to_the_right, fold_min_max]),
        (MaxUIOp::NAME, &[constants_to_the_right, fold_min_max]),
        (MinUIOp::NAME, &[constants_to_the_right, fold_min_max]),
        (ExtUIOp::NAME, &[fold_cast_of_constant]),
        (ExtSIOp::NAME, &[fold_cast_of_constant]),
        (TruncIOp::NAME, &[fold_cast_of_constant]),
    ];
    for (name, folders) in folders_of {
        if let Some(def) = reg.def_mut(name) {
            def.canonicalization.folders = folders;
        }
    }
}

/// The folders of a binary integer op followed by its patterns (MLIR's `fold`, then
/// `getCanonicalizationPatterns`), in the order they are tried. They are registered behind
/// the screen of `screen` as one folder, which tries them in this order.
pub(super) fn binary_canonicalizations(kind: BinaryKind) -> &'static [Pattern] {
    match kind {
        BinaryKind::Add => &[
            constants_to_the_right,
            fold_arithmetic,
            fold_add_of_sub,
            combine_with_inner_constant,
        ],
        BinaryKind::Sub => &[
            fold_arithmetic,
            fold_sub_of_add,
            combine_with_inner_constant,
        ],
        BinaryKind::Mul => &[
            constants_to_the_right,
            fold_arithmetic,
            fold_mul_by_zero,
            combine_with_inner_constant,
        ],
        BinaryKind::And => &[constants_to_the_right, fold_andi],
        BinaryKind::Or => &[constants_to_the_right, fold_ori],
        BinaryKind::Xor => &[constants_to_the_right, fold_xori, xori_not_cmpi],
        BinaryKind::Cmp => &[fold_cmpi],
    }
}

/// Applies the first of [`binary_canonicalizations`] that changes `op`, an op of the kind
/// numbered `KIND` (`BinaryKind::Add as u8`...), unless the screen finds that none may.
fn screened<const KIND: u8>(rw: &mut Rewriter, op: Op) -> bool {
    let kind = BinaryKind::ALL[usize::from(KIND)];
    screen::may_change(rw, op, kind)
        && binary_canonicalizations(kind)
            .iter()
            .any(|pattern| pattern(rw, op))
}

/// A commutative op with a constant operand before a non-constant one takes its constants
/// last (`addi %c, %x` → `addi %x, %c`), the order its other folders and upstream's output
/// expect (MLIR's `foldCommutative`).
fn constants_to_the_right(rw: &mut Rewriter, op: Op) -> bool {
    if !rw.has_trait(op, Traits::COMMUTATIVE) || rw.num_operands(op) < 2 {
        return false;
    }
    let is_constant = |v: &Value| {
        rw.defining_op(*v)
            .is_some_and(|d| rw.has_trait(d, Traits::CONSTANT_LIKE))
    };
    // In order unless a constant comes before a non-constant: decided without copying.
    let mut after_constant = false;
    let misplaced = rw.operands(op).any(|v| {
        let constant = is_constant(&v);
        after_constant |= constant;
        after_constant && !constant
    });
    if !misplaced {
        return false;
    }
    let operands = rw.operand_vec(op);
    let (mut reordered, constants): (Vec<Value>, Vec<Value>) =
        operands.iter().partition(|v| !is_constant(v));
    reordered.extend(constants);
    if reordered == operands {
        return false;
    }
    rw.set_operands(op, &reordered);
    true
}

/// Whether `ty` is `i1`.
fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width: 1, .. })
}

/// The bit width of an integer type (64 for `index`).
pub(super) fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Index => Some(64),
        _ => None,
    }
}

/// Replaces `op`'s single result by `v` and erases `op`.
pub(super) fn replace_with(rw: &mut Rewriter, op: Op, v: Value) -> bool {
    rw.replace_op_uses(op, &[v]);
    rw.erase_op(op);
    true
}

/// Replaces `op`'s result by the constant `value` (of its type).
fn replace_with_const(rw: &mut Rewriter, op: Op, value: i128) -> bool {
    let ty = rw.value_type(rw.result(op, 0));
    let mut b = rw.builder_before(op);
    let c = ConstantOp::build_int(&mut b, value, ty).result(&b);
    replace_with(rw, op, c)
}

/// The two operands and their constant values, for a well-formed binary op.
fn binary_operands(ctx: &Context, op: Op) -> Option<(Value, Value, Option<i128>, Option<i128>)> {
    if ctx.num_operands(op) != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
    int_width(ctx, ctx.value_type(a))?;
    Some((a, b, ConstantOp::as_int(ctx, a), ConstantOp::as_int(ctx, b)))
}

/// `value` wrapped to `width` bits and sign-extended (how integer attributes hold it).
pub(super) fn wrap(value: i128, width: u32) -> i128 {
    if width >= 128 {
        return value;
    }
    let shift = 128 - width;
    (value << shift) >> shift
}

/// The width of an integer or index type of at least 2 bits (`i1` folds elsewhere).
fn wide_int_width(ctx: &Context, ty: Type) -> Option<u32> {
    int_width(ctx, ty).filter(|&w| w >= 2)
}

/// `addi`, `subi`, `muli` of two constants (wrapping), and `x + 0`, `x - 0`, `x - x`, `x * 1`.
fn fold_arithmetic(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, b, ca, cb)) = binary_operands(rw, op) else {
        return false;
    };
    let Some(width) = wide_int_width(rw, rw.value_type(a)) else {
        return false;
    };
    let is_add = AddIOp::is(rw, op);
    let is_sub = SubIOp::is(rw, op);
    let result = match (ca, cb) {
        (Some(x), Some(y)) if is_add => x.wrapping_add(y),
        (Some(x), Some(y)) if is_sub => x.wrapping_sub(y),
        (Some(x), Some(y)) => x.wrapping_mul(y),
        (_, Some(0)) if is_add || is_sub => return replace_with(rw, op, a),
        _ if is_sub && a == b => 0,
        (_, Some(1)) if MulIOp::is(rw, op) => return replace_with(rw, op, a),
        _ => return false,
    };
    replace_with_const(rw, op, wrap(result, width))
}

/// `index_cast` of a constant: the constant, sign-extended or truncated.
fn fold_index_cast(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let Some(value) = ConstantOp::as_int(rw, rw.operand(op, 0)) else {
        return false;
    };
    let source_ty = rw.value_type(rw.operand(op, 0));
    let Some(result_width) = wide_int_width(rw, rw.value_type(rw.result(op, 0))) else {
        return false;
    };
    if wide_int_width(rw, source_ty).is_none() {
        return false;
    }
    replace_with_const(rw, op, wrap(value, result_width))
}

/// `all ones` as a sign-extended value (-1), the representation of the attributes.
const ONES: i128 = -1;

/// `andi`: constants, `x & 0`, `x & ~0`, `x & x`, `x & !x`.
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
        _ if negates(rw, a, b) => replace_with_bool(rw, op, false),
        _ => false,
    }
}

/// Replaces `op`'s `i1` result by the constant `value`.
fn replace_with_bool(rw: &mut Rewriter, op: Op, value: bool) -> bool {
    let mut b = rw.builder_before(op);
    let c = ConstantOp::build_bool(&mut b, value).result(&b);
    replace_with(rw, op, c)
}

/// `ori`: constants, `x | 0`, `x | ~0`, `x | x`, `x | !x`.
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
        _ if negates(rw, a, b) => replace_with_bool(rw, op, true),
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
    let xor = XOrIOp::of(ctx, ctx.defining_op(v)?)?;
    if ctx.num_operands(xor.0) != 2 {
        return None;
    }
    (ConstantOp::as_int(ctx, xor.rhs(ctx)) == Some(ONES)).then(|| xor.lhs(ctx))
}

/// `xori (cmpi p a b), true` → `cmpi !p a b`.
fn xori_not_cmpi(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, _, _, cb)) = binary_operands(rw, op) else {
        return false;
    };
    if cb != Some(ONES) || !is_i1(rw, rw.value_type(a)) {
        return false;
    }
    let Some(cmp) = rw.defining_op(a).and_then(|def| CmpIOp::of(rw, def)) else {
        return false;
    };
    if rw.num_operands(cmp.0) != 2 {
        return false;
    }
    let Some(predicate) = cmp.predicate(rw) else {
        return false;
    };
    let (x, y) = (cmp.lhs(rw), cmp.rhs(rw));
    let mut b = rw.builder_before(op);
    let v = CmpIOp::build(&mut b, predicate.negated(), x, y).result(&b);
    replace_with(rw, op, v)
}

/// `cmpi`: constant operands, equal operands.
fn fold_cmpi(rw: &mut Rewriter, op: Op) -> bool {
    let Some((a, b, ca, cb)) = binary_operands(rw, op) else {
        return false;
    };
    let Some(predicate) = CmpIOp(op).predicate(rw) else {
        return false;
    };
    let Some(width) = int_width(rw, rw.value_type(a)) else {
        return false;
    };
    let result = if same_value(rw, a, b) {
        predicate.holds_for_equal()
    } else if let (Some(x), Some(y)) = (ca, cb) {
        predicate.evaluate(x, y, width)
    } else {
        return false;
    };
    let mut b = rw.builder_before(op);
    let c = ConstantOp::build_bool(&mut b, result).result(&b);
    replace_with(rw, op, c)
}

/// Whether `a` and `b` are the same value: the same SSA value, or the same result of two ops
/// of one kind that are pure, have no regions, and read the same operands with the same
/// attributes (what CSE would merge).
pub(super) fn same_value(ctx: &Context, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    let (ValueDef::Result { op: x, index: i }, ValueDef::Result { op: y, index: j }) =
        (ctx.value_def(a), ctx.value_def(b))
    else {
        return false;
    };
    i == j
        && ctx.op_name(x) == ctx.op_name(y)
        && ctx.has_trait(x, Traits::PURE)
        && ctx.regions(x).is_empty()
        && ctx.regions(y).is_empty()
        && ctx.operands(x).eq(ctx.operands(y))
        && ctx.attrs(x) == ctx.attrs(y)
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
    match ConstantOp::as_int(rw, c) {
        Some(0) => return replace_with(rw, op, f),
        Some(_) => return replace_with(rw, op, t),
        None => {}
    }
    if !is_i1(rw, rw.value_type(t)) {
        return false;
    }
    let (ct, cf) = (ConstantOp::as_int(rw, t), ConstantOp::as_int(rw, f));
    match (ct, cf) {
        (Some(x), Some(0)) if x != 0 => replace_with(rw, op, c),
        (Some(0), Some(y)) if y != 0 => {
            let mut b = rw.builder_before(op);
            let one = ConstantOp::build_bool(&mut b, true).result(&b);
            let v = XOrIOp::build(&mut b, c, one).result(&b);
            replace_with(rw, op, v)
        }
        (Some(x), _) if x != 0 => {
            let mut b = rw.builder_before(op);
            let v = OrIOp::build(&mut b, c, f).result(&b);
            replace_with(rw, op, v)
        }
        (_, Some(0)) => {
            let mut b = rw.builder_before(op);
            let v = AndIOp::build(&mut b, c, t).result(&b);
            replace_with(rw, op, v)
        }
        // `c ? c : x` is `c | x`; `c ? x : c` is `c & x`.
        _ if t == c => {
            let mut b = rw.builder_before(op);
            let v = OrIOp::build(&mut b, c, f).result(&b);
            replace_with(rw, op, v)
        }
        _ if f == c => {
            let mut b = rw.builder_before(op);
            let v = AndIOp::build(&mut b, c, t).result(&b);
            replace_with(rw, op, v)
        }
        _ => false,
    }
}

/// Whether `a` is `b ^ true` or `b` is `a ^ true` (on `i1`).
fn negates(ctx: &Context, a: Value, b: Value) -> bool {
    let not_of = |x: Value, y: Value| {
        ctx.defining_op(x).is_some_and(|op| {
            XOrIOp::is(ctx, op)
                && ctx.num_operands(op) == 2
                && is_i1(ctx, ctx.value_type(x))
                && ((ctx.operand(op, 0) == y
                    && ConstantOp::as_bool(ctx, ctx.operand(op, 1)) == Some(true))
                    || (ctx.operand(op, 1) == y
                        && ConstantOp::as_bool(ctx, ctx.operand(op, 0)) == Some(true)))
        })
    };
    not_of(a, b) || not_of(b, a) || complementary_compares(ctx, a, b)
}

/// Whether `a` and `b` are `cmpi p x y` and `cmpi !p x y` (as `xori_not_cmpi` leaves a
/// negated compare): one is the other's negation.
fn complementary_compares(ctx: &Context, a: Value, b: Value) -> bool {
    let cmp = |v: Value| ctx.defining_op(v).and_then(|op| CmpIOp::of(ctx, op));
    let (Some(x), Some(y)) = (cmp(a), cmp(b)) else {
        return false;
    };
    if ctx.num_operands(x.0) != 2 || ctx.num_operands(y.0) != 2 {
        return false;
    }
    let (Some(p), Some(q)) = (x.predicate(ctx), y.predicate(ctx)) else {
        return false;
    };
    p.negated() == q && x.lhs(ctx) == y.lhs(ctx) && x.rhs(ctx) == y.rhs(ctx)
}
