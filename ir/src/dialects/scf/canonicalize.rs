//! `scf.if` patterns, behind the screen of `if_screen`: constant condition, trivial yields to
//! `arith.select`, (from `duplicate_results`) results always equal to an earlier one, dead
//! results, empty else, (from `if_combine`) two `scf.if` in a row on the same condition, and
//! (from `free_guards`) two guarded frees on one condition with no allocation between them.

use super::IfOp;
use super::if_screen::{IfFacts, Need};
use crate::context::{Context, ValueDef};
use crate::dialects::arith::{ConstantOp, SelectOp};
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Value};
use crate::registry::{Registry, Traits};
use crate::rewrite::{Pattern, Rewriter};
use smallvec::SmallVec;

/// Registers the patterns of `scf.if` (and, from `loops_canonicalize`, of the loops).
pub(crate) fn register(reg: &mut Registry) {
    super::loops_canonicalize::register(reg);
    if let Some(def) = reg.def_mut(IfOp::NAME) {
        def.canonicalization.patterns = &[if_patterns];
    }
}

/// The `scf.if` patterns, in the order they are tried, each with the fact it cannot apply
/// without (see `if_screen`).
pub(super) const IF_PATTERNS: &[(Pattern, Need)] = &[
    (
        super::if_nested::if_negated_condition_swap,
        Need::NegatedCondition,
    ),
    (super::if_nested::if_combine_nested, Need::LeadingIf),
    (
        super::if_nested::if_condition_propagation,
        Need::ConditionUsedOutsideTheBlock,
    ),
    (if_constant_condition, Need::ConstantCondition),
    (if_trivial_to_select, Need::Results),
    (
        super::duplicate_results::duplicate_results,
        Need::TwoResults,
    ),
    (if_remove_dead_results, Need::DeadResult),
    (if_remove_empty_else, Need::ElseOfOneOp),
    (
        super::if_combine::if_combine_same_condition,
        Need::IfOnConditionBeside,
    ),
    (
        super::free_guards::if_merge_free_guards,
        Need::IfOnConditionBeside,
    ),
];

/// Applies the first `scf.if` pattern that changes `op`, trying only those whose need the
/// screen of `if_screen` finds may hold.
fn if_patterns(rw: &mut Rewriter, op: Op) -> bool {
    let facts = IfFacts::of(rw, op);
    IF_PATTERNS
        .iter()
        .any(|&(pattern, need)| facts.allow(need) && pattern(rw, op))
}

/// The single block of region `i` of `op`, if it has exactly one.
#[inline]
fn single_block(ctx: &Context, op: Op, i: usize) -> Option<Block> {
    let region = *ctx.regions(op).get(i)?;
    let first = ctx.entry_block(region)?;
    (ctx.next_block(first).is_none()).then_some(first)
}

/// The terminator of `block` if it is a terminator.
#[inline]
fn terminator(ctx: &Context, block: Block) -> Option<Op> {
    ctx.last_op(block)
        .filter(|&t| ctx.has_trait(t, Traits::TERMINATOR))
}

/// `scf.if true/false`: inline the taken branch.
fn if_constant_condition(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.regions(op).len() != 2 {
        return false;
    }
    let Some(cond) = ConstantOp::as_bool(rw, rw.operand(op, 0)) else {
        return false;
    };
    let index = if cond { 0 } else { 1 };
    let region = rw.regions(op)[index];
    if rw.entry_block(region).is_none() {
        if !rw.results(op).is_empty() {
            return false;
        }
        rw.erase_op(op);
        return true;
    }
    let Some(block) = single_block(rw, op, index) else {
        return false;
    };
    super::loops_canonicalize::inline_block_before(rw, op, block, &[])
}

/// Results whose yielded values are both defined outside the `scf.if` become
/// `arith.select` (or the value itself when both arms yield it).
fn if_trivial_to_select(rw: &mut Rewriter, op: Op) -> bool {
    if rw.results(op).is_empty() || rw.num_operands(op) != 1 {
        return false;
    }
    let (Some(then_block), Some(else_block)) = (single_block(rw, op, 0), single_block(rw, op, 1))
    else {
        return false;
    };
    let (Some(t_yield), Some(e_yield)) = (terminator(rw, then_block), terminator(rw, else_block))
    else {
        return false;
    };
    let n = rw.results(op).len();
    if rw.num_operands(t_yield) != n || rw.num_operands(e_yield) != n {
        return false;
    }
    let cond = rw.operand(op, 0);
    let mut changed = false;
    for i in 0..n {
        let result = rw.result(op, i);
        if !rw.has_uses(result) {
            continue;
        }
        let (t, f) = (rw.operand(t_yield, i), rw.operand(e_yield, i));
        // A value of the yielding block itself is inside: known without the ancestor walk.
        let in_own_block = rw.value_parent_block(t) == Some(then_block)
            || rw.value_parent_block(f) == Some(else_block);
        if in_own_block || !defined_outside(rw, t, op) || !defined_outside(rw, f, op) {
            continue;
        }
        let replacement = if t == f {
            t
        } else {
            let mut b = rw.builder_before(op);
            SelectOp::build(&mut b, cond, t, f).result(&b)
        };
        rw.replace_all_uses_with(result, replacement);
        changed = true;
    }
    changed
}

pub(super) fn defined_outside(ctx: &Context, v: Value, op: Op) -> bool {
    let def_op = match ctx.value_def(v) {
        ValueDef::Result { op: d, .. } => Some(d),
        ValueDef::BlockArg { block, .. } => ctx.block_parent_op(block),
        ValueDef::Placeholder => return false,
    };
    match ctx.value_def(v) {
        ValueDef::Result { op: d, .. } => !ctx.is_ancestor(op, d),
        _ => def_op.is_none_or(|p| p != op && !ctx.is_ancestor(op, p)),
    }
}

/// Drops unused results (and the matching yield operands).
fn if_remove_dead_results(rw: &mut Rewriter, op: Op) -> bool {
    let n = rw.results(op).len();
    if rw.results(op).iter().all(|&r| rw.has_uses(r)) || rw.regions(op).len() != 2 {
        return false;
    }
    let live: SmallVec<[usize; 8]> = (0..n).filter(|&i| rw.has_uses(rw.result(op, i))).collect();
    let mut yields: SmallVec<[Op; 2]> = SmallVec::new();
    for &region in rw.regions(op) {
        let Some(block) = rw.entry_block(region) else {
            continue;
        };
        match terminator(rw, block) {
            Some(t) if rw.num_operands(t) == n => yields.push(t),
            _ => return false,
        }
    }
    for t in yields {
        let kept: SmallVec<[Value; 8]> = live.iter().map(|&i| rw.operand(t, i)).collect();
        rw.set_operands(t, &kept);
    }
    let operands = rw.operand_vec(op);
    super::while_canonicalize::rebuild_with_kept_results(rw, op, operands, &live);
    true
}

/// An else branch holding only an operand-less yield is removed.
fn if_remove_empty_else(rw: &mut Rewriter, op: Op) -> bool {
    if !rw.results(op).is_empty() || rw.regions(op).len() != 2 {
        return false;
    }
    let Some(block) = single_block(rw, op, 1) else {
        return false;
    };
    let only_yield = rw
        .first_op(block)
        .is_some_and(|first| Some(first) == terminator(rw, block) && rw.num_operands(first) == 0);
    if !only_yield {
        return false;
    }
    rw.erase_block(block);
    true
}
