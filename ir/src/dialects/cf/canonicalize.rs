//! `cf.cond_br` patterns: constant condition, both successors identical (with the same
//! operands, or with differing operands merged by `arith.select` when the branch's block is
//! the successor's only predecessor), a successor that holds nothing but `ub.unreachable`.
//! `cf.br` and `cf.cond_br`: an edge to a block that holds nothing but a `cf.br` goes straight
//! to that branch's destination (MLIR's `SimplifyPassThroughBr` and
//! `SimplifyPassThroughCondBranch`). The patterns that need every block's predecessors (a
//! branch on a condition its only predecessor already tested; the condition's uses in a
//! successor it alone reaches) are in the region simplification of `canonicalize`, which
//! computes them once per region.

use super::{AssertOp, BrOp, CondBrOp};
use crate::context::{Context, ValueDef};
use crate::dialects::arith::{ConstantOp, SelectOp};
use crate::dialects::ub::UnreachableOp;
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Value};
use crate::interfaces::predecessors;
use crate::registry::Registry;
use crate::rewrite::Rewriter;

/// Registers the patterns of `cf.cond_br` and `cf.assert`.
pub(crate) fn register(reg: &mut Registry) {
    if let Some(def) = reg.def_mut(BrOp::NAME) {
        def.canonicalization.patterns = &[br_pass_through];
    }
    if let Some(def) = reg.def_mut(CondBrOp::NAME) {
        def.canonicalization.patterns = &[
            cond_br_constant,
            cond_br_pass_through,
            cond_br_same_successor,
            cond_br_same_successor_select,
            cond_br_to_unreachable,
        ];
    }
    if let Some(def) = reg.def_mut(AssertOp::NAME) {
        def.canonicalization.patterns = &[assert_true];
    }
}

/// Replaces the conditional branch `op` by an unconditional `cf.br` to successor `index`.
fn branch_to(rw: &mut Rewriter, op: Op, index: usize) -> bool {
    let Some(&dest) = rw.successors(op).get(index) else {
        return false;
    };
    let operands = rw.successor_operands(op, index);
    replace_by_branch(rw, op, dest, operands)
}

/// Replaces the branch `op` by `cf.br ^dest(operands)`.
fn replace_by_branch(rw: &mut Rewriter, op: Op, dest: Block, operands: Vec<Value>) -> bool {
    BrOp::build(&mut rw.builder_before(op), dest, &operands);
    rw.erase_op(op);
    true
}

/// `cf.cond_br true/false` → `cf.br`.
fn cond_br_constant(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) == 0 || rw.successors(op).len() != 2 {
        return false;
    }
    match ConstantOp::as_bool(rw, rw.operand(op, 0)) {
        Some(true) => branch_to(rw, op, 0),
        Some(false) => branch_to(rw, op, 1),
        None => false,
    }
}

/// `cf.cond_br %c, ^a, ^b` where `^b` holds nothing but `ub.unreachable` → `cf.br ^a`: taking
/// the branch to `^b` is undefined behaviour (as `mlir-opt-22`; when both successors are such
/// blocks, the branch goes to the first).
fn cond_br_to_unreachable(rw: &mut Rewriter, op: Op) -> bool {
    let succ = rw.successors(op);
    if succ.len() != 2 {
        return false;
    }
    let only_unreachable = |block: Block| {
        rw.first_op(block)
            .is_some_and(|first| UnreachableOp::is(rw, first) && rw.last_op(block) == Some(first))
    };
    if only_unreachable(succ[1]) {
        branch_to(rw, op, 0)
    } else if only_unreachable(succ[0]) {
        branch_to(rw, op, 1)
    } else {
        false
    }
}

/// `cf.cond_br %c, ^bb(args), ^bb(args)` → `cf.br ^bb(args)`.
fn cond_br_same_successor(rw: &mut Rewriter, op: Op) -> bool {
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
fn cond_br_same_successor_select(rw: &mut Rewriter, op: Op) -> bool {
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
    let only_from_here = predecessors(rw, dest)
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
            let mut b = rw.builder_before(op);
            SelectOp::build(&mut b, condition, t, f).result(&b)
        })
        .collect();
    replace_by_branch(rw, op, dest, merged)
}

/// Where an edge to `dest` passing `operands` lands when `dest` holds nothing but a `cf.br`
/// and its arguments feed only that branch: the branch's destination, with the branch's
/// operands (each argument of `dest` replaced by the operand passed for it). `None` otherwise,
/// or when the branch loops back to `dest`. A value the branch forwards that is not an
/// argument of `dest` dominates `dest`, hence every block branching to it.
fn collapse(ctx: &Context, dest: Block, operands: &[Value]) -> Option<(Block, Vec<Value>)> {
    let branch = only_branch(ctx, dest)?;
    let args = ctx.block_args(dest);
    if args.len() != operands.len()
        || args
            .iter()
            .any(|&a| ctx.uses(a).any(|(user, _)| user != branch))
    {
        return None;
    }
    let target = *ctx.successors(branch).first()?;
    if target == dest {
        return None;
    }
    let forwarded = ctx
        .operand_vec(branch)
        .into_iter()
        .map(|v| match ctx.value_def(v) {
            ValueDef::BlockArg { block, index } if block == dest => operands[index as usize],
            _ => v,
        })
        .collect();
    Some((target, forwarded))
}

/// The `cf.br` that is the only op of `block`, if any (a block that only forwards).
pub fn only_branch(ctx: &Context, block: Block) -> Option<Op> {
    let branch = ctx.first_op(block)?;
    (ctx.last_op(block) == Some(branch) && BrOp::is(ctx, branch)).then_some(branch)
}

/// `cf.br ^a(x)` where `^a(y)` holds only `cf.br ^b(f(y))` → `cf.br ^b(f(x))`.
fn br_pass_through(rw: &mut Rewriter, op: Op) -> bool {
    let Some(&dest) = rw.successors(op).first() else {
        return false;
    };
    if rw.op_parent(op) == Some(dest) || only_branch(rw, dest).is_none() {
        return false;
    }
    let operands = rw.successor_operands(op, 0);
    let Some((target, forwarded)) = collapse(rw, dest, &operands) else {
        return false;
    };
    replace_by_branch(rw, op, target, forwarded)
}

/// `cf.cond_br %c, ^a, ^b` where `^a` or `^b` holds only a `cf.br` → the same branch to that
/// branch's destination.
fn cond_br_pass_through(rw: &mut Rewriter, op: Op) -> bool {
    let succ = rw.successors(op).to_vec();
    if succ.len() != 2 || rw.num_operands(op) == 0 {
        return false;
    }
    if succ.iter().all(|&dest| only_branch(rw, dest).is_none()) {
        return false;
    }
    let mut edges: Vec<(Block, Vec<Value>)> = Vec::with_capacity(2);
    let mut collapsed = false;
    for (index, &dest) in succ.iter().enumerate() {
        let operands = rw.successor_operands(op, index);
        match collapse(rw, dest, &operands) {
            Some(edge) => {
                collapsed = true;
                edges.push(edge);
            }
            None => edges.push((dest, operands)),
        }
    }
    if !collapsed {
        return false;
    }
    let condition = rw.operand(op, 0);
    let (on_true, on_false) = (&edges[0], &edges[1]);
    CondBrOp::build(
        &mut rw.builder_before(op),
        condition,
        (on_true.0, &on_true.1),
        (on_false.0, &on_false.1),
    );
    rw.erase_op(op);
    true
}

/// `cf.assert true` is erased.
fn assert_true(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) == 0 || ConstantOp::as_bool(rw, rw.operand(op, 0)) != Some(true) {
        return false;
    }
    rw.erase_op(op);
    true
}
