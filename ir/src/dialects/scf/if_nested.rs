//! `scf.if` patterns over nested regions: an `scf.if` whose then block holds only another
//! `scf.if` (and whose else yields only) runs once on both conditions (MLIR's
//! `CombineNestedIfs`), uses of the condition inside the regions read `true` in the then
//! region and `false` in the else region (MLIR's `ConditionPropagation`), and an `scf.if` on
//! a negated condition (`arith.xori %c, true`) with an else region tests `%c` with its
//! regions swapped (what `IfOp::fold` does).
//!
//! ```text
//! scf.if %a { scf.if %b { X } }        // becomes  %c = arith.andi %a, %b; scf.if %c { X }
//! scf.if %a { use(%a) } else { use(%a) } // becomes  scf.if %a { use(%true) } else { use(%false) }
//! ```

use super::if_combine::region_index_within;
use super::{IfOp, YieldOp};
use crate::dialects::arith::{AndIOp, ConstantOp, SelectOp, XOrIOp};
use crate::dialects::memref::folded_constant;
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Value};
use crate::registry::Traits;
use crate::rewrite::Rewriter;

/// The `scf.yield` ending `block`.
fn yield_of(rw: &Rewriter, block: Block) -> Option<Op> {
    rw.last_op(block).filter(|&t| YieldOp::is(rw, t))
}

/// Whether `block` holds nothing but its terminator.
fn only_terminator(rw: &Rewriter, block: Block) -> bool {
    rw.first_op(block).is_some() && rw.first_op(block) == rw.last_op(block)
}

/// The nested `scf.if` an outer `scf.if` may absorb, with the outer then yield and the outer
/// else yield (when an else block exists).
struct Nest {
    inner: Op,
    inner_then: Block,
    then_yield: Op,
    else_yield: Option<Op>,
}

fn nest_of(rw: &Rewriter, op: Op) -> Option<Nest> {
    if rw.num_operands(op) != 1 {
        return None;
    }
    let outer = IfOp::of(rw, op)?;
    let then_block = outer.then_block(rw)?;
    // The block's shape first (two ops), then their kinds: most then blocks hold more.
    let inner = rw.first_op(then_block)?;
    let then_yield = rw.next_op(inner)?;
    if rw.last_op(then_block) != Some(then_yield)
        || !IfOp::is(rw, inner)
        || !YieldOp::is(rw, then_yield)
    {
        return None;
    }
    let else_yield = match outer.else_block(rw) {
        Some(b) if only_terminator(rw, b) => Some(yield_of(rw, b)?),
        Some(_) => return None,
        None => None,
    };
    let inner_view = IfOp::of(rw, inner)?;
    if inner_view
        .else_block(rw)
        .is_some_and(|b| !only_terminator(rw, b))
    {
        return None;
    }
    Some(Nest {
        inner,
        inner_then: inner_view.then_block(rw)?,
        then_yield,
        else_yield,
    })
}

/// What the merged `scf.if` yields when both conditions hold, and the results that read an
/// `arith.select` on the outer condition instead (their then value comes from outside).
fn merged_then_values(rw: &Rewriter, op: Op, nest: &Nest) -> Option<(Vec<Value>, Vec<usize>)> {
    let mut then_values = rw.operand_vec(nest.then_yield);
    let else_values = nest
        .else_yield
        .map(|y| rw.operand_vec(y))
        .unwrap_or_default();
    let inner_then_yield = yield_of(rw, nest.inner_then)?;
    let inner_else_yield = IfOp::of(rw, nest.inner)?
        .else_block(rw)
        .and_then(|b| yield_of(rw, b));
    let mut selects = Vec::new();
    for (i, value) in then_values.iter_mut().enumerate() {
        let from_inner = rw.results(nest.inner).iter().position(|&r| r == *value);
        match from_inner {
            Some(k) => {
                let inner_else = rw.operand(inner_else_yield?, k);
                if else_values.get(i) != Some(&inner_else) {
                    return None;
                }
                *value = rw.operand(inner_then_yield, k);
            }
            None if super::canonicalize::defined_outside(rw, *value, op) => selects.push(i),
            None => return None,
        }
    }
    (then_values.len() == rw.results(op).len()).then_some((then_values, selects))
}

/// Merges an `scf.if` whose then block is only another `scf.if` into one `scf.if` on the
/// conjunction of both conditions.
pub(super) fn if_combine_nested(rw: &mut Rewriter, op: Op) -> bool {
    let Some(nest) = nest_of(rw, op) else {
        return false;
    };
    let Some((then_values, selects)) = merged_then_values(rw, op, &nest) else {
        return false;
    };
    let Some(inner_then_yield) = yield_of(rw, nest.inner_then) else {
        return false;
    };
    let else_values = nest
        .else_yield
        .map(|y| rw.operand_vec(y))
        .unwrap_or_default();
    let (outer_cond, inner_cond) = (rw.operand(op, 0), rw.operand(nest.inner, 0));
    let mut b = rw.builder_before(op);
    let condition = AndIOp::build(&mut b, outer_cond, inner_cond).result(&b);
    let selected: Vec<(usize, Value)> = selects
        .iter()
        .map(|&i| {
            let v = SelectOp::build(&mut b, outer_cond, then_values[i], else_values[i]);
            (i, v.result(&b))
        })
        .collect();
    let moved: Vec<Op> = rw
        .block_ops(nest.inner_then)
        .filter(|&o| o != inner_then_yield)
        .collect();
    for inner_op in moved {
        rw.move_op_before(inner_op, nest.then_yield);
    }
    rw.set_operands(nest.then_yield, &then_values);
    rw.erase_op(nest.inner);
    rw.set_operand(op, 0, condition);
    if let Some(else_yield) = nest.else_yield.filter(|_| else_values.is_empty())
        && let Some(block) = rw.op_parent(else_yield)
    {
        rw.erase_block(block);
    }
    for (i, v) in selected {
        rw.replace_all_uses_with(rw.result(op, i), v);
    }
    true
}

/// Uses of an `scf.if`'s condition inside its then region read `true`, inside its else
/// region `false` (constants at the start of the function, where the folder puts them).
pub(super) fn if_condition_propagation(rw: &mut Rewriter, op: Op) -> bool {
    if !IfOp::is(rw, op) || rw.num_operands(op) != 1 {
        return false;
    }
    let condition = rw.operand(op, 0);
    let constant = rw
        .defining_op(condition)
        .is_some_and(|d| rw.has_trait(d, Traits::CONSTANT_LIKE));
    if constant {
        return false;
    }
    let mut uses: Vec<(Op, usize, bool)> = rw
        .uses(condition)
        .filter(|&(user, _)| user != op)
        .filter_map(|(user, i)| match region_index_within(rw, op, user)? {
            0 => Some((user, i, true)),
            1 => Some((user, i, false)),
            _ => None,
        })
        .collect();
    if uses.is_empty() {
        return false;
    }
    uses.reverse();
    let mut constants: [Option<Value>; 2] = [None, None];
    for (user, i, truth) in uses {
        let slot = usize::from(truth);
        let value = match constants[slot] {
            Some(v) => v,
            None => {
                let i1 = rw.interner().i1_type();
                let v = folded_constant(rw, op, i128::from(truth), i1);
                constants[slot] = Some(v);
                v
            }
        };
        rw.set_operand(user, i, value);
    }
    true
}

/// `scf.if (arith.xori %c, true)` with an else region: `scf.if %c` with the then and else
/// regions swapped.
pub(super) fn if_negated_condition_swap(rw: &mut Rewriter, op: Op) -> bool {
    // The condition's definer first: rarely an `arith.xori`.
    if rw.num_operands(op) != 1 {
        return false;
    }
    let Some(not) = rw
        .defining_op(rw.operand(op, 0))
        .filter(|&d| XOrIOp::is(rw, d))
    else {
        return false;
    };
    if !IfOp::is(rw, op) || rw.regions(op).len() != 2 {
        return false;
    }
    if rw.num_operands(not) != 2 || ConstantOp::as_bool(rw, rw.operand(not, 1)) != Some(true) {
        return false;
    }
    let [then_region, else_region] = [rw.regions(op)[0], rw.regions(op)[1]];
    if rw.entry_block(else_region).is_none() {
        return false;
    }
    let then_blocks: Vec<Block> = rw.blocks(then_region).collect();
    let else_blocks: Vec<Block> = rw.blocks(else_region).collect();
    for block in then_blocks {
        rw.move_block_to_end(block, else_region);
    }
    for block in else_blocks {
        rw.move_block_to_end(block, then_region);
    }
    let condition = rw.operand(not, 0);
    rw.set_operand(op, 0, condition);
    true
}
