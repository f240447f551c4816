//! `cf.cond_br` patterns: constant condition, both successors identical (with the same
//! operands, or with differing operands merged by `arith.select` when the branch's block is
//! the successor's only predecessor).

use ir::{Context, Op, OpState, Value};

use crate::ir_util::{const_bool, create_before};

/// Replaces the conditional branch `op` by an unconditional `cf.br` to successor `index`.
fn branch_to(ctx: &mut Context, op: Op, index: usize) -> bool {
    let Some(&dest) = ctx.successors(op).get(index) else {
        return false;
    };
    let operands = ctx.successor_operands(op, index);
    let name = ctx.registry.get_or_unregistered("cf.br");
    let mut state = OpState::new(name, ctx.op_loc(op));
    state.operands = operands;
    state.successors = vec![dest];
    let br = ctx.create_op(state);
    ctx.insert_op_before(op, br);
    ctx.erase_op(op);
    true
}

/// `cf.cond_br true/false` → `cf.br`.
pub(super) fn cond_br_constant(ctx: &mut Context, op: Op) -> bool {
    if ctx.num_operands(op) == 0 || ctx.successors(op).len() != 2 {
        return false;
    }
    match const_bool(ctx, ctx.operand(op, 0)) {
        Some(true) => branch_to(ctx, op, 0),
        Some(false) => branch_to(ctx, op, 1),
        None => false,
    }
}

/// `cf.cond_br %c, ^bb(args), ^bb(args)` → `cf.br ^bb(args)`.
pub(super) fn cond_br_same_successor(ctx: &mut Context, op: Op) -> bool {
    let succ = ctx.successors(op);
    if succ.len() != 2 || succ[0] != succ[1] {
        return false;
    }
    if ctx.successor_operands(op, 0) != ctx.successor_operands(op, 1) {
        return false;
    }
    branch_to(ctx, op, 0)
}

/// `cf.cond_br %c, ^bb(a...), ^bb(b...)` where the branch's block is `^bb`'s only predecessor
/// → `cf.br ^bb(select(%c, a, b)...)` (MLIR's `SimplifyCondBranchIdenticalSuccessors`).
pub(super) fn cond_br_same_successor_select(ctx: &mut Context, op: Op) -> bool {
    let succ = ctx.successors(op);
    if succ.len() != 2 || succ[0] != succ[1] || ctx.num_operands(op) == 0 {
        return false;
    }
    let dest = succ[0];
    let (on_true, on_false) = (ctx.successor_operands(op, 0), ctx.successor_operands(op, 1));
    if on_true.len() != on_false.len() || on_true.len() != ctx.block_args(dest).len() {
        return false;
    }
    let Some(block) = ctx.op_parent(op) else {
        return false;
    };
    let only_from_here = analysis::cfg::predecessors(ctx, dest)
        .iter()
        .all(|&(term, _)| ctx.op_parent(term) == Some(block));
    if !only_from_here {
        return false;
    }
    let condition = ctx.operand(op, 0);
    let merged: Vec<Value> = on_true
        .into_iter()
        .zip(on_false)
        .map(|(t, f)| {
            if t == f {
                return t;
            }
            let ty = ctx.value_type(t);
            let select = create_before(ctx, op, "arith.select", &[condition, t, f], &[ty], &[]);
            ctx.result(select, 0)
        })
        .collect();
    let name = ctx.registry.get_or_unregistered("cf.br");
    let mut state = OpState::new(name, ctx.op_loc(op));
    state.operands = merged;
    state.successors = vec![dest];
    let br = ctx.create_op(state);
    ctx.insert_op_before(op, br);
    ctx.erase_op(op);
    true
}

/// `cf.assert true` is erased.
pub(super) fn assert_true(ctx: &mut Context, op: Op) -> bool {
    if ctx.num_operands(op) == 0 || const_bool(ctx, ctx.operand(op, 0)) != Some(true) {
        return false;
    }
    ctx.erase_op(op);
    true
}
