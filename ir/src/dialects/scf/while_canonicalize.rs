//! `scf.while` patterns: loop-carried values that never change (MLIR's
//! `RemoveLoopInvariantArgsFromBeforeBlock` and `RemoveLoopInvariantValueYielded`), and
//! loop-carried values nothing reads (`WhileRemoveUnusedArgs`, `WhileUnusedResult`), and a
//! condition that forwards the before-region arguments in another order
//! (`WhileOpAlignBeforeArgs`); loop-carried values that always equal another are in
//! `while_duplicates`.
//!
//! ```text
//! %r:2 = scf.while (%a = %x, %f = %true) : (memref<2xf32>, i1) -> (memref<2xf32>, i1) {
//!   scf.condition(%c) %a, %f : memref<2xf32>, i1
//! } do {
//! ^bb0(%a2: memref<2xf32>, %f2: i1):
//!   scf.yield %new, %f2 : memref<2xf32>, i1
//! }
//! // %f is %true on entry and every trip passes it on unchanged: its uses read %true, and
//! // the condition then forwards a value defined outside the loop, so %f2 and %r#1 read
//! // %true too.
//! ```

use super::canonicalize::defined_outside;
use super::{ConditionOp, WhileOp, YieldOp};
use crate::context::{Context, OpState, ValueDef};
use crate::dialects::view::OpView;
use crate::entity::{Block, Op, Region, Value};
use crate::rewrite::Rewriter;
use smallvec::SmallVec;

/// The before and after blocks of a well-formed `scf.while` with their terminators.
pub(super) struct WhileParts {
    pub(super) before: Block,
    pub(super) after: Block,
    pub(super) condition: Op,
    pub(super) yield_op: Op,
}

pub(super) fn while_parts(ctx: &Context, op: Op) -> Option<WhileParts> {
    if !WhileOp::is(ctx, op) {
        return None;
    }
    // The regions' entry blocks read in place: this runs on every visit of a loop.
    let regions = ctx.regions(op);
    let before = ctx.entry_block(*regions.first()?)?;
    let after = ctx.entry_block(*regions.get(1)?)?;
    let condition = ctx.last_op(before).filter(|&t| ConditionOp::is(ctx, t))?;
    let yield_op = ctx.last_op(after).filter(|&t| YieldOp::is(ctx, t))?;
    let consistent = ctx.block_args(before).len() == ctx.num_operands(op)
        && ctx.num_operands(yield_op) == ctx.num_operands(op)
        && ctx.num_operands(condition) == 1 + ctx.block_args(after).len()
        && ctx.block_args(after).len() == ctx.results(op).len();
    consistent.then_some(WhileParts {
        before,
        after,
        condition,
        yield_op,
    })
}

/// A pattern of `scf.while` on the loop's parts.
type WhilePattern = fn(&mut Rewriter, Op, &WhileParts) -> bool;

/// The `scf.while` patterns, in the order they are tried.
const WHILE_PATTERNS: &[WhilePattern] = &[
    while_invariant_before_args,
    while_invariant_forwarded_values,
    while_unused_results,
    while_unused_before_args,
    while_align_forwarded_args,
    super::while_duplicates::while_duplicate_forwarded_values,
    super::while_duplicates::while_duplicate_before_args,
    super::while_condition::while_condition_truth,
    super::while_condition::while_cmp_cond,
];

/// Applies the first `scf.while` pattern that changes `op`, finding the loop's parts once for
/// all of them (a pattern that changes nothing leaves them as they were), unless the screen of
/// `while_screen` finds that none applies.
pub(super) fn while_patterns(rw: &mut Rewriter, op: Op) -> bool {
    let Some(parts) = while_parts(rw, op) else {
        return false;
    };
    super::while_screen::some_pattern_may_apply(rw, op, &parts)
        && WHILE_PATTERNS.iter().any(|pattern| pattern(rw, op, &parts))
}

/// Before-region arguments that every trip gives back unchanged: the after region yields the
/// init value itself, or the after-region argument the condition filled from this very
/// argument. Their uses read the init value, and the argument, its init and its yielded
/// value go.
fn while_invariant_before_args(rw: &mut Rewriter, op: Op, parts: &WhileParts) -> bool {
    let invariant = invariant_before_args(rw, op, parts);
    if invariant.is_empty() {
        return false;
    }
    let inits = rw.operand_vec(op);
    let before_args = rw.block_args(parts.before).to_vec();
    for &i in &invariant {
        rw.replace_all_uses_with(before_args[i], inits[i]);
    }
    rw.erase_block_args(parts.before, &invariant);
    rw.erase_operands(parts.yield_op, &invariant);
    rw.erase_operands(op, &invariant);
    true
}

/// The positions of the before-region arguments of `op` that every trip gives back unchanged
/// (see [`while_invariant_before_args`]); read without copying the argument lists.
fn invariant_before_args(ctx: &Context, op: Op, parts: &WhileParts) -> Vec<usize> {
    (0..ctx.num_operands(op))
        .filter(|&i| is_invariant_before_arg(ctx, op, parts, i))
        .collect()
}

/// Whether every trip gives before-region argument `i` back unchanged: the after region yields
/// its init value, or the after-region argument the condition filled from it.
fn is_invariant_before_arg(ctx: &Context, op: Op, parts: &WhileParts, i: usize) -> bool {
    gives_back_unchanged(
        ctx,
        parts,
        [ctx.operand(op, i), ctx.operand(parts.yield_op, i)],
        ctx.block_args(parts.before)[i],
        |j| ctx.operand(parts.condition, 1 + j),
    )
}

/// Whether a before-region argument `arg` with init value and yielded value `init_yielded`
/// comes back unchanged on every trip (see [`is_invariant_before_arg`]); `forwarded(j)` is
/// the value the condition forwards to after-region argument `j`, read only when needed.
pub(super) fn gives_back_unchanged(
    ctx: &Context,
    parts: &WhileParts,
    [init, yielded]: [Value; 2],
    arg: Value,
    forwarded: impl Fn(usize) -> Value,
) -> bool {
    if yielded == init {
        return true;
    }
    match ctx.value_def(yielded) {
        ValueDef::BlockArg { block, index } if block == parts.after => {
            forwarded(index as usize) == arg
        }
        _ => false,
    }
}

/// Values the condition forwards that are defined outside the loop: the after-region
/// argument and the loop result they fill read them directly.
fn while_invariant_forwarded_values(rw: &mut Rewriter, op: Op, parts: &WhileParts) -> bool {
    let mut changed = false;
    for j in 0..rw.results(op).len() {
        let (arg, result) = (rw.block_args(parts.after)[j], rw.result(op, j));
        let value = rw.operand(parts.condition, 1 + j);
        if (rw.has_uses(arg) || rw.has_uses(result)) && forwarded_from_outside(rw, op, parts, value)
        {
            rw.replace_all_uses_with(arg, value);
            rw.replace_all_uses_with(result, value);
            changed = true;
        }
    }
    changed
}

/// Whether `value`, which the condition forwards, is defined outside the loop.
pub(super) fn forwarded_from_outside(
    ctx: &Context,
    op: Op,
    parts: &WhileParts,
    value: Value,
) -> bool {
    // Most forwarded values are defined in the before region's block: no ancestor walk.
    ctx.value_parent_block(value) != Some(parts.before) && defined_outside(ctx, value, op)
}

/// Before-region arguments that nothing reads: the argument, its init and the value the after
/// region yields for it go.
fn while_unused_before_args(rw: &mut Rewriter, op: Op, parts: &WhileParts) -> bool {
    let unused: Vec<usize> = rw
        .block_args(parts.before)
        .iter()
        .enumerate()
        .filter(|&(_, &arg)| !rw.has_uses(arg))
        .map(|(i, _)| i)
        .collect();
    if unused.is_empty() {
        return false;
    }
    rw.erase_block_args(parts.before, &unused);
    rw.erase_operands(parts.yield_op, &unused);
    rw.erase_operands(op, &unused);
    true
}

/// Loop results that nothing reads whose after-region argument nothing reads either: the
/// result, the argument and the value the condition forwards to them go.
fn while_unused_results(rw: &mut Rewriter, op: Op, parts: &WhileParts) -> bool {
    let num_results = rw.results(op).len();
    let dead: Vec<usize> = (0..num_results)
        .filter(|&j| !rw.has_uses(rw.result(op, j)) && !rw.has_uses(rw.block_args(parts.after)[j]))
        .collect();
    if dead.is_empty() {
        return false;
    }
    let forwarded: Vec<usize> = dead.iter().map(|&j| 1 + j).collect();
    rw.erase_operands(parts.condition, &forwarded);
    rw.erase_block_args(parts.after, &dead);
    let kept: Vec<usize> = (0..num_results).filter(|j| !dead.contains(j)).collect();
    let operands = rw.operand_vec(op);
    rebuild_with_kept_results(rw, op, operands, &kept);
    true
}

/// Replaces `op` by a copy with `operands` that keeps only results `kept`, moving its regions
/// over.
pub(super) fn rebuild_with_kept_results(
    rw: &mut Rewriter,
    op: Op,
    operands: Vec<Value>,
    kept: &[usize],
) {
    // Regions of one block each (those of scf.if, scf.for and scf.while always are) need no
    // new op: the results go in place, which the rewrite cannot tell from the rebuild.
    if rw.regions(op).iter().all(|&r| {
        rw.entry_block(r)
            .is_none_or(|entry| rw.next_block(entry).is_none())
    }) {
        rw.keep_results_in_place(op, &operands, kept);
        return;
    }
    rebuild_as_twin(rw, op, operands, kept);
}

/// [`rebuild_with_kept_results`] by building a twin of `op` right before it, moving the
/// regions over and erasing `op`: for regions of several blocks, which the twin's new regions
/// queue for region simplification.
fn rebuild_as_twin(rw: &mut Rewriter, op: Op, operands: Vec<Value>, kept: &[usize]) {
    // The region lists are kept inline (ops have one or two): only what the new op's state
    // owns is allocated.
    let (name, attrs) = (rw.op_name(op), rw.attrs(op).to_vec());
    let old_regions: SmallVec<[Region; 2]> = SmallVec::from_slice(rw.regions(op));
    let result_types = kept
        .iter()
        .map(|&k| rw.value_type(rw.result(op, k)))
        .collect();
    let mut b = rw.builder_before(op);
    let mut state = OpState::new(name, b.loc());
    state.operands = operands;
    state.result_types = result_types;
    state.attrs = attrs;
    state.regions = old_regions.iter().map(|_| b.region()).collect();
    let new_regions: SmallVec<[Region; 2]> = SmallVec::from_slice(&state.regions);
    let new = b.create(state);
    for (&old_r, &new_r) in old_regions.iter().zip(&new_regions) {
        rw.take_region_body(old_r, new_r);
    }
    for (position, &k) in kept.iter().enumerate() {
        let (old, v) = (rw.result(op, k), rw.result(new, position));
        rw.replace_all_uses_with(old, v);
    }
    rw.erase_op(op);
}

/// The condition forwards every before-region argument once, in another order (values swapped
/// on every trip): the after-region arguments and the loop results are permuted so that the
/// condition forwards the arguments in their own order.
fn while_align_forwarded_args(rw: &mut Rewriter, op: Op, parts: &WhileParts) -> bool {
    let condition_operands = rw.operand_vec(parts.condition);
    let forwarded = &condition_operands[1..];
    if !forwards_before_args_out_of_order(rw, forwarded, parts.before) {
        return false;
    }
    let before_args = rw.block_args(parts.before).to_vec();
    let Some(position) = permutation(forwarded, &before_args) else {
        return false;
    };
    let mut in_order = vec![condition_operands[0]];
    in_order.extend(before_args.iter().copied());
    rw.set_operands(parts.condition, &in_order);
    let old_results = rw.results(op).to_vec();
    let old_after_args = rw.block_args(parts.after).to_vec();
    let types: Vec<_> = before_args.iter().map(|&a| rw.value_type(a)).collect();
    let (name, operands, attrs) = (rw.op_name(op), rw.operand_vec(op), rw.attrs(op).to_vec());
    let old_regions = rw.regions(op).to_vec();
    let mut b = rw.builder_before(op);
    let mut state = OpState::new(name, b.loc());
    state.operands = operands;
    state.result_types = types.clone();
    state.attrs = attrs;
    let new_regions = vec![b.region(), b.region()];
    state.regions = new_regions.clone();
    let new = b.create(state);
    let new_after = b.block_in(new_regions[1], &types);
    rw.take_region_body(old_regions[0], new_regions[0]);
    let moved: Vec<Op> = rw.block_ops(parts.after).collect();
    for nested in moved {
        rw.move_op_to_end(nested, new_after);
    }
    for (i, &j) in position.iter().enumerate() {
        let (arg, result) = (rw.block_args(new_after)[j], rw.result(new, j));
        rw.replace_all_uses_with(old_after_args[i], arg);
        rw.replace_all_uses_with(old_results[i], result);
    }
    rw.erase_op(op);
    true
}

/// Whether `forwarded`, the values the condition forwards, are all before-region arguments
/// but not each in its own position.
pub(super) fn forwards_before_args_out_of_order(
    ctx: &Context,
    forwarded: &[Value],
    before: Block,
) -> bool {
    forwarded != ctx.block_args(before)
        && forwarded.iter().all(
            |&v| matches!(ctx.value_def(v), ValueDef::BlockArg { block, .. } if block == before),
        )
}

/// For each of `values`, its position in `targets`, when `values` is a permutation of
/// `targets` (the same length, each target once).
fn permutation(values: &[Value], targets: &[Value]) -> Option<Vec<usize>> {
    if values.len() != targets.len() {
        return None;
    }
    let mut seen = vec![false; targets.len()];
    let mut position = Vec::with_capacity(values.len());
    for v in values {
        let j = targets.iter().position(|t| t == v)?;
        if std::mem::replace(&mut seen[j], true) {
            return None;
        }
        position.push(j);
    }
    Some(position)
}

#[cfg(test)]
mod tests {
    //! The screen of `while_screen` against the patterns, on every `scf.while` of the
    //! repository's `.mlir` tests: where it answers that no pattern applies, none may.

    use super::*;
    use crate::dialects::test_corpus::for_each_chunk_with;

    /// Whether some pattern changes the loop `op` (it is changed then, and thrown away).
    fn some_pattern_applies(ctx: &mut Context, op: Op) -> bool {
        let Some(parts) = while_parts(ctx, op) else {
            return false;
        };
        let mut rw = Rewriter::new(ctx);
        WHILE_PATTERNS
            .iter()
            .any(|pattern| pattern(&mut rw, op, &parts))
    }

    /// An `scf.if` of three results, the first and last unused.
    const IF_OF_THREE: &str = r#"
func.func @f(%c: i1, %a: index, %b: index) -> index {
  %r:3 = scf.if %c -> (index, index, index) {
    scf.yield %a, %b, %a : index, index, index
  } else {
    scf.yield %b, %a, %b : index, index, index
  }
  %s = arith.addi %r#1, %r#1 : index
  return %s : index
}
"#;

    /// The `scf.if` of [`IF_OF_THREE`] parsed in a fresh context, its yields cut to the kept
    /// result as the dead-result pattern does, and the module.
    fn if_with_kept_yields(ctx: &mut Context) -> (Op, Op) {
        let module = crate::asm::parse_module(
            ctx,
            "t.mlir",
            IF_OF_THREE,
            &crate::asm::ParseOptions::default(),
        )
        .unwrap_or_else(|d| panic!("{}", d.message));
        let op = ctx
            .walk_preorder(module)
            .into_iter()
            .find(|&o| ctx.op_name_str(o) == "scf.if")
            .expect("an scf.if");
        for region in ctx.regions(op).to_vec() {
            let block = ctx.entry_block(region).expect("a block");
            let term = ctx.last_op(block).expect("a yield");
            let kept = [ctx.operand(term, 1)];
            ctx.set_operands(term, &kept);
        }
        (op, module)
    }

    /// Keeping results in place leaves the IR the rebuild leaves, notes the same ops in the
    /// same order (the op standing for its twin) and touches as many regions; the op is
    /// renewed for the driver.
    #[test]
    fn results_kept_in_place_leave_and_note_what_the_rebuild_does() {
        let print = |ctx: &Context, module: Op| {
            crate::asm::printer::print_module(ctx, module, &Default::default())
        };
        let mut rebuilt_ctx = Context::new();
        let (op, module) = if_with_kept_yields(&mut rebuilt_ctx);
        let operands = rebuilt_ctx.operand_vec(op);
        let mut rw = Rewriter::new(&mut rebuilt_ctx);
        rebuild_as_twin(&mut rw, op, operands.clone(), &[1]);
        let twin = rw
            .walk_preorder(module)
            .into_iter()
            .find(|&o| rw.op_name_str(o) == "scf.if")
            .expect("the twin");
        assert_ne!(twin, op);
        let rebuilt_notes: Vec<Op> = rw
            .take_noted()
            .into_iter()
            .map(|o| if o == twin { op } else { o })
            .collect();
        let rebuilt_touched = rw.take_touched_regions().len();
        let rebuilt = print(&rebuilt_ctx, module);

        let mut in_place_ctx = Context::new();
        let (op, module) = if_with_kept_yields(&mut in_place_ctx);
        let mut rw = Rewriter::new(&mut in_place_ctx);
        rw.keep_results_in_place(op, &operands, &[1]);
        assert_eq!(rw.take_renewed(), Some(op));
        assert_eq!(rw.take_noted(), rebuilt_notes);
        assert_eq!(rw.take_touched_regions().len(), rebuilt_touched);
        assert_eq!(print(&in_place_ctx, module), rebuilt);
        assert_eq!(in_place_ctx.results(op).len(), 1);
    }

    #[test]
    fn the_screen_never_hides_a_pattern_that_applies() {
        let (mut screened_out, mut screened_in) = (0, 0);
        for_each_chunk_with("scf.while", |file, ctx, module| {
            for op in ctx.walk_preorder(module) {
                let Some(parts) = while_parts(ctx, op) else {
                    continue;
                };
                if super::super::while_screen::some_pattern_may_apply(ctx, op, &parts) {
                    screened_in += 1;
                    continue;
                }
                screened_out += 1;
                assert!(
                    !some_pattern_applies(ctx, op),
                    "{}: the screen hides a pattern that changes a loop",
                    file.display()
                );
            }
        });
        assert!(
            screened_out >= 40 && screened_in >= 40,
            "too few loops to judge the screen: {screened_out} screened out, {screened_in} in"
        );
    }
}
