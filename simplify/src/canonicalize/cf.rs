//! `cf.cond_br` patterns: constant condition, both successors identical.

use ir::{Context, Op, OpState};

use crate::ir_util::const_bool;

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
