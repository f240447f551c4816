//! `scf.while` patterns that use what the condition tells the after region: it only runs when
//! the condition held. MLIR's `WhileConditionTruth` (an after-region argument the condition
//! fills with the condition itself is `true`) and `WhileCmpCond` (an `arith.cmpi` in the after
//! region that repeats the condition's comparison on the forwarded operand, or negates it, is
//! `true` or `false`).
//!
//! ```text
//! %r = scf.while (%i = %c0) : (i64) -> i64 {
//!   %go = arith.cmpi slt, %i, %c4 : i64
//!   scf.condition(%go) %i : i64
//! } do {
//! ^bb0(%j: i64):
//!   %done = arith.cmpi sge, %j, %c4 : i64   // the negated condition: `false`
//!   ...
//! }
//! ```

use super::while_canonicalize::WhileParts;
use crate::dialects::arith::{CmpIOp, ConstantOp};
use crate::dialects::view::OpView;
use crate::entity::{Op, Value};
use crate::rewrite::Rewriter;

/// After-region arguments the condition fills with the condition value read `true`.
pub(super) fn while_condition_truth(rw: &mut Rewriter, _op: Op, parts: &WhileParts) -> bool {
    let condition = rw.operand(parts.condition, 0);
    let truthful: Vec<Value> = rw
        .block_args(parts.after)
        .iter()
        .enumerate()
        .filter(|&(j, &arg)| rw.operand(parts.condition, 1 + j) == condition && rw.has_uses(arg))
        .map(|(_, &arg)| arg)
        .collect();
    if truthful.is_empty() {
        return false;
    }
    let Some(first) = rw.first_op(parts.after) else {
        return false;
    };
    let mut b = rw.builder_before(first);
    let t = ConstantOp::build_bool(&mut b, true).result(&b);
    for arg in truthful {
        rw.replace_all_uses_with(arg, t);
    }
    true
}

/// Comparisons in the after region of a forwarded operand of the condition's `arith.cmpi`
/// with the same other operand, at the same position: the same predicate is `true`, the
/// negated one `false`.
pub(super) fn while_cmp_cond(rw: &mut Rewriter, _op: Op, parts: &WhileParts) -> bool {
    let Some(cmp) = rw
        .defining_op(rw.operand(parts.condition, 0))
        .and_then(|d| CmpIOp::of(rw, d))
    else {
        return false;
    };
    let Some(predicate) = cmp.predicate(rw) else {
        return false;
    };
    let compared = [rw.operand(cmp.op(), 0), rw.operand(cmp.op(), 1)];
    let mut decided: Vec<(Op, bool)> = Vec::new();
    for j in 0..rw.block_args(parts.after).len() {
        let (arg, forwarded) = (
            rw.block_args(parts.after)[j],
            rw.operand(parts.condition, 1 + j),
        );
        for (position, &operand) in compared.iter().enumerate() {
            if forwarded != operand {
                continue;
            }
            for (user, index) in rw.uses(arg) {
                let Some(repeat) = CmpIOp::of(rw, user) else {
                    continue;
                };
                let other = 1 - position;
                let seen = decided.iter().any(|&(u, _)| u == user);
                if seen || index != position || rw.operand(user, other) != compared[other] {
                    continue;
                }
                match repeat.predicate(rw) {
                    Some(p) if p == predicate => decided.push((user, true)),
                    Some(p) if p == predicate.negated() => decided.push((user, false)),
                    _ => {}
                }
            }
        }
    }
    for &(user, value) in &decided {
        let mut b = rw.builder_before(user);
        let constant = ConstantOp::build_bool(&mut b, value).result(&b);
        rw.replace_op_uses(user, &[constant]);
        rw.erase_op(user);
    }
    !decided.is_empty()
}
