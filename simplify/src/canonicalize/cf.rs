//! `cf.cond_br` patterns: constant condition, both successors identical (with the same
//! operands, or with differing operands merged by `arith.select` when the branch's block is
//! the successor's only predecessor).

use ir::{Op, OpState, Value};

use crate::ir_util::{const_bool, create_before};

use crate::rewriter::Rewriter;

/// Replaces the conditional branch `op` by an unconditional `cf.br` to successor `index`.
fn branch_to(rw: &mut Rewriter, op: Op, index: usize) -> bool {
    let Some(&dest) = rw.successors(op).get(index) else {
        return false;
    };
    let operands = rw.successor_operands(op, index);
    let name = rw.interner().registry.get_or_unregistered("cf.br");
    let mut state = OpState::new(name, rw.op_loc(op));
    state.operands = operands;
    state.successors = vec![dest];
    rw.create_before(op, state);
    rw.erase_op(op);
    true
}

/// `cf.cond_br true/false` → `cf.br`.
pub(super) fn cond_br_constant(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) == 0 || rw.successors(op).len() != 2 {
        return false;
    }
    match const_bool(rw, rw.operand(op, 0)) {
        Some(true) => branch_to(rw, op, 0),
        Some(false) => branch_to(rw, op, 1),
        None => false,
    }
}

/// `cf.cond_br %c, ^bb(args), ^bb(args)` → `cf.br ^bb(args)`.
pub(super) fn cond_br_same_successor(rw: &mut Rewriter, op: Op) -> bool {
    let succ = rw.successors(op);
    if succ.len() != 2 || succ[0] != succ[1] {
        return false;
    }
    if rw.successor_operands(op, 0) != rw.successor_operands(op, 1) {
        return false;
    }
    branch_to(rw, op, 0)
}

/// `cf.cond_br %c, ^bb(a...), ^bb(b...)` where the branch's block is `^bb`'s only predecessor
/// → `cf.br ^bb(select(%c, a, b)...)` (MLIR's `SimplifyCondBranchIdenticalSuccessors`).
pub(super) fn cond_br_same_successor_select(rw: &mut Rewriter, op: Op) -> bool {
    let succ = rw.successors(op);
    if succ.len() != 2 || succ[0] != succ[1] || rw.num_operands(op) == 0 {
        return false;
    }
    let dest = succ[0];
    let (on_true, on_false) = (rw.successor_operands(op, 0), rw.successor_operands(op, 1));
    if on_true.len() != on_false.len() || on_true.len() != rw.block_args(dest).len() {
        return false;
    }
    let Some(block) = rw.op_parent(op) else {
        return false;
    };
    let only_from_here = analysis::cfg::predecessors(rw, dest)
        .iter()
        .all(|&(term, _)| rw.op_parent(term) == Some(block));
    if !only_from_here {
        return false;
    }
    let condition = rw.operand(op, 0);
    let merged: Vec<Value> = on_true
        .into_iter()
        .zip(on_false)
        .map(|(t, f)| {
            if t == f {
                return t;
            }
            let ty = rw.value_type(t);
            let select = create_before(rw, op, "arith.select", &[condition, t, f], &[ty], &[]);
            rw.result(select, 0)
        })
        .collect();
    let name = rw.interner().registry.get_or_unregistered("cf.br");
    let mut state = OpState::new(name, rw.op_loc(op));
    state.operands = merged;
    state.successors = vec![dest];
    rw.create_before(op, state);
    rw.erase_op(op);
    true
}

/// `cf.assert true` is erased.
pub(super) fn assert_true(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) == 0 || const_bool(rw, rw.operand(op, 0)) != Some(true) {
        return false;
    }
    rw.erase_op(op);
    true
}
