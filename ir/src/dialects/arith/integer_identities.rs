//! Algebraic identities of `arith.addi`, `subi` and `muli` that `mlir-opt-22 --canonicalize`
//! applies (its `AddIOp`/`SubIOp`/`MulIOp` folders and the patterns of
//! `ArithCanonicalization.td`), registered with the constant folders of `canonicalize`:
//!
//! - cancellations: `(a - b) + b` → `a`, `b + (a - b)` → `a`, `(a + b) - b` → `a`,
//!   `(a + b) - a` → `b`, `x * 0` → `0`;
//! - constant chains: `(x + c0) + c1` → `x + (c0 + c1)`, and the seven other ways a constant
//!   meets an inner `addi` or `subi` with a constant, and `(x * c0) * c1` → `x * (c0 * c1)`;
//! - negation: `x + y * -1` → `x - y`, `(a - b) - a` → `0 - b`.
//!
//! Constants are computed at the result's width, wrapping. A rewritten op keeps the overflow
//! flags only where upstream merges them and both ops carry the same flags; otherwise it has
//! none, which never claims more than the input did.

use super::canonicalize::{replace_with, wrap};
use super::{AddIOp, ConstantOp, MulIOp, SubIOp};
use crate::attrs::AttrData;
use crate::builder::Builder;
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Attr, Op, Type, Value};
use crate::rewrite::Rewriter;

/// The name of the overflow flag attribute of the integer ops.
const OVERFLOW_FLAGS: &str = "overflowFlags";

/// The kind of a binary integer op an identity looks through.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arith {
    Add,
    Sub,
    Mul,
}

impl Arith {
    /// The op's name.
    fn name(self) -> &'static str {
        match self {
            Arith::Add => AddIOp::NAME,
            Arith::Sub => SubIOp::NAME,
            Arith::Mul => MulIOp::NAME,
        }
    }

    /// The kind of `op`, if it is a two-operand `addi`, `subi` or `muli` with one result.
    fn of(ctx: &Context, op: Op) -> Option<Arith> {
        if ctx.num_operands(op) != 2 || ctx.results(op).len() != 1 {
            return None;
        }
        if AddIOp::is(ctx, op) {
            Some(Arith::Add)
        } else if SubIOp::is(ctx, op) {
            Some(Arith::Sub)
        } else if MulIOp::is(ctx, op) {
            Some(Arith::Mul)
        } else {
            None
        }
    }
}

/// A binary integer op seen through one of its operands: its kind, operands and their
/// constant values.
#[derive(Clone, Copy)]
struct Binary {
    op: Op,
    kind: Arith,
    lhs: Value,
    rhs: Value,
    lhs_const: Option<i128>,
    rhs_const: Option<i128>,
}

impl Binary {
    /// `op` as a binary integer op of at least two bits (`i1` arithmetic folds elsewhere).
    fn of_op(ctx: &Context, op: Op) -> Option<Binary> {
        let kind = Arith::of(ctx, op)?;
        let (lhs, rhs) = (ctx.operand(op, 0), ctx.operand(op, 1));
        width(ctx, ctx.value_type(lhs))?;
        Some(Binary {
            op,
            kind,
            lhs,
            rhs,
            lhs_const: ConstantOp::as_int(ctx, lhs),
            rhs_const: ConstantOp::as_int(ctx, rhs),
        })
    }

    /// The binary integer op defining `v`, if any.
    fn defining(ctx: &Context, v: Value) -> Option<Binary> {
        Binary::of_op(ctx, ctx.defining_op(v)?)
    }
}

/// The width of an integer or index type of at least two bits.
fn width(ctx: &Context, ty: Type) -> Option<u32> {
    super::canonicalize::int_width(ctx, ty).filter(|&w| w >= 2)
}

/// `addi`: `(a - b) + b` → `a` and `b + (a - b)` → `a`.
pub(super) fn fold_add_of_sub(rw: &mut Rewriter, op: Op) -> bool {
    let Some(add) = Binary::of_op(rw, op).filter(|b| b.kind == Arith::Add) else {
        return false;
    };
    let cancels = |sub: Option<Binary>, other: Value| {
        sub.filter(|s| s.kind == Arith::Sub && s.rhs == other)
            .map(|s| s.lhs)
    };
    let found = cancels(Binary::defining(rw, add.lhs), add.rhs)
        .or_else(|| cancels(Binary::defining(rw, add.rhs), add.lhs));
    found.is_some_and(|a| replace_with(rw, op, a))
}

/// `subi`: `(a + b) - b` → `a` and `(a + b) - a` → `b`.
pub(super) fn fold_sub_of_add(rw: &mut Rewriter, op: Op) -> bool {
    let Some(sub) = Binary::of_op(rw, op).filter(|b| b.kind == Arith::Sub) else {
        return false;
    };
    let Some(add) = Binary::defining(rw, sub.lhs).filter(|a| a.kind == Arith::Add) else {
        return false;
    };
    let kept = if sub.rhs == add.rhs {
        add.lhs
    } else if sub.rhs == add.lhs {
        add.rhs
    } else {
        return false;
    };
    replace_with(rw, op, kept)
}

/// `muli`: `x * 0` → the zero constant itself.
pub(super) fn fold_mul_by_zero(rw: &mut Rewriter, op: Op) -> bool {
    match Binary::of_op(rw, op) {
        Some(mul) if mul.kind == Arith::Mul && mul.rhs_const == Some(0) => {
            replace_with(rw, op, mul.rhs)
        }
        _ => false,
    }
}

/// How a rewritten op's overflow flags are chosen.
#[derive(Clone, Copy)]
enum Flags {
    /// No flags (upstream's `DefOverflow`).
    None,
    /// The flags both ops carry, when they carry the same (upstream's `MergeOverflow`).
    Merged,
}

/// What an identity rewrites an op into: `x op c` or `c op x` with a new constant `c`, or a
/// plain `x op y`.
enum Replacement {
    /// `kind(x, constant)`.
    ConstantRight(Arith, Value, i128),
    /// `kind(constant, x)`.
    ConstantLeft(Arith, i128, Value),
    /// `kind(x, y)`.
    Plain(Arith, Value, Value),
}

/// `addi`, `subi` and `muli` whose operand is itself such an op with a constant: the two
/// constants combine (upstream's `AddIAddConstant` and its seven siblings,
/// `MulIMulIConstant`), and `x + y * -1` becomes `x - y`.
pub(super) fn combine_with_inner_constant(rw: &mut Rewriter, op: Op) -> bool {
    let Some(outer) = Binary::of_op(rw, op) else {
        return false;
    };
    let Some(width) = width(rw, rw.value_type(outer.lhs)) else {
        return false;
    };
    let Some((replacement, flags, inner)) = choose_replacement(rw, &outer) else {
        return false;
    };
    let flags = match flags {
        Flags::Merged => merged_flags(rw, op, inner),
        Flags::None => None,
    };
    let ty = rw.value_type(rw.result(op, 0));
    let mut b = rw.builder_before(op);
    let constant =
        |b: &mut Builder, value: i128| ConstantOp::build_int(b, wrap(value, width), ty).result(b);
    let (kind, lhs, rhs) = match replacement {
        Replacement::ConstantRight(kind, x, c) => (kind, x, constant(&mut b, c)),
        Replacement::ConstantLeft(kind, c, x) => (kind, constant(&mut b, c), x),
        Replacement::Plain(kind, x, y) => (kind, x, y),
    };
    let attrs: Vec<(&str, Attr)> = flags.map(|f| (OVERFLOW_FLAGS, f)).into_iter().collect();
    let new_op = b.build_op(kind.name(), &[lhs, rhs], &[ty], &attrs, Vec::new());
    let v = b.result(new_op, 0);
    replace_with(rw, op, v)
}

/// An identity found: the replacement, how its flags are chosen, and the inner op it looks
/// through (whose flags are merged).
type Identity = (Replacement, Flags, Op);

/// The identity that applies to `outer`, in upstream's pattern order.
fn choose_replacement(ctx: &Context, outer: &Binary) -> Option<Identity> {
    let left = Binary::defining(ctx, outer.lhs);
    let right = Binary::defining(ctx, outer.rhs);
    left.and_then(|inner| constant_after_inner(outer, &inner))
        .or_else(|| right.and_then(|inner| constant_minus_inner(outer, &inner)))
        .or_else(|| add_of_negation(outer, left, right))
        .or_else(|| left.and_then(|inner| sub_of_sub_minuend(outer, &inner)))
}

/// `outer` with a constant right operand `c1` and an inner op with a constant on its left.
fn constant_after_inner(outer: &Binary, inner: &Binary) -> Option<Identity> {
    use Arith::{Add, Mul, Sub};
    use Replacement::{ConstantLeft, ConstantRight};
    let c1 = outer.rhs_const?;
    let (x, y) = (inner.lhs, inner.rhs);
    let (replacement, flags) = match (outer.kind, inner.kind, inner.lhs_const, inner.rhs_const) {
        // (x + c0) + c1 → x + (c0 + c1)
        (Add, Add, _, Some(c0)) => (ConstantRight(Add, x, c0 + c1), Flags::Merged),
        // (x - c0) + c1 → x + (c1 - c0)
        (Add, Sub, _, Some(c0)) => (ConstantRight(Add, x, c1 - c0), Flags::Merged),
        // (c0 - x) + c1 → (c0 + c1) - x
        (Add, Sub, Some(c0), None) => (ConstantLeft(Sub, c0 + c1, y), Flags::Merged),
        // (x + c0) - c1 → x + (c0 - c1)
        (Sub, Add, _, Some(c0)) => (ConstantRight(Add, x, c0 - c1), Flags::None),
        // (x - c0) - c1 → x - (c0 + c1)
        (Sub, Sub, _, Some(c0)) => (ConstantRight(Sub, x, c0 + c1), Flags::Merged),
        // (c0 - x) - c1 → (c0 - c1) - x
        (Sub, Sub, Some(c0), None) => (ConstantLeft(Sub, c0 - c1, y), Flags::Merged),
        // (x * c0) * c1 → x * (c0 * c1)
        (Mul, Mul, _, Some(c0)) => (ConstantRight(Mul, x, c0.wrapping_mul(c1)), Flags::Merged),
        _ => return None,
    };
    Some((replacement, flags, inner.op))
}

/// `subi` of a constant `c1` and an inner `addi` or `subi` with a constant.
fn constant_minus_inner(outer: &Binary, inner: &Binary) -> Option<Identity> {
    use Arith::{Add, Sub};
    use Replacement::{ConstantLeft, ConstantRight};
    let c1 = outer.lhs_const.filter(|_| outer.kind == Sub)?;
    let replacement = match (inner.kind, inner.lhs_const, inner.rhs_const) {
        // c1 - (x + c0) → (c1 - c0) - x
        (Add, _, Some(c0)) => ConstantLeft(Sub, c1 - c0, inner.lhs),
        // c1 - (x - c0) → (c0 + c1) - x
        (Sub, _, Some(c0)) => ConstantLeft(Sub, c0 + c1, inner.lhs),
        // c1 - (c0 - x) → x + (c1 - c0)
        (Sub, Some(c0), None) => ConstantRight(Add, inner.rhs, c1 - c0),
        _ => return None,
    };
    Some((replacement, Flags::Merged, inner.op))
}

/// `x + y * -1` → `x - y` and `x * -1 + y` → `y - x`.
fn add_of_negation(
    outer: &Binary,
    left: Option<Binary>,
    right: Option<Binary>,
) -> Option<Identity> {
    if outer.kind != Arith::Add {
        return None;
    }
    let negated = |b: Option<Binary>| b.filter(|m| m.kind == Arith::Mul && m.rhs_const == Some(-1));
    let (minuend, mul) = match (negated(right), negated(left)) {
        (Some(mul), _) => (outer.lhs, mul),
        (None, Some(mul)) => (outer.rhs, mul),
        (None, None) => return None,
    };
    Some((
        Replacement::Plain(Arith::Sub, minuend, mul.lhs),
        Flags::None,
        mul.op,
    ))
}

/// `(a - b) - a` → `0 - b`.
fn sub_of_sub_minuend(outer: &Binary, inner: &Binary) -> Option<Identity> {
    let applies = outer.kind == Arith::Sub && inner.kind == Arith::Sub && inner.lhs == outer.rhs;
    applies.then_some((
        Replacement::ConstantLeft(Arith::Sub, 0, inner.rhs),
        Flags::Merged,
        inner.op,
    ))
}

/// The overflow flags of `outer` if `inner` carries the same ones and they say something.
fn merged_flags(ctx: &Context, outer: Op, inner: Op) -> Option<Attr> {
    let flags = ctx.get_attr(outer, OVERFLOW_FLAGS)?;
    let same = ctx.get_attr(inner, OVERFLOW_FLAGS) == Some(flags);
    let says_something = !matches!(ctx.attr_data(flags),
        AttrData::Opaque(text) if text.ends_with("<none>"));
    (same && says_something).then_some(flags)
}
