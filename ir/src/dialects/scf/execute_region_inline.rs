//! `scf.execute_region` whose region has several blocks, directly inside a function or
//! another `scf.execute_region` (regions that may hold several blocks): its blocks move into
//! the parent region, each `scf.yield` becomes a branch to the block that continues after it
//! (MLIR's `MultiBlockExecuteInliner`).
//!
//! ```text
//! A; %r = scf.execute_region -> T { ^e: X; cf.br ^y ^y: scf.yield %v } ; B(%r)
//! // becomes
//! A; cf.br ^e  ^e: X; cf.br ^y  ^y: cf.br ^next(%v)  ^next(%r: T): B(%r)
//! ```
//!
//! The region simplification that follows merges the blocks a lone branch joins. An
//! `scf.execute_region` marked `no_inline` stays.

use super::{ExecuteRegionOp, YieldOp};
use crate::builder::InsertPoint;
use crate::dialects::cf::BrOp;
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Value};
use crate::registry::Traits;
use crate::rewrite::Rewriter;

/// Whether `op` asks not to be inlined (the `no_inline` unit attribute).
pub(super) fn marked_no_inline(rw: &Rewriter, op: Op) -> bool {
    rw.get_attr(op, "no_inline").is_some()
}

/// Inlines a multi-block `scf.execute_region` into its function or execute-region parent.
pub(super) fn execute_region_inline_multi_block(rw: &mut Rewriter, op: Op) -> bool {
    let Some(view) = ExecuteRegionOp::of(rw, op) else {
        return false;
    };
    if marked_no_inline(rw, op) {
        return false;
    }
    let (Some(region), Some(block)) = (view.region(rw), rw.op_parent(op)) else {
        return false;
    };
    let Some(entry) = rw.entry_block(region) else {
        return false;
    };
    let parent_takes_blocks = rw
        .block_parent_op(block)
        .is_some_and(|p| rw.has_trait(p, Traits::FUNCTION_LIKE) || ExecuteRegionOp::is(rw, p));
    if !parent_takes_blocks || !rw.block_args(entry).is_empty() || !yields_fit(rw, op) {
        return false;
    }
    let blocks: Vec<Block> = rw.blocks(region).collect();
    let loc = rw.op_loc(op);
    let next = rw.split_block(block, op);
    BrOp::build(&mut rw.builder(InsertPoint::End(block), loc), entry, &[]);
    for &inner in &blocks {
        branch_yield_to(rw, inner, next);
    }
    let mut anchor = block;
    for inner in blocks {
        rw.move_block_after(inner, anchor);
        anchor = inner;
    }
    let types: Vec<_> = rw.results(op).iter().map(|&r| rw.value_type(r)).collect();
    let args: Vec<Value> = types
        .into_iter()
        .map(|t| rw.add_block_arg(next, t))
        .collect();
    rw.replace_op_uses(op, &args);
    rw.erase_op(op);
    true
}

/// Whether every block of `op`'s region ends in a terminator and every `scf.yield` among
/// them yields one value per result of `op`.
fn yields_fit(rw: &Rewriter, op: Op) -> bool {
    let n = rw.results(op).len();
    let Some(region) = rw.regions(op).first().copied() else {
        return false;
    };
    rw.blocks(region).all(|b| {
        rw.last_op(b).is_some_and(|t| {
            rw.has_trait(t, Traits::TERMINATOR) && (!YieldOp::is(rw, t) || rw.num_operands(t) == n)
        })
    })
}

/// Replaces the `scf.yield` ending `block` (if it ends in one) by a branch to `next` passing
/// the yielded values.
fn branch_yield_to(rw: &mut Rewriter, block: Block, next: Block) {
    let Some(term) = rw.last_op(block).filter(|&t| YieldOp::is(rw, t)) else {
        return;
    };
    let values = rw.operand_vec(term);
    BrOp::build(&mut rw.builder_before(term), next, &values);
    rw.erase_op(term);
}

/// Results of an `scf.execute_region` (one kept as `no_inline`, or one the inliners cannot
/// take) that every `scf.yield` of its region yields as the same value from outside it (their
/// users read that value), or that nothing reads: the results and what the yields give them
/// go (an allocation yielded only there then dies too).
pub(super) fn execute_region_forwarded_results(rw: &mut Rewriter, op: Op) -> bool {
    if !ExecuteRegionOp::is(rw, op) || !yields_fit(rw, op) {
        return false;
    }
    let Some(region) = rw.regions(op).first().copied() else {
        return false;
    };
    let yields: Vec<Op> = rw
        .blocks(region)
        .filter_map(|b| rw.last_op(b).filter(|&t| YieldOp::is(rw, t)))
        .collect();
    let Some(&first) = yields.first() else {
        return false;
    };
    let n = rw.results(op).len();
    let forwarded: Vec<Option<Value>> = (0..n)
        .map(|i| {
            let v = rw.operand(first, i);
            let same = yields.iter().all(|&y| rw.operand(y, i) == v);
            (same && super::canonicalize::defined_outside(rw, v, op)).then_some(v)
        })
        .collect();
    let unused: Vec<bool> = (0..n).map(|i| !rw.has_uses(rw.result(op, i))).collect();
    if (0..n).all(|i| forwarded[i].is_none() && !unused[i]) {
        return false;
    }
    let kept: Vec<usize> = (0..n)
        .filter(|&i| forwarded[i].is_none() && !unused[i])
        .collect();
    for (i, v) in forwarded.iter().enumerate() {
        if let Some(v) = *v {
            rw.replace_all_uses_with(rw.result(op, i), v);
        }
    }
    for y in yields {
        let values: Vec<Value> = kept.iter().map(|&k| rw.operand(y, k)).collect();
        rw.set_operands(y, &values);
    }
    let operands = rw.operand_vec(op);
    super::while_canonicalize::rebuild_with_kept_results(rw, op, operands, &kept);
    true
}
