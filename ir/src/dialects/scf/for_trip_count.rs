//! `scf.for` whose trip count the bounds tell without constants everywhere, as
//! `mlir-opt-22 --canonicalize` reads them: the same value for both bounds (zero trips), or an
//! upper bound `lower + c` (an `arith.addi` that cannot wrap, `overflow<nsw>`) with a
//! constant step. Zero trips: the results are the inits; one trip: the body runs in the
//! loop's place. And a loop of at least one trip whose body only yields values defined
//! outside it is those values (all known trip counts, constant bounds included).

use super::{ForOp, YieldOp};
use crate::attrs::AttrData;
use crate::dialects::arith::{AddIOp, ConstantOp};
use crate::dialects::view::OpView;
use crate::entity::{Op, Value};
use crate::rewrite::Rewriter;

/// The number of trips of `op`, when its bounds and step determine it. The upper bound is
/// read first: on most loops it is a runtime value, which answers at once.
fn known_trip_count(rw: &Rewriter, op: ForOp) -> Option<i128> {
    let (lb, ub) = (op.lower_bound(rw), op.upper_bound(rw));
    if lb == ub {
        return Some(0);
    }
    let span = match ConstantOp::as_int(rw, ub).and_then(|u| Some((u, ConstantOp::as_int(rw, lb)?)))
    {
        Some((u, l)) => u.checked_sub(l)?,
        None => offset_from(rw, lb, ub)?,
    };
    let step = ConstantOp::as_int(rw, op.step(rw)).filter(|&s| s > 0)?;
    Some(if span <= 0 {
        0
    } else {
        (span + step - 1) / step
    })
}

/// `c` when `ub` is `arith.addi lb, c` (either operand order) that does not wrap signed.
fn offset_from(rw: &Rewriter, lb: Value, ub: Value) -> Option<i128> {
    let add = rw.defining_op(ub).filter(|&d| AddIOp::is(rw, d))?;
    if !no_signed_wrap(rw, add) || rw.num_operands(add) != 2 {
        return None;
    }
    let (a, b) = (rw.operand(add, 0), rw.operand(add, 1));
    match (a == lb, b == lb) {
        (true, _) => ConstantOp::as_int(rw, b),
        (_, true) => ConstantOp::as_int(rw, a),
        _ => None,
    }
}

/// Whether the integer op `op` carries the `nsw` overflow flag.
fn no_signed_wrap(rw: &Rewriter, op: Op) -> bool {
    let Some(flags) = rw.get_attr(op, "overflowFlags") else {
        return false;
    };
    matches!(rw.attr_data(flags), AttrData::Opaque(text)
        if text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == "nsw"))
}

/// `scf.for` of a known trip count: zero trips become the inits, one trip the body, and an
/// empty body yielding only outside values (at least one trip) those values.
pub(super) fn for_known_trip_count(rw: &mut Rewriter, op: Op) -> bool {
    let Some(for_op) = ForOp::of(rw, op) else {
        return false;
    };
    // The trip count first: unknown on most loops, and then nothing else matters.
    let Some(trips) = known_trip_count(rw, for_op) else {
        return false;
    };
    let Some(body) = for_op.body(rw) else {
        return false;
    };
    let Some(term) = rw.last_op(body).filter(|&t| YieldOp::is(rw, t)) else {
        return false;
    };
    let carried = for_op.init_args(rw).len();
    let consistent = rw.num_operands(term) == carried && rw.results(op).len() == carried;
    if rw.get_attr(op, "unsignedCmp").is_some() || !consistent {
        return false;
    }
    let inits: Vec<Value> = for_op.init_args(rw).collect();
    if trips == 0 {
        rw.replace_op_uses(op, &inits);
        rw.erase_op(op);
        return true;
    }
    if trips == 1 {
        let mut args = vec![for_op.lower_bound(rw)];
        args.extend(inits);
        return super::loops_canonicalize::inline_block_before(rw, op, body, &args);
    }
    let yielded = rw.operand_vec(term);
    let only_yield = rw.first_op(body) == Some(term);
    if !only_yield
        || !yielded
            .iter()
            .all(|&v| super::canonicalize::defined_outside(rw, v, op))
    {
        return false;
    }
    rw.replace_op_uses(op, &yielded);
    rw.erase_op(op);
    true
}
