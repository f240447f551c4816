//! `buffer-deallocation-simplification`: the four alias-analysis-based patterns of MLIR's
//! `BufferDeallocationSimplification.cpp`, plus the dealloc canonicalizations, applied
//! greedily.
//!
//! Splitting (`SplitDeallocWhenNotAliasingAnyOther`) groups memrefs by their origins
//! (terminal buffers) instead of comparing every pair, so it is near-linear in the number of
//! memrefs; the answers equal those of pairwise `is_same_allocation` queries.
//!
//! Beyond MLIR, the origins know what the functions of the simplified op return
//! ([`BufferOriginAnalysis::compute_interprocedural`]): a call result that can only be a buffer
//! the call allocated counts as an allocation, so the buffers a caller gets from its callees
//! are proved apart from its own and from each other, and need no runtime alias check. The
//! pass only rewrites deallocations, so what the functions return does not change under it.
//! An argument every call of its private function hands over (`analysis::handover`: a fresh
//! buffer of the caller, used by nothing else at or after the call) counts as an allocation
//! too: it is apart from every other argument, global and allocation of the function.
//!
//! Also beyond MLIR, two buffers a region-branch op receives (arguments of a loop body, results
//! of a loop or an `scf.if`) are apart when every edge into them forwards buffers apart
//! ([`CarriedApart`]): a double-buffered loop's two buffers need no runtime alias check.

use analysis::alias::{
    AliasResult, BufferOriginAnalysis, BufferViewFlowAnalysis, existed_before_function, is_buffer,
    view_base,
};
use ir::dialects::arith::{ConstantOp, OrIOp};
use ir::dialects::bufferization::{
    DeallocList, DeallocOp, DeallocOperands, canonicalize_dealloc_operands,
};
use ir::dialects::memref::ExtractStridedMetadataOp;
use ir::interfaces::is_allocation;
use ir::rewrite::{
    GreedyConfig, PatternSet, Rewriter, apply_patterns_greedily_to, is_trivially_dead,
};
use ir::{Context, Op, OpView, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::cell::{Ref, RefCell};

use analysis::closures::BoundedClosures;
use analysis::returns::ReturnSummaries;

use crate::carried_apart::CarriedApart;
use analysis::dense::ValueMap;

/// Runs the simplification on every `bufferization.dealloc` nested in `root`; returns the
/// number of rewrites.
///
/// Driven by the greedy driver of `ir::rewrite`, starting from every dealloc (post-order),
/// then visiting the ops the changes created or affected: deallocs get the patterns, ops with
/// folders (the `i1` arithmetic of the conditions) their canonicalizations, as MLIR's greedy
/// driver folds every op it visits, so that deallocs whose conditions become constant false
/// simplify in turn. No dead-op erasure; at most ten iterations.
pub fn simplify_deallocations(ctx: &mut Context, root: Op) -> usize {
    // One walk for the analyses and the ops the pass starts from. Deallocs hold no region, so
    // they come in the same order as in a post-order walk; the region-branch ops' order does
    // not matter to `CarriedApart` (a greatest fixpoint of answers that are each a function of
    // their question).
    let ops = ctx.walk_preorder(root);
    let (flow, returns) =
        BufferOriginAnalysis::compute_interprocedural_with_summaries_over(ctx, root, &ops);
    let handed_over = handed_over_values(ctx, root, &ops, &returns);
    drop(returns);
    let (deallocs, region_branches): (Vec<Op>, Vec<Op>) = ops
        .into_iter()
        .filter(|&op| DeallocOp::is(ctx, op) || ctx.op_def(op).region_branch.is_some())
        .partition(|&op| DeallocOp::is(ctx, op));
    let origins = Origins::new(ctx, root, &flow, handed_over, deallocs.len());
    let origins = with_carried_apart(ctx, root, region_branches, origins);
    let mut patterns = DeallocSimplification { origins };
    let config = GreedyConfig {
        max_iterations: 10,
        erase_dead_ops: false,
    };
    apply_patterns_greedily_to(ctx, deallocs, &mut patterns, &config).rewrites
}

/// `origins` with the pairs of values the region-branch ops `region_branches`, nested in
/// `root`, receive apart ([`CarriedApart`]), proved by `origins`' rules.
fn with_carried_apart<'a>(
    ctx: &Context,
    root: Op,
    region_branches: Vec<Op>,
    mut origins: Origins<'a>,
) -> Origins<'a> {
    origins.carried = CarriedApart::compute(
        ctx,
        root,
        region_branches,
        |v| metadata_view_base(ctx, view_base(ctx, v)),
        |x, y| decide_alias_by_rules(ctx, &origins, x, y) == AliasResult::DifferentAllocation,
    );
    origins
}

/// The arguments of private functions that every call hands over ([`analysis::handover`]):
/// each is a buffer apart from every other argument and allocation of its function. `ops` is
/// the walk of `root`, `returns` the summaries of its functions.
fn handed_over_values(
    ctx: &Context,
    root: Op,
    ops: &[Op],
    returns: &ReturnSummaries,
) -> FxHashSet<Value> {
    let mut values = FxHashSet::default();
    for (func, positions) in analysis::handover::handed_over_arguments_over(ctx, root, ops, returns)
    {
        if let Some(entry) = ir::dialects::func::FuncOp(func).entry_block(ctx) {
            let args = ctx.block_args(entry);
            values.extend(positions.iter().filter_map(|&p| args.get(p).copied()));
        }
    }
    values
}

/// The alias-based dealloc patterns, with the dealloc canonicalizations and folding.
struct DeallocSimplification<'a> {
    origins: Origins<'a>,
}

impl PatternSet for DeallocSimplification<'_> {
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool {
        if DeallocOp::is(rw, op) {
            return simplify_dealloc(rw, &self.origins, op);
        }
        let canonicalization = rw.op_def(op).canonicalization;
        canonicalization.folds() && canonicalization.apply(rw, op)
    }
}

/// Applies the first matching canonicalization or alias-based pattern to the dealloc `op`.
///
/// The operand lists are read once, for the canonicalizations and the patterns both.
fn simplify_dealloc(rw: &mut Rewriter, analysis: &Origins, op: Op) -> bool {
    let Some(parts) = DeallocOp(op).operand_lists(rw) else {
        let canonicalization = rw.op_def(op).canonicalization;
        return canonicalization.apply(rw, op);
    };
    if canonicalize_dealloc_operands(rw, op, &parts) {
        return true;
    }
    // The location is rendered before the pattern rewrites `op`, and only when the log is on.
    let at =
        tracing::enabled!(tracing::Level::DEBUG).then(|| ir::diag::loc_text(rw, rw.op_loc(op)));
    for (pattern, why) in ALIAS_PATTERNS {
        if pattern(rw, analysis, op, &parts) {
            tracing::debug!(at = at.as_deref().unwrap_or_default(), "{why}");
            return true;
        }
    }
    false
}

/// An alias-based dealloc pattern.
type AliasPattern = fn(&mut Rewriter, &Origins, Op, &DeallocOperands) -> bool;

/// The alias-based patterns in the order they are tried, each with the reason it gives.
const ALIAS_PATTERNS: [(AliasPattern, &str); 4] = [
    (
        remove_memrefs_contained_in_retained,
        "dealloc: a freed buffer is certainly one of the retained ones, so it is not freed here",
    ),
    (
        remove_retained_not_aliasing,
        "dealloc: a retained value aliases none of the freed buffers, so it need not be retained",
    ),
    (
        split_non_aliasing,
        "dealloc: some freed buffers alias no other operand, so they get a dealloc of their own \
         without runtime alias checks",
    ),
    (
        retained_aliasing_always_freed,
        "dealloc: a retained value may alias only buffers freed unconditionally, so its \
         ownership result is the condition of those",
    ),
];

/// MLIR's `distinctAllocAndBlockArgument`: an allocation nested in the block that owns the
/// block argument is a different buffer.
fn distinct_alloc_and_block_arg(ctx: &Context, alloc: Value, arg: Value) -> bool {
    let ValueDef::BlockArg { block, .. } = ctx.value_def(arg) else {
        return false;
    };
    let Some(def) = ctx.defining_op(alloc) else {
        return false;
    };
    is_allocation(ctx, alloc) && ctx.ancestor_in_block(block, def).is_some()
}

/// Whether the dealloc operands `x` and `y` are the same allocation, asked once per pair: the
/// patterns of one dealloc ask for the same pairs, and a dealloc rebuilt is asked again. The
/// answers of `(x, y)` and `(y, x)` are kept under one key, so that the second reuses what the
/// first found ([`Answer`]).
fn alias(ctx: &Context, a: &Origins, x: Value, y: Value) -> AliasResult {
    // One hash per question: deciding reads every memo of `a` but this one.
    let forward = x <= y;
    let mut answers = a.answers.borrow_mut();
    let both = answers.entry(crate::carried_apart::pair(x, y)).or_default();
    let (this, reversed) = if forward {
        (&mut both.0, both.1)
    } else {
        (&mut both.1, both.0)
    };
    if let Some(known) = this {
        return known.result;
    }
    let answer = decide_alias(ctx, a, x, y, reversed);
    *this = Some(answer);
    answer.result
}

/// An answer of [`alias`], with what the reversed question may reuse: the rules but the
/// described buffer's ([`decide_shared_rules`]) and what region-branch ops forward
/// ([`carried_apart`]) answer both orders alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Answer {
    result: AliasResult,
    /// Decided by [`decide_shared_rules`] (otherwise they answered unknown).
    shared: bool,
    /// What [`carried_apart`] answered, if it was asked.
    carried: Option<bool>,
}

/// The answers of [`alias`] for the two orders of one pair of operands: the smaller first,
/// then the larger first.
type AnswerPair = (Option<Answer>, Option<Answer>);

/// [`alias`], computed: by the rules of [`decide_alias_by_rules`], or else by what
/// region-branch ops forward ([`CarriedApart`]), reusing what the answer of the reversed
/// question `reversed` (if asked) tells of the parts that answer both orders alike.
fn decide_alias(
    ctx: &Context,
    a: &Origins,
    x: Value,
    y: Value,
    reversed: Option<Answer>,
) -> Answer {
    let (fx, fy) = (a.bases(ctx, x), a.bases(ctx, y));
    let shared = match reversed {
        Some(known) if known.shared => return known,
        Some(_) => AliasResult::Unknown,
        None => decide_shared_rules(ctx, a, &fx, &fy),
    };
    if shared != AliasResult::Unknown {
        return Answer {
            result: shared,
            shared: true,
            carried: None,
        };
    }
    let by_described = decide_by_described(ctx, a, &fx, &fy);
    if by_described != AliasResult::Unknown {
        return Answer {
            result: by_described,
            shared: false,
            carried: None,
        };
    }
    let carried = match reversed.and_then(|known| known.carried) {
        Some(known) => known,
        None => carried_apart(ctx, a, fx.metadata, fy.metadata),
    };
    Answer {
        result: if carried {
            AliasResult::DifferentAllocation
        } else {
            AliasResult::Unknown
        },
        shared: false,
        carried: Some(carried),
    }
}

/// Whether the buffers `bx` and `by` are apart by what region-branch ops forward
/// ([`CarriedApart`]: a proved pair, or apart through the flow either way); symmetric.
fn carried_apart(ctx: &Context, a: &Origins, bx: Value, by: Value) -> bool {
    let base = |v| a.bases(ctx, v).metadata;
    let apart = |u, v| decide_alias_by_rules(ctx, a, u, v) == AliasResult::DifferentAllocation;
    a.carried.contains(bx, by)
        || a.carried.apart_through_flow(ctx, bx, by, base, apart)
        || a.carried.apart_through_flow(ctx, by, bx, base, apart)
}

/// [`alias`] by the rules alone: one view base, MLIR's `distinctAllocAndBlockArgument` and its
/// extension to values made in the argument's block, and the origins.
fn decide_alias_by_rules(ctx: &Context, a: &Origins, x: Value, y: Value) -> AliasResult {
    decide_by_rules_on_bases(ctx, a, &a.bases(ctx, x), &a.bases(ctx, y))
}

/// [`decide_alias_by_rules`] of the values whose [`Bases`] are `fx` and `fy`.
fn decide_by_rules_on_bases(ctx: &Context, a: &Origins, fx: &Bases, fy: &Bases) -> AliasResult {
    match decide_shared_rules(ctx, a, fx, fy) {
        AliasResult::Unknown => decide_by_described(ctx, a, fx, fy),
        known => known,
    }
}

/// The rules of [`decide_by_rules_on_bases`] that answer `(x, y)` and `(y, x)` alike: one
/// view base, [`distinct_alloc_and_block_arg`] and [`Origins::made_in_block_of_arg`] each
/// way, and [`Origins::same_allocation`].
fn decide_shared_rules(ctx: &Context, a: &Origins, fx: &Bases, fy: &Bases) -> AliasResult {
    let (bx, by) = (fx.metadata, fy.metadata);
    if bx == by {
        return AliasResult::SameAllocation;
    }
    let made_in_block_of_arg = |value: &Bases, arg| {
        value.metadata_is_buffer && a.made_in_block_of_arg(ctx, value.metadata, arg)
    };
    if distinct_alloc_and_block_arg(ctx, bx, by)
        || distinct_alloc_and_block_arg(ctx, by, bx)
        || made_in_block_of_arg(fx, by)
        || made_in_block_of_arg(fy, bx)
    {
        return AliasResult::DifferentAllocation;
    }
    a.same_allocation(ctx, fx, fy)
}

/// The rule of [`decide_by_rules_on_bases`] for the first value only: when `fx` is the base
/// buffer of a `memref.extract_strided_metadata`, the origins of the buffer it describes.
fn decide_by_described(ctx: &Context, a: &Origins, fx: &Bases, fy: &Bases) -> AliasResult {
    match fx.described {
        Some(src) => a.same_allocation(ctx, &a.bases(ctx, src), fy),
        None => AliasResult::Unknown,
    }
}

/// What [`decide_alias_by_rules`] reads of one value besides its origin, computed once per
/// value ([`Origins::bases`]). None of it changes while the deallocations are rewritten: the
/// pass makes no buffer and no view, and a value keeps its defining op (it is asked about only
/// while a dealloc or a forwarding op uses it, so its op is not erased).
#[derive(Clone, Copy)]
struct Bases {
    /// [`view_base`] of the value.
    view: Value,
    /// Whether `view` is a buffer.
    view_is_buffer: bool,
    /// [`metadata_view_base`] of the value.
    metadata: Value,
    /// Whether `metadata` is a buffer.
    metadata_is_buffer: bool,
    /// The buffer described, when the value is the base buffer of a
    /// `memref.extract_strided_metadata`.
    described: Option<Value>,
}

impl Bases {
    /// The bases of `v`.
    fn of(ctx: &Context, v: Value) -> Self {
        let view = view_base(ctx, v);
        let metadata = metadata_view_base(ctx, view);
        Bases {
            view,
            view_is_buffer: is_buffer(ctx, view),
            metadata,
            metadata_is_buffer: is_buffer(ctx, metadata),
            described: ExtractStridedMetadataOp::source_of_base_buffer(ctx, v),
        }
    }
}

/// How many values an origin query may visit before it answers "unknown": keeps every query
/// O(1) on programs whose buffers flow through long chains of loops or branches (a value
/// may come from thousands of allocations there, and the answer is then "unknown" anyway).
const ORIGIN_LIMIT: usize = 256;

/// The [`view_base`] of a value, also looking through the base buffer of
/// `memref.extract_strided_metadata` (a view-like op in MLIR, whose `getViewBase` skips it),
/// from the value's own [`view_base`] `view`.
fn metadata_view_base(ctx: &Context, view: Value) -> Value {
    let mut base = view;
    for _ in 0..1_000_000 {
        match ExtractStridedMetadataOp::source_of_base_buffer(ctx, base) {
            Some(source) => base = view_base(ctx, source),
            None => break,
        }
    }
    base
}

/// An `i1` constant before `anchor`.
fn bool_before(rw: &mut Rewriter, anchor: Op, value: bool) -> Value {
    let mut b = rw.builder_before(anchor);
    ConstantOp::build_bool(&mut b, value).result(&b)
}

/// `arith.ori` of `x` and `y` before `anchor`.
fn or_before(rw: &mut Rewriter, anchor: Op, x: Value, y: Value) -> Value {
    let mut b = rw.builder_before(anchor);
    OrIOp::build(&mut b, x, y).result(&b)
}

/// Builds `parts` in place of `old`; result `k` becomes the new result for retained index
/// `map[k]` (or `false`) OR-ed with `extra[k]`. A result nothing reads gets no replacement
/// (no `false` or `arith.ori` that only the final canonicalization would erase).
///
/// When the results that are read simply move ([`results_moved_alone`]), `old` itself takes
/// the new operand lists ([`renew_in_place`]), leaving the IR and notes the rebuild would.
fn rebuild(
    rw: &mut Rewriter,
    old: Op,
    parts: &DeallocOperands,
    map: &[Option<usize>],
    extra: &[Vec<Value>],
) {
    if !parts.memrefs.is_empty()
        && let Some(kept) = results_moved_alone(rw, old, map, extra)
    {
        renew_in_place(rw, old, parts, &kept);
        return;
    }
    build_replacement(rw, old, parts, map, extra);
}

/// [`rebuild`] by building a dealloc of `parts` (if any memref is left) and the `false`s and
/// `arith.ori`s of the results before `old`, then erasing `old`.
fn build_replacement(
    rw: &mut Rewriter,
    old: Op,
    parts: &DeallocOperands,
    map: &[Option<usize>],
    extra: &[Vec<Value>],
) {
    let new = (!parts.memrefs.is_empty()).then(|| parts.build(&mut rw.builder_before(old)).0);
    let mut values = Vec::new();
    for (k, m) in map.iter().enumerate() {
        let old_result = rw.result(old, k);
        if !rw.has_uses(old_result) {
            values.push(old_result);
            continue;
        }
        let mut acc: Option<Value> = match (m, new) {
            (Some(i), Some(n)) => Some(rw.result(n, *i)),
            _ => None,
        };
        for &c in extra.get(k).map_or(&[][..], |v| &v[..]) {
            acc = Some(match acc {
                None => c,
                Some(a) => or_before(rw, old, a, c),
            });
        }
        let v = match acc {
            Some(v) => v,
            None => bool_before(rw, old, false),
        };
        values.push(v);
    }
    rw.replace_op_uses(old, &values);
    erase_dealloc(rw, old);
}

/// Erases the dealloc `op` (its results unused), and the `memref.extract_strided_metadata` ops
/// that gave it base buffers and have no use left: a pattern that drops a freed base buffer
/// leaves its op dead, which the lowering would otherwise build pointers next to and the final
/// canonicalization erase.
fn erase_dealloc(rw: &mut Rewriter, op: Op) {
    let metadata = metadata_of_memrefs(rw, op);
    rw.erase_op(op);
    erase_dead_metadata(rw, metadata);
}

/// The `memref.extract_strided_metadata` ops that give the dealloc `op` its memrefs.
fn metadata_of_memrefs(ctx: &Context, op: Op) -> SmallVec<[Op; 4]> {
    DeallocOp(op)
        .memrefs(ctx)
        .filter_map(|m| ctx.defining_op(m))
        .filter(|&def| ExtractStridedMetadataOp::is(ctx, def))
        .collect()
}

/// Erases the ops of `metadata` (in order) that a dealloc's change left without uses.
fn erase_dead_metadata(rw: &mut Rewriter, metadata: SmallVec<[Op; 4]>) {
    for def in metadata {
        if rw.is_alive(def) && is_trivially_dead(rw, def) {
            rw.erase_op(def);
        }
    }
}

/// The results of `old` a rebuild by `map` and `extra` (see [`rebuild`]) keeps, in the new
/// order, when every result that is read moves to a result of the new dealloc with nothing
/// or-ed into it; `None` when one becomes `false` or an `arith.ori`. The new results are then
/// the kept ones of `old`, in their order (`map` keeps the retained values' order).
fn results_moved_alone(
    ctx: &Context,
    old: Op,
    map: &[Option<usize>],
    extra: &[Vec<Value>],
) -> Option<SmallVec<[usize; 4]>> {
    let mut kept = SmallVec::new();
    for (k, &m) in map.iter().enumerate() {
        let read = ctx.has_uses(ctx.result(old, k));
        if read && (m.is_none() || extra.get(k).is_some_and(|e| !e.is_empty())) {
            return None;
        }
        if let Some(i) = m {
            debug_assert_eq!(i, kept.len(), "a rebuild keeps the retained values' order");
            kept.push(k);
        }
    }
    Some(kept)
}

/// Gives the dealloc `op` the operand lists `parts` and keeps its results `kept` (the others
/// unused), in place of building a dealloc of `parts` before it, moving the kept results'
/// uses there and erasing `op` with the metadata ops it leaves dead ([`erase_dealloc`]): the
/// IR, the notes and the use-lists are those of the rebuild
/// ([`Rewriter::keep_results_in_place`]), and the driver visits `op` again as the new dealloc.
fn renew_in_place(rw: &mut Rewriter, op: Op, parts: &DeallocOperands, kept: &[usize]) {
    let metadata = metadata_of_memrefs(rw, op);
    let mut operands: SmallVec<[Value; 16]> = SmallVec::new();
    for &value in [&parts.memrefs, &parts.conditions, &parts.retained]
        .into_iter()
        .flatten()
    {
        operands.push(value);
    }
    rw.keep_results_in_place(op, &operands, kept);
    // The group sizes are part of the new operand lists: the rebuild's dealloc is built with
    // them, and the op is noted already. The rewriter has no method for an attribute alone.
    let sizes = [&parts.memrefs, &parts.conditions, &parts.retained].map(|g| g.len() as i32);
    rw.interner().set_operand_segment_sizes(op, &sizes);
    erase_dead_metadata(rw, metadata);
}

/// `RemoveDeallocMemrefsContainedInRetained`.
fn remove_memrefs_contained_in_retained(
    rw: &mut Rewriter,
    a: &Origins,
    op: Op,
    parts: &DeallocOperands,
) -> bool {
    let r = &parts.retained;
    if r.is_empty() || (1..r.len()).any(|i| r[..i].contains(&r[i])) {
        return false;
    }
    // Nothing is allocated until a memref is found among the retained ones (most visits).
    let mut extra: Vec<Vec<Value>> = Vec::new();
    let mut kept = DeallocOperands::default();
    let mut answers: SmallVec<[AliasResult; 8]> = SmallVec::new();
    for (i, (&m, &c)) in parts.memrefs.iter().zip(&parts.conditions).enumerate() {
        answers.clear();
        // One unknown answer keeps `m`: the answers after it are not needed.
        let mut decided = true;
        for &x in r {
            let answer = alias(rw, a, m, x);
            if answer == AliasResult::Unknown {
                decided = false;
                break;
            }
            answers.push(answer);
        }
        if !(decided && answers.contains(&AliasResult::SameAllocation)) {
            if !extra.is_empty() {
                kept.memrefs.push(m);
                kept.conditions.push(c);
            }
            continue;
        }
        if extra.is_empty() {
            extra = vec![Vec::new(); r.len()];
            kept.memrefs = DeallocList::from_slice(&parts.memrefs[..i]);
            kept.conditions = DeallocList::from_slice(&parts.conditions[..i]);
        }
        for (k, &ans) in answers.iter().enumerate() {
            if ans == AliasResult::SameAllocation {
                extra[k].push(c);
            }
        }
    }
    if extra.is_empty() {
        return false;
    }
    kept.retained = r.clone();
    // The next visit of the new dealloc would drop the retained values apart from the memrefs
    // left (no canonicalization applies to a part of lists none applied to): dropped now, no
    // intermediate dealloc's results become `false` or-ed into the extras.
    let narrowed = if kept.memrefs.is_empty() {
        None
    } else {
        without_retained_apart(rw, a, &kept)
    };
    match narrowed {
        Some((narrowed, map)) => rebuild(rw, op, &narrowed, &map, &extra),
        None => {
            let map: Vec<Option<usize>> = (0..r.len()).map(Some).collect();
            rebuild(rw, op, &kept, &map, &extra);
        }
    }
    true
}

/// `RemoveRetainedMemrefsGuaranteedToNotAlias`.
fn remove_retained_not_aliasing(
    rw: &mut Rewriter,
    a: &Origins,
    op: Op,
    parts: &DeallocOperands,
) -> bool {
    let Some((kept, map)) = without_retained_apart(rw, a, parts) else {
        return false;
    };
    rebuild(rw, op, &kept, &map, &[]);
    true
}

/// `parts` without the retained values certainly apart from every memref, and where each
/// retained value went (`None`: dropped); `None` when none is.
fn without_retained_apart(
    ctx: &Context,
    a: &Origins,
    parts: &DeallocOperands,
) -> Option<(DeallocOperands, Vec<Option<usize>>)> {
    let apart_from_all = |r: Value| {
        parts
            .memrefs
            .iter()
            .all(|&m| alias(ctx, a, m, r) == AliasResult::DifferentAllocation)
    };
    // Nothing is allocated before the first retained value apart from all (most visits find
    // none); the questions are asked in the same order either way.
    let first = parts.retained.iter().position(|&r| apart_from_all(r))?;
    let mut map: Vec<Option<usize>> = (0..first).map(Some).collect();
    map.push(None);
    let mut kept = DeallocOperands {
        memrefs: parts.memrefs.clone(),
        conditions: parts.conditions.clone(),
        retained: DeallocList::from_slice(&parts.retained[..first]),
    };
    for &r in &parts.retained[first + 1..] {
        if apart_from_all(r) {
            map.push(None);
        } else {
            map.push(Some(kept.retained.len()));
            kept.retained.push(r);
        }
    }
    Some((kept, map))
}

/// The origin summary of one memref: its terminal buffers and whether they are all
/// allocations / allocations or buffers that existed before the function
/// ([`existed_before_function`]: arguments, globals).
#[derive(Clone, Copy)]
struct Origin {
    base: Value,
    /// Where its terminals are in [`OriginTable::terminals`] (sorted there).
    terminals: TerminalSpan,
    /// Every terminal is a buffer made where it is defined
    /// ([`BufferOriginAnalysis::is_new_buffer`]; a handed-over argument is not).
    all_made: bool,
    all_allocs: bool,
    all_allocs_or_args: bool,
    /// Whether the search finished within [`ORIGIN_LIMIT`] (otherwise nothing is known, and
    /// there are no terminals).
    complete: bool,
    /// How many values the search reached (when complete).
    reached: usize,
}

impl Origin {
    /// The origin of a value the search gave up on: nothing known.
    fn unknown(base: Value) -> Self {
        Origin {
            base,
            terminals: TerminalSpan::default(),
            all_made: false,
            all_allocs: false,
            all_allocs_or_args: false,
            complete: false,
            reached: 0,
        }
    }
}

/// What every terminal of one origin is.
struct TerminalKinds {
    /// Every terminal is a buffer made where it is defined.
    all_made: bool,
    /// Every terminal is made or handed over (an allocation).
    all_allocs: bool,
    /// Every terminal is an allocation or a buffer that existed before the function.
    all_allocs_or_args: bool,
}

/// A range of [`OriginTable::terminals`]: the terminals of one origin, shared by the origins
/// of values with one source ([`only_source`]).
#[derive(Clone, Copy, Default)]
struct TerminalSpan {
    start: u32,
    len: u32,
}

/// The origins computed so far, by value, with their terminals in one list.
struct OriginTable {
    origins: ValueMap<Origin>,
    terminals: Vec<Value>,
}

impl OriginTable {
    /// The origin of `value`, if computed.
    fn get(&self, value: Value) -> Option<Origin> {
        self.origins.get(value).copied()
    }

    /// Records the origin of `value`.
    fn insert(&mut self, value: Value, origin: Origin) {
        self.origins.insert(value, origin);
    }

    /// The terminals of `span`.
    fn terminals(&self, span: TerminalSpan) -> &[Value] {
        let start = span.start as usize;
        &self.terminals[start..start + span.len as usize]
    }

    /// Appends `terminals` to the list; their span.
    fn push_terminals(&mut self, terminals: impl IntoIterator<Item = Value>) -> TerminalSpan {
        let start = self.terminals.len();
        self.terminals.extend(terminals);
        TerminalSpan {
            start: start as u32,
            len: (self.terminals.len() - start) as u32,
        }
    }
}

/// How many alias questions a deallocation is expected to ask, to size their memo: two freed
/// buffers and two retained ones make four, and the deallocs a rewrite builds ask again.
const ANSWERS_PER_DEALLOC: usize = 8;

/// How many values a deallocation is expected to ask the origins and bases of, to size
/// their tables: its freed base buffers, their buffers and its retained values.
const VALUES_PER_DEALLOC: usize = 6;

/// Origin summaries, computed once per view base (buffers never change origin while the
/// deallocations are rewritten), answering `BufferOriginAnalysis::is_same_allocation`'s
/// questions.
struct Origins<'a> {
    analysis: &'a BufferOriginAnalysis,
    closures: RefCell<BoundedClosures<'a>>,
    table: RefCell<OriginTable>,
    /// The answers of [`alias`] by unordered pair of operands, for each order.
    answers: RefCell<FxHashMap<(Value, Value), AnswerPair>>,
    /// The [`Bases`] of the values asked about so far.
    bases: RefCell<ValueMap<Bases>>,
    /// Handed-over arguments, which count as allocations.
    handed_over: FxHashSet<Value>,
    /// [`BufferOriginAnalysis::is_new_buffer`] of the terminals met so far: a terminal (an
    /// allocation a loop nest forwards) is in the origins of many values, and the question
    /// reads the op's memory effects.
    made: RefCell<ValueMap<bool>>,
    /// The region-branch values proved apart (empty while it is computed).
    carried: CarriedApart,
}

impl<'a> Origins<'a> {
    /// The origins over `analysis` for the values under `root` (the op the pass runs on, which
    /// sizes the tables, [`ValueMap::for_scope`]), with room for the answers of
    /// about [`ANSWERS_PER_DEALLOC`] questions and the origins and bases of about
    /// [`VALUES_PER_DEALLOC`] values for each of `deallocs` deallocations (the memos then
    /// rarely grow).
    fn new(
        ctx: &Context,
        root: Op,
        analysis: &'a BufferOriginAnalysis,
        handed_over: FxHashSet<Value>,
        deallocs: usize,
    ) -> Self {
        let mut origins = ValueMap::for_scope(ctx, root);
        origins.reserve(VALUES_PER_DEALLOC * deallocs);
        let mut bases = ValueMap::for_scope(ctx, root);
        bases.reserve(VALUES_PER_DEALLOC * deallocs);
        Origins {
            analysis,
            closures: RefCell::new(
                BoundedClosures::small_walks_first(analysis.view_flow(), ORIGIN_LIMIT)
                    .in_scope(ctx, root),
            ),
            table: RefCell::new(OriginTable {
                origins,
                terminals: Vec::new(),
            }),
            answers: RefCell::new(FxHashMap::with_capacity_and_hasher(
                ANSWERS_PER_DEALLOC * deallocs,
                Default::default(),
            )),
            bases: RefCell::new(bases),
            handed_over,
            made: RefCell::new(ValueMap::default()),
            carried: CarriedApart::default(),
        }
    }

    /// The origin of `v`'s view base; an incomplete one (neither all allocations nor
    /// allocations or arguments, so nothing is proved isolated from it) when the search
    /// exceeds [`ORIGIN_LIMIT`].
    fn get(&self, ctx: &Context, v: Value) -> Origin {
        self.of_value(ctx, view_base(ctx, v))
    }

    /// The [`Bases`] of `v`, cached.
    fn bases(&self, ctx: &Context, v: Value) -> Bases {
        if let Some(&known) = self.bases.borrow().get(v) {
            return known;
        }
        let bases = Bases::of(ctx, v);
        self.bases.borrow_mut().insert(v, bases);
        bases
    }

    /// The origin of `value` itself (not of its view base), cached.
    fn of_value(&self, ctx: &Context, value: Value) -> Origin {
        if let Some(known) = self.table.borrow().get(value) {
            return known;
        }
        let origin = self.compute(ctx, value);
        self.table.borrow_mut().insert(value, origin);
        origin
    }

    /// The terminals of `origin` (none when it is incomplete).
    fn terminals(&self, origin: &Origin) -> Ref<'_, [Value]> {
        Ref::map(self.table.borrow(), |table| {
            table.terminals(origin.terminals)
        })
    }

    fn compute(&self, ctx: &Context, base: Value) -> Origin {
        let flow = self.analysis.view_flow();
        if let Some(source) = only_source(flow, base) {
            return self.one_step_from(ctx, base, source);
        }
        if flow.sources(base).is_empty() {
            // Its own closure (an allocation, an argument, a call result): no search, and no
            // one-value list kept by the closures.
            return self.origin_of_reached(ctx, base, &[base]);
        }
        let Some(reached) = self.closures.borrow_mut().get(base) else {
            return Origin::unknown(base);
        };
        self.origin_of_reached(ctx, base, &reached)
    }

    /// The origin of `base`, whose search reached the values `reached`.
    fn origin_of_reached(&self, ctx: &Context, base: Value, reached: &[Value]) -> Origin {
        let flow = self.analysis.view_flow();
        let mut table = self.table.borrow_mut();
        // Most values a search reaches have sources and are not terminal: that is asked
        // first, before the value's type.
        let span = table.push_terminals(
            reached
                .iter()
                .copied()
                .filter(|&t| flow.may_be_terminal(t) && is_buffer(ctx, t)),
        );
        let kinds = self.kinds(ctx, table.terminals(span));
        Origin {
            base,
            terminals: span,
            all_made: kinds.all_made,
            all_allocs: kinds.all_allocs,
            all_allocs_or_args: kinds.all_allocs_or_args,
            complete: true,
            reached: reached.len(),
        }
    }

    /// What the `terminals` of an origin are, each terminal classified once.
    fn kinds(&self, ctx: &Context, terminals: &[Value]) -> TerminalKinds {
        let mut kinds = TerminalKinds {
            all_made: true,
            all_allocs: true,
            all_allocs_or_args: true,
        };
        for &t in terminals {
            let made = self.is_made(ctx, t);
            let new = made || self.handed_over.contains(&t);
            kinds.all_made &= made;
            kinds.all_allocs &= new;
            // Asked only while it decides something, as `all` would.
            if !new && kinds.all_allocs_or_args {
                kinds.all_allocs_or_args = existed_before_function(ctx, t);
            }
        }
        kinds
    }

    /// [`BufferOriginAnalysis::is_new_buffer`] of the terminal `t`, cached.
    fn is_made(&self, ctx: &Context, t: Value) -> bool {
        if let Some(&known) = self.made.borrow().get(t) {
            return known;
        }
        let made = self.analysis.is_new_buffer(ctx, t);
        self.made.borrow_mut().insert(t, made);
        made
    }

    /// The origin of `value`, whose search reaches `value` and then exactly what the search
    /// from `source` reaches ([`only_source`]): that one's terminals, one value more.
    fn one_step_from(&self, ctx: &Context, value: Value, source: Value) -> Origin {
        let of_source = self.of_value(ctx, source);
        if !of_source.complete || of_source.reached >= ORIGIN_LIMIT {
            return Origin::unknown(value);
        }
        Origin {
            base: value,
            terminals: of_source.terminals,
            all_made: of_source.all_made,
            all_allocs: of_source.all_allocs,
            all_allocs_or_args: of_source.all_allocs_or_args,
            complete: true,
            reached: of_source.reached + 1,
        }
    }

    /// [`distinct_alloc_and_block_arg`] for a value that is no allocation itself but may only
    /// be buffers made (allocated, or returned fresh by a call) by ops nested in the block that
    /// owns the block argument `arg`: the result of a loop or an `scf.if` there, or the
    /// argument of a loop nested there. Each such buffer is made while the block runs, when
    /// `arg`'s buffer is live (nothing frees a block argument before its block's terminator),
    /// so it is another buffer, as MLIR argues for one allocation. `value` must be a buffer.
    fn made_in_block_of_arg(&self, ctx: &Context, value: Value, arg: Value) -> bool {
        let ValueDef::BlockArg { block, .. } = ctx.value_def(arg) else {
            return false;
        };
        let origin = self.of_value(ctx, value);
        if !origin.complete || !origin.all_made {
            return false;
        }
        let terminals = self.terminals(&origin);
        !terminals.is_empty()
            && terminals.iter().all(|&t| {
                ctx.defining_op(t)
                    .is_some_and(|def| ctx.ancestor_in_block(block, def).is_some())
            })
    }

    /// `is_same_allocation(x, y)` (MLIR's decision procedure) of the values whose [`Bases`]
    /// are `x` and `y`, from cached origins.
    fn same_allocation(&self, ctx: &Context, x: &Bases, y: &Bases) -> AliasResult {
        let (bx, by) = (x.view, y.view);
        if bx == by {
            return AliasResult::SameAllocation;
        }
        if !x.view_is_buffer || !y.view_is_buffer {
            return AliasResult::Unknown;
        }
        // The second origin is not searched when the first is unknown: the answer is then
        // unknown whatever it is.
        let ox = self.of_value(ctx, bx);
        if !ox.complete {
            return AliasResult::Unknown;
        }
        let oy = self.of_value(ctx, by);
        if !oy.complete {
            return AliasResult::Unknown;
        }
        let (tx, ty) = (self.terminals(&ox), self.terminals(&oy));
        if tx.len() == 1 && *tx == *ty {
            return AliasResult::SameAllocation;
        }
        if tx.iter().any(|t| ty.binary_search(t).is_ok()) {
            return AliasResult::Unknown;
        }
        let isolated_x = ox.all_allocs && (oy.all_allocs || oy.all_allocs_or_args);
        let isolated_y = (ox.all_allocs || ox.all_allocs_or_args) && oy.all_allocs;
        if isolated_x || isolated_y {
            AliasResult::DifferentAllocation
        } else {
            AliasResult::Unknown
        }
    }
}

/// The one value `value` may come from, when it is neither terminal nor the source of
/// anything (so no search from `source` reaches it back): the base buffer
/// `memref.extract_strided_metadata` gives for a free, which each dealloc asks about.
fn only_source(flow: &BufferViewFlowAnalysis, value: Value) -> Option<Value> {
    match flow.sources(value) {
        &[source] if !flow.may_be_terminal(value) && flow.derived(value).is_empty() => Some(source),
        _ => None,
    }
}

/// The memrefs of a dealloc split into groups that certainly come from different allocations
/// than every memref outside the group: the connected components of "may share a terminal
/// buffer", kept apart only where the origin rule proves it (one side all allocations, the
/// other all allocations or arguments). The memrefs no group could be proved apart from stay
/// together in the last group; `None` when there is nothing to split.
///
/// MLIR splits off single memrefs only; a group of a call result and the argument the callee
/// may return is split off here too, so its runtime alias check no longer compares it with
/// every other buffer of the dealloc.
fn separable_groups(ctx: &Context, a: &Origins, memrefs: &[Value]) -> Option<Vec<Vec<usize>>> {
    // Inline for the few memrefs of most deallocs. A group is proved apart only when every
    // memref is an allocation or an argument ([`group_provable`]): the first that is not ends
    // the search, and the origins after it are not asked for.
    let mut origins: SmallVec<[Origin; 4]> = SmallVec::with_capacity(memrefs.len());
    for &m in memrefs {
        let origin = a.get(ctx, m);
        if !origin.all_allocs_or_args {
            return None;
        }
        origins.push(origin);
    }
    let groups = sharing_components(a, &origins);
    if groups.len() < 2 {
        return None;
    }
    let not_alloc = origins.iter().filter(|o| !o.all_allocs).count();
    let mut separable = Vec::new();
    let mut rest = Vec::new();
    for group in groups {
        let own_not_alloc = group.iter().filter(|&&i| !origins[i].all_allocs).count();
        if group_provable(own_not_alloc, not_alloc) {
            separable.push(group);
        } else {
            rest.extend(group);
        }
    }
    if separable.is_empty() || (rest.is_empty() && separable.len() < 2) {
        return None;
    }
    rest.sort_unstable();
    if !rest.is_empty() {
        separable.push(rest);
    }
    Some(separable)
}

/// Whether a group of memrefs, with `own_not_alloc` of its memrefs not all allocations, is
/// certainly apart from the other memrefs of its dealloc, when every memref is all allocations
/// or arguments and `not_alloc` of them are not all allocations: the origin rule proves it when
/// one side is all allocations (the group, or the others: they hold no memref that is not).
///
/// The rule in general (one side all allocations, the other all allocations or arguments)
/// proves no group apart when some memref is neither, since a memref of the group is on the
/// group's side and one of the others on theirs, so [`separable_groups`] stops at such a
/// memref.
fn group_provable(own_not_alloc: usize, not_alloc: usize) -> bool {
    own_not_alloc == 0 || own_not_alloc == not_alloc
}

/// The connected components of "shares a terminal or its base" among `origins`, as lists
/// of positions ([`components_sharing_values`]). Up to [`PAIRWISE_LIMIT`] origins (nearly
/// every dealloc) are compared pair by pair ([`components_by_pairs`]): their terminals are
/// sorted, so two sets are compared by one merge, with no list of every terminal to sort.
fn sharing_components(a: &Origins, origins: &[Origin]) -> Vec<Vec<usize>> {
    if origins.len() <= PAIRWISE_LIMIT {
        return components_by_pairs(origins.len(), |i, j| {
            let (x, y) = (&origins[i], &origins[j]);
            share_a_value(&a.terminals(x), x.base, &a.terminals(y), y.base)
        });
    }
    let mut owners: Vec<(Value, usize)> = Vec::with_capacity(origins.len() * 2);
    for (i, o) in origins.iter().enumerate() {
        owners.extend(a.terminals(o).iter().map(|&t| (t, i)));
        owners.push((o.base, i));
    }
    components_sharing_values(origins.len(), owners)
}

/// Whether the values `x_terminals` (sorted) and `x_base` have one in common with
/// `y_terminals` (sorted) and `y_base`.
fn share_a_value(
    x_terminals: &[Value],
    x_base: Value,
    y_terminals: &[Value],
    y_base: Value,
) -> bool {
    x_base == y_base
        || y_terminals.binary_search(&x_base).is_ok()
        || x_terminals.binary_search(&y_base).is_ok()
        || sorted_intersect(x_terminals, y_terminals)
}

/// Whether the sorted lists `x` and `y` have a value in common.
fn sorted_intersect(x: &[Value], y: &[Value]) -> bool {
    let (mut i, mut j) = (0, 0);
    while let (Some(&u), Some(&v)) = (x.get(i), y.get(j)) {
        match u.cmp(&v) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

/// The connected components of `0..n` where positions `i` and `j` for which `share(i, j)` are
/// connected, in the form of [`components_sharing_values`]. A pair already in one component is
/// not asked.
fn components_by_pairs(n: usize, share: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut components = UnionFind::new(n);
    for i in 0..n {
        for j in i + 1..n {
            if components.find(i) != components.find(j) && share(i, j) {
                components.union(i, j);
            }
        }
    }
    components.groups()
}

/// The connected components of `0..n` where positions holding a common value are connected,
/// given `owners`, the (value, position) pairs: lists of positions, each in order, ordered by
/// their first. The pairs are sorted so that the positions sharing a value are adjacent: no
/// hashing and no growing table for the few memrefs of a dealloc.
fn components_sharing_values(n: usize, mut owners: Vec<(Value, usize)>) -> Vec<Vec<usize>> {
    owners.sort_unstable();
    let mut components = UnionFind::new(n);
    for pair in owners.windows(2) {
        if pair[0].0 == pair[1].0 {
            components.union(pair[0].1, pair[1].1);
        }
    }
    components.groups()
}

/// Most memrefs a dealloc may have for [`apart_from_all_others`] to compare every pair.
const PAIRWISE_LIMIT: usize = 8;

/// MLIR's own split rule, for what [`separable_groups`] cannot tell from origins alone (two
/// loop-carried buffers proved apart, [`CarriedApart`]): each memref certainly apart from every
/// other forms a group of its own, the rest stay together in the last group. Only for up to
/// [`PAIRWISE_LIMIT`] memrefs; `None` when no memref is apart from all others.
fn apart_from_all_others(ctx: &Context, a: &Origins, memrefs: &[Value]) -> Option<Vec<Vec<usize>>> {
    if memrefs.len() > PAIRWISE_LIMIT {
        return None;
    }
    let apart = |i: usize| {
        (0..memrefs.len()).all(|j| {
            i == j || alias(ctx, a, memrefs[i], memrefs[j]) == AliasResult::DifferentAllocation
        })
    };
    // Inline (at most PAIRWISE_LIMIT): no allocation when no memref is alone (most visits).
    let alone: SmallVec<[bool; PAIRWISE_LIMIT]> = (0..memrefs.len()).map(apart).collect();
    if !alone.contains(&true) {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = (0..memrefs.len())
        .filter(|&i| alone[i])
        .map(|i| vec![i])
        .collect();
    let rest: Vec<usize> = (0..memrefs.len()).filter(|&i| !alone[i]).collect();
    if !rest.is_empty() {
        groups.push(rest);
    }
    Some(groups)
}

/// A union-find over `0..n` (path halving, union by index).
struct UnionFind(Vec<usize>);

impl UnionFind {
    fn new(n: usize) -> Self {
        UnionFind((0..n).collect())
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }

    /// The sets as lists of positions, each in order, ordered by their first: a set's list is
    /// made at its first position.
    fn groups(&mut self) -> Vec<Vec<usize>> {
        let n = self.0.len();
        let mut group_of_root: Vec<usize> = vec![usize::MAX; n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            let root = self.find(i);
            if group_of_root[root] == usize::MAX {
                group_of_root[root] = groups.len();
                groups.push(Vec::new());
            }
            groups[group_of_root[root]].push(i);
        }
        groups
    }
}

/// `SplitDeallocWhenNotAliasingAnyOther`, generalized to groups ([`separable_groups`]): one
/// dealloc per group, each retaining the same values, their results or-ed.
fn split_non_aliasing(rw: &mut Rewriter, a: &Origins, op: Op, parts: &DeallocOperands) -> bool {
    if parts.memrefs.len() < 2 {
        return false;
    }
    let Some(groups) = separable_groups(rw, a, &parts.memrefs)
        .or_else(|| apart_from_all_others(rw, a, &parts.memrefs))
    else {
        return false;
    };
    let group_operands = |group: &[usize]| DeallocOperands {
        memrefs: group.iter().map(|&i| parts.memrefs[i]).collect(),
        conditions: group.iter().map(|&i| parts.conditions[i]).collect(),
        retained: parts.retained.clone(),
    };
    // With nothing retained there are no results to or: `op` itself takes the last group, as
    // the dealloc built last would (see `rebuild`).
    if parts.retained.is_empty()
        && let Some((last, before)) = groups.split_last()
    {
        for group in before {
            group_operands(group).build(&mut rw.builder_before(op));
        }
        renew_in_place(rw, op, &group_operands(last), &[]);
        return true;
    }
    let mut results: Vec<Vec<Value>> = vec![Vec::new(); parts.retained.len()];
    for group in &groups {
        let new = group_operands(group).build(&mut rw.builder_before(op)).0;
        for (k, r) in results.iter_mut().enumerate() {
            r.push(rw.result(new, k));
        }
    }
    let none = DeallocOperands {
        retained: parts.retained.clone(),
        ..DeallocOperands::default()
    };
    let map: Vec<Option<usize>> = vec![None; parts.retained.len()];
    rebuild(rw, op, &none, &map, &results);
    true
}

/// `RetainedMemrefAliasingAlwaysDeallocatedMemref`.
fn retained_aliasing_always_freed(
    rw: &mut Rewriter,
    a: &Origins,
    op: Op,
    parts: &DeallocOperands,
) -> bool {
    if parts.retained.is_empty() {
        return false;
    }
    let mut dropped: SmallVec<[bool; 8]> = smallvec::smallvec![false; parts.memrefs.len()];
    for &r in &parts.retained {
        let hit = (0..parts.memrefs.len()).find(|&i| {
            ConstantOp::as_bool(rw, parts.conditions[i]) == Some(true)
                && alias(rw, a, parts.memrefs[i], r) == AliasResult::SameAllocation
        });
        match hit {
            Some(i) => dropped[i] = true,
            None => return false,
        }
    }
    let kept = DeallocOperands {
        memrefs: (0..parts.memrefs.len())
            .filter(|&i| !dropped[i])
            .map(|i| parts.memrefs[i])
            .collect(),
        conditions: (0..parts.memrefs.len())
            .filter(|&i| !dropped[i])
            .map(|i| parts.conditions[i])
            .collect(),
        retained: parts.retained.clone(),
    };
    if !kept.memrefs.is_empty() {
        kept.build(&mut rw.builder_before(op));
    }
    if rw.results(op).iter().any(|&r| rw.has_uses(r)) {
        let t = bool_before(rw, op, true);
        let values = vec![t; parts.retained.len()];
        rw.replace_op_uses(op, &values);
    }
    erase_dealloc(rw, op);
    true
}

#[cfg(test)]
mod tests {
    use super::{
        BufferOriginAnalysis, Origins, alias, components_by_pairs, components_sharing_values,
        decide_alias, group_provable, is_buffer, share_a_value, sorted_intersect,
        with_carried_apart,
    };
    use ir::Value;

    /// What a dealloc's rewrite left: the printed module, then each noted op and each user of
    /// the values the dealloc read, as its position in the module's walk (`-1`: erased since).
    fn rewrite_outcome(
        ctx: &ir::Context,
        module: ir::Op,
        noted: &[ir::Op],
        read: &[Value],
    ) -> (String, Vec<i64>, Vec<Vec<i64>>) {
        let walk = ctx.walk_preorder(module);
        let position = |op: ir::Op| walk.iter().position(|&o| o == op).map_or(-1, |p| p as i64);
        let printed = ir::asm::print_module(ctx, module, &Default::default());
        let notes = noted.iter().map(|&op| position(op)).collect();
        let users = read
            .iter()
            .map(|&v| ctx.uses(v).map(|(user, _)| position(user)).collect())
            .collect();
        (printed, notes, users)
    }

    /// A dealloc that drops a freed base buffer (whose metadata op is left dead) and a
    /// retained value nothing reads the result of, changed in place, leaves the module, the
    /// notes and the use-lists of every value it read as building its replacement does.
    #[test]
    fn renewal_in_place_leaves_what_the_replacement_leaves() {
        let src = "func.func @f(%c: i1, %d: i1) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %x = memref.alloc() : memref<2xf32>
  %ba, %oa, %sa, %ta = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %bb, %ob, %sb, %tb = memref.extract_strided_metadata %b : memref<2xf32> -> memref<f32>, index, index, index
  %r:2 = bufferization.dealloc (%ba, %bb : memref<f32>, memref<f32>) if (%c, %d) retain (%x, %a : memref<2xf32>, memref<2xf32>)
  %u = arith.andi %r#1, %d : i1
  return %u : i1
}
";
        let outcome = |in_place: bool| {
            let mut ctx = ir::Context::new();
            let module = ir::asm::parse_module(&mut ctx, "t.mlir", src, &Default::default())
                .unwrap_or_else(|d| panic!("{}", d.message));
            let op = ctx
                .walk_preorder(module)
                .into_iter()
                .find(|&o| ctx.op_name_str(o) == "bufferization.dealloc")
                .expect("the dealloc");
            let read: Vec<Value> = ctx.operands(op).collect();
            let parts = super::DeallocOperands {
                memrefs: super::DeallocList::from_slice(&read[1..2]),
                conditions: super::DeallocList::from_slice(&read[3..4]),
                retained: super::DeallocList::from_slice(&read[5..6]),
            };
            let mut rw = ir::rewrite::Rewriter::new(&mut ctx);
            let map = [None, Some(0)];
            if in_place {
                let kept = super::results_moved_alone(&rw, op, &map, &[]).expect("in place");
                assert_eq!(&kept[..], &[1]);
                super::renew_in_place(&mut rw, op, &parts, &kept);
            } else {
                super::build_replacement(&mut rw, op, &parts, &map, &[]);
            }
            let noted = rw.take_noted();
            drop(rw);
            rewrite_outcome(&ctx, module, &noted, &read)
        };
        let (printed, notes, users) = outcome(true);
        assert!(
            printed.contains(
                "dealloc (%base_buffer : memref<f32>) if (%arg1) retain (%alloc : memref<2xf32>)"
            ) && !printed.contains("extract_strided_metadata %alloc :"),
            "{printed}"
        );
        assert_eq!((printed, notes, users), outcome(false));
    }

    /// The answer of each ordered pair of buffers of two functions (loop-carried buffers, base
    /// buffers of `memref.extract_strided_metadata`, an argument, a select; a base buffer
    /// whose own origin is one value too large, while the buffer it describes has one) is the
    /// same computed alone and computed after the reversed question, from what its answer
    /// tells; the last makes two reversed questions answer differently.
    #[test]
    fn reversed_questions_reuse_only_what_answers_both_orders() {
        let mut chain = String::from(
            "func.func @g(%c: i1) {\n  %v0 = memref.alloc() : memref<2xf32>\n  %v1 = memref.alloc() : memref<2xf32>\n",
        );
        // The closure of %v255 is 256 values, the most an origin may reach.
        for k in 2..256 {
            chain.push_str(&format!(
                "  %v{k} = arith.select %c, %v{}, %v{} : memref<2xf32>\n",
                k - 1,
                k - 2
            ));
        }
        chain.push_str(
            "  %b, %o, %s, %t = memref.extract_strided_metadata %v255 : memref<2xf32> -> memref<f32>, index, index, index
  %z = memref.alloc() : memref<2xf32>
  return
}
",
        );
        let src = chain + "func.func @f(%arg: memref<2xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<2xf32>, memref<2xf32>) {
    %new = memref.alloc() : memref<2xf32>
    %bx, %ox, %sx, %tx = memref.extract_strided_metadata %x : memref<2xf32> -> memref<f32>, index, index, index
    %by, %oy, %sy, %ty = memref.extract_strided_metadata %y : memref<2xf32> -> memref<f32>, index, index, index
    scf.yield %new, %x : memref<2xf32>, memref<2xf32>
  }
  %s = arith.select %c, %r#0, %arg : memref<2xf32>
  %bs, %os, %ss, %ts = memref.extract_strided_metadata %s : memref<2xf32> -> memref<f32>, index, index, index
  %ba, %oa, %sa, %ta = memref.extract_strided_metadata %arg : memref<2xf32> -> memref<f32>, index, index, index
  return
}
";
        let mut ctx = ir::Context::new();
        let module = ir::asm::parse_module(&mut ctx, "t.mlir", &src, &Default::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let ops = ctx.walk_preorder(module);
        let mut buffers: Vec<Value> = Vec::new();
        for &op in &ops {
            buffers.extend(ctx.results(op).iter().copied());
            for &region in ctx.regions(op) {
                for block in ctx.blocks(region) {
                    buffers.extend(ctx.block_args(block).iter().copied());
                }
            }
        }
        // Not the chain's selects: only its ends are asked about.
        buffers.retain(|&v| {
            is_buffer(&ctx, v)
                && ctx
                    .defining_op(v)
                    .is_none_or(|op| ctx.op_name_str(op) != "arith.select")
        });
        let flow = BufferOriginAnalysis::compute_interprocedural(&ctx, module);
        let branches = ops
            .iter()
            .copied()
            .filter(|&op| ctx.op_def(op).region_branch.is_some())
            .collect();
        let origins = Origins::new(&ctx, module, &flow, Default::default(), 1);
        let origins = with_carried_apart(&ctx, module, branches, origins);
        let (mut carried, mut asymmetric) = (0, 0);
        for &x in &buffers {
            for &y in &buffers {
                let alone = decide_alias(&ctx, &origins, x, y, None);
                let reversed = decide_alias(&ctx, &origins, y, x, None);
                let after = decide_alias(&ctx, &origins, x, y, Some(reversed));
                assert_eq!(alone.result, after.result, "{x:?} {y:?}");
                assert_eq!(alias(&ctx, &origins, x, y), alone.result);
                carried += usize::from(alone.carried == Some(true));
                asymmetric += usize::from(alone.result != reversed.result);
            }
        }
        assert!(
            asymmetric > 0,
            "some pair is apart only by the described buffer"
        );
        assert!(
            carried > 0,
            "some pair is apart only by what the loop forwards"
        );
    }

    /// The origin rule on groups (the group all allocations and the others all allocations or
    /// arguments, or the group all allocations or arguments and the others all allocations)
    /// proves a group apart only when every memref is all allocations or arguments, and then
    /// as [`group_provable`] says: checked on every group of up to five memrefs of each kind
    /// (0: all allocations, 1: all allocations or arguments, 2: neither).
    #[test]
    fn groups_are_provable_only_among_allocations_or_arguments() {
        for n in 1..=5u32 {
            for code in 0..3usize.pow(n) {
                let kinds: Vec<usize> = (0..n).map(|i| code / 3usize.pow(i) % 3).collect();
                let not_alloc = kinds.iter().filter(|&&k| k != 0).count();
                let not_alloc_or_arg = kinds.iter().filter(|&&k| k == 2).count();
                for members in 1..(1usize << n) {
                    let own = |pred: fn(usize) -> bool| {
                        (0..kinds.len())
                            .filter(|&i| members & (1 << i) != 0 && pred(kinds[i]))
                            .count()
                    };
                    let own_not_alloc = own(|k| k != 0);
                    let own_not_alloc_or_arg = own(|k| k == 2);
                    let by_rule = (own_not_alloc == 0 && not_alloc_or_arg == own_not_alloc_or_arg)
                        || (own_not_alloc_or_arg == 0 && not_alloc == own_not_alloc);
                    let screened =
                        not_alloc_or_arg == 0 && group_provable(own_not_alloc, not_alloc);
                    assert_eq!(by_rule, screened, "kinds {kinds:?}, group {members:b}");
                }
            }
        }
    }

    /// Positions sharing a value, directly or through others, form one group; groups come in
    /// the order of their first position, each in order, whatever the order of the pairs.
    #[test]
    fn positions_sharing_values_group_in_order() {
        let v = Value::from_u32;
        // 0 and 3 share v(7), 3 and 1 share v(2): {0, 1, 3}; 2 alone; 4 and 5 share v(9).
        let owners = vec![
            (v(9), 5),
            (v(7), 0),
            (v(2), 3),
            (v(5), 2),
            (v(2), 1),
            (v(7), 3),
            (v(9), 4),
            (v(1), 0),
        ];
        assert_eq!(
            components_sharing_values(6, owners),
            vec![vec![0, 1, 3], vec![2], vec![4, 5]]
        );
        assert_eq!(
            components_sharing_values(3, vec![(v(1), 2), (v(1), 0)]),
            vec![vec![0, 2], vec![1]]
        );
        assert!(components_sharing_values(0, Vec::new()).is_empty());
    }

    /// Comparing each two sets of sorted terminals and a base gives the components that sorting
    /// every (value, position) pair gives.
    #[test]
    fn pairs_of_sets_group_as_sorted_owners() {
        let v = Value::from_u32;
        // (terminals, sorted; base) per position.
        let sets: [(&[Value], Value); 6] = [
            (&[v(1), v(4), v(9)], v(20)),
            (&[v(2), v(5)], v(21)),
            (&[v(3), v(9)], v(22)),
            (&[], v(5)),
            (&[v(30)], v(31)),
            (&[v(6), v(7)], v(31)),
        ];
        let owners: Vec<(Value, usize)> = sets
            .iter()
            .enumerate()
            .flat_map(|(i, (terminals, base))| terminals.iter().chain([base]).map(move |&t| (t, i)))
            .collect();
        let by_pairs = components_by_pairs(sets.len(), |i, j| {
            share_a_value(sets[i].0, sets[i].1, sets[j].0, sets[j].1)
        });
        // 0 and 2 share v(9), 1 and 3 v(5) (a base in terminals), 4 and 5 their base.
        assert_eq!(by_pairs, vec![vec![0, 2], vec![1, 3], vec![4, 5]]);
        assert_eq!(by_pairs, components_sharing_values(sets.len(), owners));
        assert!(sorted_intersect(&[v(1), v(3), v(8)], &[v(2), v(8)]));
        assert!(!sorted_intersect(&[v(1), v(3)], &[v(2), v(4), v(9)]));
    }
}
