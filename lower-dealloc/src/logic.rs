//! The boolean logic of the inline dealloc lowering, folded as it is built.
//!
//! Comparing a pointer with itself, or combining a flag with a constant, gives a known bit;
//! such bits are carried as [`Bit::Known`] and never become ops, so the lowering does not
//! build the `arith.cmpi`/`arith.andi`/`arith.ori`/`arith.xori` chains that the final
//! canonicalization would fold away (the same folds as `arith`'s: `x == x`, `x & false`,
//! `x & true`, `x | true`, `x | false`, `!c`). A known bit becomes an `arith.constant` only
//! where a value is needed. A condition that is `true` on every edge into the region-branch
//! result or block argument holding it ([`is_statically_true`]: the indicator of a buffer a
//! loop owns on every trip) is known too, so the runtime checks it decides are not built
//! either (canonicalize would fold them only after turning the indicator into a constant).

use crate::dealloc::Reuse;
use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, OrIOp, XOrIOp};
use ir::registry::{RegionEdge, RegionPoint};
use ir::{Builder, Context, Op, OpView, Value, ValueDef};

/// A boolean the lowering computes: a constant known while lowering, or an `i1` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bit {
    /// Known while lowering.
    Known(bool),
    /// Computed at run time.
    Runtime(Value),
}

impl Bit {
    /// The bit `v` holds: known when an `i1` constant defines it, or `true` when `v` is
    /// [`is_statically_true`] (an ownership indicator a loop carries as `true`).
    pub(crate) fn of(b: &mut Builder, v: Value) -> Bit {
        match ConstantOp::as_bool(b.ctx(), v) {
            Some(k) => Bit::Known(k),
            None if is_statically_true(b.ctx(), v) => Bit::Known(true),
            None => Bit::Runtime(v),
        }
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

/// How deep [`is_statically_true`] looks through region-branch ops.
const STATIC_TRUTH_DEPTH: usize = 4;

/// Whether `cond` is `true` whenever it is computed: the constant `true`, or a result of a
/// region-branch op (`scf.if`, a loop), or an argument of the entry block of one of its regions,
/// that receives a statically true value on every edge into it (from the op itself and from
/// every region's terminator). The ownership indicator of a buffer a loop takes over and hands
/// on owned on every trip is one: canonicalize folds it to `true` later, after the lowering
/// has built the runtime checks it decides.
pub(crate) fn is_statically_true(ctx: &Context, cond: Value) -> bool {
    statically_true(ctx, cond, 0)
}

/// [`is_statically_true`], `depth` region-branch ops deep.
fn statically_true(ctx: &Context, cond: Value, depth: usize) -> bool {
    if let Some(value) = ConstantOp::as_bool(ctx, cond) {
        return value;
    }
    if depth == STATIC_TRUTH_DEPTH {
        return false;
    }
    let Some((op, to, index)) = receiving_end(ctx, cond) else {
        return false;
    };
    let Some(rb) = ctx.op_def(op).region_branch else {
        return false;
    };
    let flows_in = |edges: &[RegionEdge], from: Op| {
        edges
            .iter()
            .filter(|edge| edge.to == to && edge.inputs.contains(&index))
            .all(|edge| {
                let at = edge.operands.start + (index - edge.inputs.start);
                at < ctx.num_operands(from)
                    && statically_true(ctx, ctx.operand(from, at), depth + 1)
            })
    };
    if !flows_in(&(rb.entry)(ctx, op), op) {
        return false;
    }
    ctx.regions(op).iter().enumerate().all(|(i, &region)| {
        ctx.blocks(region).all(|block| {
            ctx.last_op(block)
                .is_some_and(|term| flows_in(&(rb.from_region)(ctx, op, i, term), term))
        })
    })
}

/// The op whose region-branch edges define `value`, where they end and the position of
/// `value` among the values received there: a result of the op, or an argument of the entry
/// block of one of its regions.
fn receiving_end(ctx: &Context, value: Value) -> Option<(Op, RegionPoint, usize)> {
    match ctx.value_def(value) {
        ValueDef::Result { op, index } => Some((op, RegionPoint::Parent, index as usize)),
        ValueDef::BlockArg { block, index } => {
            let region = ctx.block_parent(block)?;
            let op = ctx.region_parent(region)?;
            if ctx.entry_block(region) != Some(block) {
                return None;
            }
            let position = ctx.region_index(region)?;
            Some((op, RegionPoint::Region(position), index as usize))
        }
        ValueDef::Placeholder => None,
    }
}
