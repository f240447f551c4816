//! `scf.for` and `scf.execute_region` patterns: iteration arguments that never change, and
//! inlining a single-block `scf.execute_region` (MLIR's `ForOpIterArgsFolder` and
//! `SingleBlockExecuteInliner`).

use super::{ExecuteRegionOp, ForOp, YieldOp};
use crate::context::{Context, OpState};
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Value};
use crate::registry::{Registry, Traits};
use crate::rewrite::Rewriter;

/// Registers the patterns of `scf.for` and `scf.execute_region`.
pub(crate) fn register(reg: &mut Registry) {
    if let Some(def) = reg.def_mut(ForOp::NAME) {
        def.canonicalization.patterns = &[for_forwarded_iter_args];
    }
    if let Some(def) = reg.def_mut(ExecuteRegionOp::NAME) {
        def.canonicalization.patterns = &[execute_region_inline_single_block];
    }
}

/// The `scf.yield` ending `block`, if it ends in one.
fn yield_of(ctx: &Context, block: Block) -> Option<Op> {
    ctx.last_op(block).filter(|&t| YieldOp::is(ctx, t))
}

/// The parts of a well-formed `scf.for`: body, yield, inits, iteration arguments.
struct ForParts {
    yield_op: Op,
    inits: Vec<Value>,
    iter_args: Vec<Value>,
}

fn for_parts(ctx: &Context, op: Op) -> Option<ForParts> {
    let for_op = ForOp::of(ctx, op)?;
    let body = for_op.body(ctx)?;
    let yield_op = yield_of(ctx, body)?;
    let inits: Vec<Value> = for_op.init_args(ctx).collect();
    let iter_args = for_op.region_iter_args(ctx).to_vec();
    let consistent = inits.len() == iter_args.len()
        && ctx.num_operands(yield_op) == inits.len()
        && ctx.results(op).len() == inits.len()
        && ctx.num_operands(op) == 3 + inits.len();
    consistent.then_some(ForParts {
        yield_op,
        inits,
        iter_args,
    })
}

/// Iteration arguments that keep their initial value on every trip (the body yields the
/// argument itself or the init value), or that nothing reads (neither the body nor the
/// result's users), are removed: their uses and the result's read the init value.
fn for_forwarded_iter_args(rw: &mut Rewriter, op: Op) -> bool {
    let Some(parts) = for_parts(rw, op) else {
        return false;
    };
    let results = rw.results(op).to_vec();
    let forwarded: Vec<bool> = (0..parts.inits.len())
        .map(|k| {
            let (init, arg) = (parts.inits[k], parts.iter_args[k]);
            let yielded = rw.operand(parts.yield_op, k);
            yielded == arg || yielded == init || (!rw.has_uses(arg) && !rw.has_uses(results[k]))
        })
        .collect();
    if !forwarded.contains(&true) {
        return false;
    }
    let Some(body) = rw.op_parent(parts.yield_op) else {
        return false;
    };
    for k in (0..parts.inits.len()).rev().filter(|&k| forwarded[k]) {
        let init = parts.inits[k];
        rw.replace_all_uses_with(parts.iter_args[k], init);
        rw.replace_all_uses_with(results[k], init);
        rw.erase_block_arg(body, k + 1);
        rw.erase_operand(parts.yield_op, k);
    }
    let kept: Vec<usize> = (0..parts.inits.len()).filter(|&k| !forwarded[k]).collect();
    rebuild_with_results(rw, op, &kept, 3);
    true
}

/// Replaces `op` by a copy that keeps only results `kept` (and the operands after the first
/// `fixed` that match them), moving its regions over.
fn rebuild_with_results(rw: &mut Rewriter, op: Op, kept: &[usize], fixed: usize) {
    let results = rw.results(op).to_vec();
    let mut operands: Vec<Value> = (0..fixed).map(|i| rw.operand(op, i)).collect();
    operands.extend(kept.iter().map(|&k| rw.operand(op, fixed + k)));
    let (name, attrs) = (rw.op_name(op), rw.attrs(op).to_vec());
    let old_regions = rw.regions(op).to_vec();
    let mut b = rw.builder_before(op);
    let mut state = OpState::new(name, b.loc());
    state.operands = operands;
    state.result_types = kept.iter().map(|&k| b.value_type(results[k])).collect();
    state.attrs = attrs;
    let new_regions: Vec<_> = old_regions.iter().map(|_| b.region()).collect();
    state.regions = new_regions.clone();
    let new = b.create(state);
    for (old_r, new_r) in old_regions.into_iter().zip(new_regions) {
        rw.take_region_body(old_r, new_r);
    }
    for (position, &k) in kept.iter().enumerate() {
        let v = rw.result(new, position);
        rw.replace_all_uses_with(results[k], v);
    }
    rw.erase_op(op);
}

/// `scf.execute_region` whose region is one block ending in `scf.yield`: its ops move before
/// it and its results become the yielded values.
fn execute_region_inline_single_block(rw: &mut Rewriter, op: Op) -> bool {
    let Some(view) = ExecuteRegionOp::of(rw, op) else {
        return false;
    };
    let Some(block) = view.entry_block(rw) else {
        return false;
    };
    if rw.next_block(block).is_some() || !rw.block_args(block).is_empty() {
        return false;
    }
    let Some(term) = yield_of(rw, block) else {
        return false;
    };
    let parent_is_graph = rw
        .op_parent(op)
        .and_then(|b| rw.block_parent_op(b))
        .is_none_or(|p| rw.has_trait(p, Traits::GRAPH_REGION));
    if parent_is_graph || rw.num_operands(term) != rw.results(op).len() {
        return false;
    }
    let yielded = rw.operand_vec(term);
    let ops: Vec<Op> = rw.block_ops(block).filter(|&o| o != term).collect();
    for nested in ops {
        rw.move_op_before(nested, op);
    }
    rw.replace_op_uses(op, &yielded);
    rw.erase_op(op);
    true
}
