//! The boolean logic of the inline dealloc lowering, folded as it is built.
//!
//! Comparing a pointer with itself, or combining a flag with a constant, gives a known bit;
//! such bits are carried as [`Bit::Known`] and never become ops, so the lowering does not
//! build the `arith.cmpi`/`arith.andi`/`arith.ori`/`arith.xori` chains that the final
//! canonicalization would fold away (the same folds as `arith`'s: `x == x`, `x & false`,
//! `x & true`, `x | true`, `x | false`, `!c`). A known bit becomes an `arith.constant` only
//! where a value is needed.

use crate::dealloc::Reuse;
use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, OrIOp, XOrIOp};
use ir::{Builder, Context, OpView, Value};

/// A boolean the lowering computes: a constant known while lowering, or an `i1` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bit {
    /// Known while lowering.
    Known(bool),
    /// Computed at run time.
    Runtime(Value),
}

impl Bit {
    /// The bit `v` holds: known when an `i1` constant defines it.
    pub(crate) fn of(b: &mut Builder, v: Value) -> Bit {
        ConstantOp::as_bool(b.ctx(), v).map_or(Bit::Runtime(v), Bit::Known)
    }

    /// The bit as an `i1` value: for a known one, a constant (the block's, from `reuse`).
    pub(crate) fn value(self, b: &mut Builder, reuse: &mut Reuse) -> Value {
        match self {
            Bit::Known(k) => reuse.bool_constant(b, k),
            Bit::Runtime(v) => v,
        }
    }
}

/// Whether pointers `p` and `q` differ (`arith.cmpi ne`, the block's from `reuse` for either
/// order of the pair); known `false` for one value.
pub(crate) fn differ(b: &mut Builder, reuse: &mut Reuse, p: Value, q: Value) -> Bit {
    if p == q {
        return Bit::Known(false);
    }
    Bit::Runtime(reuse.pointer_compare(b, CmpIPredicate::Ne, p, q))
}

/// Whether pointers `p` and `q` are equal (`arith.cmpi eq`, the block's from `reuse` for either
/// order of the pair); known `true` for one value.
pub(crate) fn equal(b: &mut Builder, reuse: &mut Reuse, p: Value, q: Value) -> Bit {
    if p == q {
        return Bit::Known(true);
    }
    Bit::Runtime(reuse.pointer_compare(b, CmpIPredicate::Eq, p, q))
}

/// `x & y`.
pub(crate) fn and(b: &mut Builder, x: Bit, y: Bit) -> Bit {
    match (x, y) {
        (Bit::Known(false), _) | (_, Bit::Known(false)) => Bit::Known(false),
        (Bit::Known(true), other) | (other, Bit::Known(true)) => other,
        (Bit::Runtime(p), Bit::Runtime(q)) => Bit::Runtime(AndIOp::build(b, p, q).result(b)),
    }
}

/// `x | y`.
pub(crate) fn or(b: &mut Builder, x: Bit, y: Bit) -> Bit {
    match (x, y) {
        (Bit::Known(true), _) | (_, Bit::Known(true)) => Bit::Known(true),
        (Bit::Known(false), other) | (other, Bit::Known(false)) => other,
        (Bit::Runtime(p), Bit::Runtime(q)) => Bit::Runtime(OrIOp::build(b, p, q).result(b)),
    }
}

/// `!x`, as `arith.xori x, true` with `true` the constant in `t`; the negation of an
/// `arith.cmpi` is the compare with the negated predicate, which the final canonicalization
/// would turn the `arith.xori` into.
pub(crate) fn not(b: &mut Builder, x: Bit, t: Value) -> Bit {
    match x {
        Bit::Known(k) => Bit::Known(!k),
        Bit::Runtime(v) => Bit::Runtime(match negated_compare(b, v) {
            Some((predicate, lhs, rhs)) => CmpIOp::build(b, predicate, lhs, rhs).result(b),
            None => XOrIOp::build(b, v, t).result(b),
        }),
    }
}

/// The predicate and operands of the compare negating `v`, when an `arith.cmpi` of two
/// operands defines `v`.
fn negated_compare(ctx: &Context, v: Value) -> Option<(CmpIPredicate, Value, Value)> {
    let compare = CmpIOp::of(ctx, ctx.defining_op(v)?)?;
    if ctx.num_operands(compare.0) != 2 {
        return None;
    }
    let predicate = compare.predicate(ctx)?;
    Some((predicate.negated(), compare.lhs(ctx), compare.rhs(ctx)))
}
