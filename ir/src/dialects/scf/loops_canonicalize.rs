//! `scf.for`, `scf.execute_region` and `scf.index_switch` patterns: iteration arguments that
//! never change, loops that run zero times or once, inlining a single-block
//! `scf.execute_region`, a switch on a constant (MLIR's `ForOpIterArgsFolder`,
//! `SimplifyTrivialLoops`, `SingleBlockExecuteInliner` and `FoldConstantCase`), switch results
//! every case yields from outside or nothing reads, and (from `duplicate_results`) switch results
//! always equal to an earlier one.

use super::while_canonicalize::{rebuild_with_kept_results, while_patterns};
use super::{ExecuteRegionOp, ForOp, IndexSwitchOp, WhileOp, YieldOp};
use crate::context::Context;
use crate::dialects::arith::ConstantOp;
use crate::dialects::syntax::dense_array;
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Value};
use crate::registry::{Registry, Traits};
use crate::rewrite::Rewriter;
use smallvec::SmallVec;

/// Registers the patterns of `scf.for`, `scf.while`, `scf.execute_region` and
/// `scf.index_switch`.
pub(crate) fn register(reg: &mut Registry) {
    if let Some(def) = reg.def_mut(ForOp::NAME) {
        def.canonicalization.patterns = &[
            for_forwarded_iter_args,
            for_trivial_trip_count,
            super::for_trip_count::for_known_trip_count,
        ];
    }
    if let Some(def) = reg.def_mut(WhileOp::NAME) {
        def.canonicalization.patterns = &[while_patterns];
    }
    if let Some(def) = reg.def_mut(ExecuteRegionOp::NAME) {
        def.canonicalization.patterns = &[
            execute_region_inline_single_block,
            super::execute_region_inline::execute_region_inline_multi_block,
            super::execute_region_inline::execute_region_forwarded_results,
        ];
    }
    if let Some(def) = reg.def_mut(IndexSwitchOp::NAME) {
        def.canonicalization.patterns = &[
            index_switch_constant,
            index_switch_same_yield,
            super::duplicate_results::duplicate_results,
            index_switch_dead_results,
        ];
    }
}

/// The `scf.yield` ending `block`, if it ends in one.
fn yield_of(ctx: &Context, block: Block) -> Option<Op> {
    ctx.last_op(block).filter(|&t| YieldOp::is(ctx, t))
}

/// The parts of a well-formed `scf.for`: its body and yield, and how many iteration arguments
/// it carries (init `k` is operand `3 + k`, argument `k` is body argument `1 + k`); read in
/// place, as most visits change nothing.
struct ForParts {
    body: Block,
    yield_op: Op,
    carried: usize,
}

impl ForParts {
    /// The init value of iteration argument `k`.
    fn init(&self, ctx: &Context, op: Op, k: usize) -> Value {
        ctx.operand(op, 3 + k)
    }

    /// Iteration argument `k` (a body argument).
    fn iter_arg(&self, ctx: &Context, k: usize) -> Value {
        ctx.block_args(self.body)[1 + k]
    }

    /// The value the body yields for iteration argument `k`.
    fn yielded(&self, ctx: &Context, k: usize) -> Value {
        ctx.operand(self.yield_op, k)
    }
}

fn for_parts(ctx: &Context, op: Op) -> Option<ForParts> {
    let for_op = ForOp::of(ctx, op)?;
    let body = for_op.body(ctx)?;
    let yield_op = yield_of(ctx, body)?;
    let carried = ctx.num_operands(op).checked_sub(3)?;
    let consistent = ctx.block_args(body).len() == 1 + carried
        && ctx.num_operands(yield_op) == carried
        && ctx.results(op).len() == carried;
    consistent.then_some(ForParts {
        body,
        yield_op,
        carried,
    })
}

/// Iteration arguments that keep their initial value on every trip (the body yields the
/// argument itself or the init value), or that nothing reads (neither the body nor the
/// result's users), are removed: their uses and the result's read the init value. An argument
/// with the same init value and the same yielded value as an earlier kept one always equals it,
/// and is removed too: its uses and its result's read the earlier argument and result.
fn for_forwarded_iter_args(rw: &mut Rewriter, op: Op) -> bool {
    let Some(parts) = for_parts(rw, op) else {
        return false;
    };
    if keeps_every_argument(rw, op, &parts) {
        return false;
    }
    let forwarded: SmallVec<[bool; 8]> = (0..parts.carried)
        .map(|k| is_forwarded(rw, op, &parts, k))
        .collect();
    // A forwarded argument goes anyway, so it is no one's first: its pair is made unique.
    let pair = |k: usize| {
        (
            parts.init(rw, op, k),
            parts.yielded(rw, k),
            forwarded[k].then_some(k),
        )
    };
    let duplicates = super::while_duplicates::later_duplicates(parts.carried, pair);
    if duplicates.is_empty() && !forwarded.contains(&true) {
        return false;
    }
    let mut duplicate_of: Vec<Option<usize>> = vec![None; parts.carried];
    for (k, first) in duplicates {
        duplicate_of[k] = Some(first);
    }
    let removed: Vec<bool> = (0..parts.carried)
        .map(|k| forwarded[k] || duplicate_of[k].is_some())
        .collect();
    let results = rw.results(op).to_vec();
    for k in (0..parts.carried).rev().filter(|&k| removed[k]) {
        let init = parts.init(rw, op, k);
        let (arg_value, result_value) = match duplicate_of[k] {
            Some(first) => (parts.iter_arg(rw, first), results[first]),
            None => (init, init),
        };
        let iter_arg = parts.iter_arg(rw, k);
        rw.replace_all_uses_with(iter_arg, arg_value);
        rw.replace_all_uses_with(results[k], result_value);
        rw.erase_block_arg(parts.body, k + 1);
        rw.erase_operand(parts.yield_op, k);
    }
    let kept: Vec<usize> = (0..parts.carried).filter(|&k| !removed[k]).collect();
    rebuild_with_results(rw, op, &kept, 3);
    true
}

/// Up to this many iteration arguments, [`keeps_every_argument`] compares them pair by pair.
const FEW_ARGUMENTS: usize = 4;

/// Whether [`for_forwarded_iter_args`] certainly removes nothing from a loop of a few
/// iteration arguments: none is forwarded and no two have the same init and yielded values.
/// Decided in place, as most loops keep every argument; `false` (find out) for more arguments.
fn keeps_every_argument(ctx: &Context, op: Op, parts: &ForParts) -> bool {
    let pair = |k: usize| (parts.init(ctx, op, k), parts.yielded(ctx, k));
    parts.carried <= FEW_ARGUMENTS
        && (0..parts.carried).all(|k| !is_forwarded(ctx, op, parts, k))
        && (1..parts.carried).all(|k| (0..k).all(|i| pair(i) != pair(k)))
}

/// Whether iteration argument `k` keeps its initial value on every trip, or nothing reads it
/// (see [`for_forwarded_iter_args`]).
#[inline]
fn is_forwarded(ctx: &Context, op: Op, parts: &ForParts, k: usize) -> bool {
    let (init, arg, yielded) = (
        parts.init(ctx, op, k),
        parts.iter_arg(ctx, k),
        parts.yielded(ctx, k),
    );
    yielded == arg || yielded == init || (!ctx.has_uses(arg) && !ctx.has_uses(ctx.result(op, k)))
}

/// Replaces `op` by a copy that keeps only results `kept` (and the operands after the first
/// `fixed` that match them), moving its regions over.
fn rebuild_with_results(rw: &mut Rewriter, op: Op, kept: &[usize], fixed: usize) {
    let mut operands: Vec<Value> = (0..fixed).map(|i| rw.operand(op, i)).collect();
    operands.extend(kept.iter().map(|&k| rw.operand(op, fixed + k)));
    rebuild_with_kept_results(rw, op, operands, kept);
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
    let no_inline = super::execute_region_inline::marked_no_inline(rw, op);
    if no_inline || rw.next_block(block).is_some() || !rw.block_args(block).is_empty() {
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
    inline_block_before(rw, op, block, &[])
}

/// Moves the ops of single-block `block` (ending in `scf.yield`) before `op`, with its
/// arguments reading `args`, and replaces `op`'s results by the yielded values.
pub(super) fn inline_block_before(rw: &mut Rewriter, op: Op, block: Block, args: &[Value]) -> bool {
    let Some(term) = yield_of(rw, block) else {
        return false;
    };
    if rw.num_operands(term) != rw.results(op).len() || rw.block_args(block).len() != args.len() {
        return false;
    }
    let block_args = rw.block_args(block).to_vec();
    for (&arg, &v) in block_args.iter().zip(args) {
        rw.replace_all_uses_with(arg, v);
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

/// `scf.for` with constant bounds and step that runs zero times (its results are the inits)
/// or once (its body runs in its place with the lower bound and the inits).
fn for_trivial_trip_count(rw: &mut Rewriter, op: Op) -> bool {
    let Some(for_op) = ForOp::of(rw, op) else {
        return false;
    };
    // The bounds first: rarely all constant, and then nothing else matters.
    let Some((lb, ub, step)) = for_op.constant_bounds(rw) else {
        return false;
    };
    if rw.get_attr(op, "unsignedCmp").is_some() || for_parts(rw, op).is_none() {
        return false;
    }
    let inits: Vec<Value> = for_op.init_args(rw).collect();
    if ub <= lb {
        rw.replace_op_uses(op, &inits);
        rw.erase_op(op);
        return true;
    }
    if step <= 0 || lb.saturating_add(step) < ub {
        return false;
    }
    let Some(body) = for_op.body(rw) else {
        return false;
    };
    let mut args = vec![for_op.lower_bound(rw)];
    args.extend(inits);
    inline_block_before(rw, op, body, &args)
}

/// `scf.index_switch` on a constant: the matching case (or the default) runs in its place.
fn index_switch_constant(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 {
        return false;
    }
    let Some(value) = ConstantOp::as_int(rw, rw.operand(op, 0)) else {
        return false;
    };
    let cases = dense_array(rw, op, "cases").unwrap_or_default();
    if cases.len() + 1 != rw.regions(op).len() {
        return false;
    }
    let index = cases
        .iter()
        .position(|&c| i128::from(c) == value)
        .map_or(0, |k| k + 1);
    let region = rw.regions(op)[index];
    let Some(block) = rw.entry_block(region) else {
        return false;
    };
    if rw.next_block(block).is_some() {
        return false;
    }
    inline_block_before(rw, op, block, &[])
}

/// The `scf.yield` of every case of switch `op` (the default included), if each case is one
/// block ending in a yield of one value per result.
pub(super) fn switch_yields(ctx: &Context, op: Op) -> Option<SmallVec<[Op; 4]>> {
    let n = ctx.results(op).len();
    // Inline for the few regions of an `scf.if` or a small switch: no allocation on the
    // many visits that change nothing.
    let mut yields = SmallVec::new();
    for &region in ctx.regions(op) {
        let block = ctx.entry_block(region)?;
        if ctx.next_block(block).is_some() {
            return None;
        }
        let term = yield_of(ctx, block).filter(|&t| ctx.num_operands(t) == n)?;
        yields.push(term);
    }
    Some(yields)
}

/// A switch result every case yields as the same value defined outside the switch: its uses
/// read that value.
fn index_switch_same_yield(rw: &mut Rewriter, op: Op) -> bool {
    let Some(yields) = switch_yields(rw, op) else {
        return false;
    };
    let Some(&first) = yields.first() else {
        return false;
    };
    let results = rw.results(op).to_vec();
    let mut changed = false;
    for (i, &result) in results.iter().enumerate() {
        let value = rw.operand(first, i);
        let same = yields.iter().all(|&y| rw.operand(y, i) == value);
        if same && rw.has_uses(result) && super::canonicalize::defined_outside(rw, value, op) {
            rw.replace_all_uses_with(result, value);
            changed = true;
        }
    }
    changed
}

/// Switch results nothing reads go, with the values every case yields for them.
fn index_switch_dead_results(rw: &mut Rewriter, op: Op) -> bool {
    let results = rw.results(op).to_vec();
    let dead: Vec<usize> = (0..results.len())
        .filter(|&i| !rw.has_uses(results[i]))
        .collect();
    if dead.is_empty() {
        return false;
    }
    let Some(yields) = switch_yields(rw, op) else {
        return false;
    };
    for y in yields {
        rw.erase_operands(y, &dead);
    }
    let kept: Vec<usize> = (0..results.len()).filter(|i| !dead.contains(i)).collect();
    let operands = rw.operand_vec(op);
    rebuild_with_kept_results(rw, op, operands, &kept);
    true
}
