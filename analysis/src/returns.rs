//! What each function returns, as seen by its callers: for every result, the arguments it may
//! alias and whether it may be a buffer the call allocates (a *fresh* buffer).
//!
//! MLIR's `BufferViewFlowAnalysis` knows nothing of callees: every operand of a call may flow
//! into every result, and every result may also be anything else. Two call results, or a call
//! result and a local allocation, then never count as different buffers, and the dealloc
//! simplification leaves runtime pointer comparisons between all of them (the end of a `@main`
//! that calls a few functions compares every pair of its buffers).
//!
//! [`ReturnSummaries`] reads the bodies instead. For result `i` of function `f`, the buffers
//! returned at position `i` by every return of `f` are traced back (through views, branches,
//! region results and the calls `f` makes) to where they come from:
//! - an argument of `f`: the result may alias the operand passed there;
//! - an allocation in `f`, or a fresh result of a call `f` makes: the result may be a buffer
//!   created during the call, which differs from every buffer that existed before it;
//! - anything else (a global, an unknown op, an external callee, a trace that exceeds
//!   [`TRACE_LIMIT`]): nothing is known.
//!
//! A result is fresh only if its allocations are its own: when two results may return the same
//! allocation, neither is fresh (they may be the same buffer).
//!
//! Functions are summarized callees first (post-order of the call graph); a call to a function
//! not yet summarized (recursion) and a call without a known body keep MLIR's pessimistic flow.
//! Every summary is thus derived from sound summaries only.
//!
//! The summaries describe the bodies as they are when computed: a pass that changes what a
//! function returns must not keep using them. [`crate::alias::BufferOriginAnalysis::compute_interprocedural`]
//! is meant for passes that rewrite deallocations only.

use ir::dialects::arith::ConstantOp;
use ir::dialects::scf::IfOp;
use ir::{CallInterface, Context, Op, OpView, RegionPoint, Traits, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::ops::Range;

use crate::alias::{BufferViewFlowAnalysis, is_buffer};
use crate::{cfg, effects};

/// How many values the trace of one returned buffer may visit before it gives up.
pub const TRACE_LIMIT: usize = 256;

/// What result `i` of a function may be.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReturnedBuffer {
    /// The argument positions whose buffers the result may alias.
    pub args: SmallVec<[u32; 2]>,
    /// The result may be a buffer allocated during the call, not returned at another position.
    pub fresh: bool,
    /// The result may be something not described by `args` and `fresh`.
    pub unknown: bool,
}

/// The [`ReturnedBuffer`]s of every function with a body nested in a root op.
#[derive(Clone, Debug, Default)]
pub struct ReturnSummaries {
    by_function: FxHashMap<Op, Vec<ReturnedBuffer>>,
    /// The function each call in the root calls ([`callee`], resolved once when summarizing:
    /// the view flows built with these summaries ask for every call's summary, and a symbol
    /// lookup costs more than this map). Like the summaries, it describes the IR as it was.
    callees: FxHashMap<Op, Op>,
}

impl ReturnSummaries {
    /// Summarizes every function-like op with a body nested in `root` that a call in `root`
    /// calls (callees first). A function nothing calls is not summarized: only a call reads a
    /// summary ([`Self::of_call`]), and a program of one function then costs no view-flow
    /// analysis here.
    pub fn compute(ctx: &Context, root: Op) -> Self {
        Self::compute_over(ctx, root, &ctx.walk_preorder(root))
    }

    /// [`Self::compute`] given `ops`, the walk of `root` (`Context::walk_preorder`), for a
    /// client that walks `root` too.
    pub fn compute_over(ctx: &Context, root: Op, ops: &[Op]) -> Self {
        let mut summaries = ReturnSummaries::default();
        let mut calls = CallGraph::of(ctx, root, ops);
        if calls.called.is_empty() {
            return summaries;
        }
        summaries.callees = std::mem::take(&mut calls.callees);
        let summarized: Vec<Op> = calls
            .callees_first()
            .into_iter()
            .filter(|function| calls.called.contains(function))
            .collect();
        summaries.summarize_each(ctx, ops, &calls, &summarized);
        summaries
    }

    /// [`Self::compute_over`], and the view flow of `root` with these summaries
    /// ([`BufferViewFlowAnalysis::compute_over`] of `ops`), built together: each function is
    /// summarized from the links of its own ops, so the flow of the whole walk is those links
    /// and the links of the ops outside the functions, each op visited once instead of twice.
    ///
    /// That holds when the functions summarized are isolated from above and none holds
    /// another (a function's values are then linked only by its own ops, in the order of its
    /// walk, as in the flow of the walk), and when no call is linked before its callee's
    /// summary is known (along a cycle of calls) but summarized by the end; otherwise the
    /// flow of the walk is built again once the summaries are known.
    pub fn compute_with_flow_over(
        ctx: &Context,
        root: Op,
        ops: &[Op],
    ) -> (Self, BufferViewFlowAnalysis) {
        let mut summaries = ReturnSummaries::default();
        let mut calls = CallGraph::of(ctx, root, ops);
        let summarized: Vec<Op> = calls
            .callees_first()
            .into_iter()
            .filter(|function| calls.called.contains(function))
            .collect();
        summaries.callees = std::mem::take(&mut calls.callees);
        let Some(walks) = calls.disjoint_walks(ctx, ops, &summarized) else {
            summaries.summarize_each(ctx, ops, &calls, &summarized);
            let flow = BufferViewFlowAnalysis::compute_over(ctx, root, ops, &summaries);
            return (summaries, flow);
        };
        let mut flow = BufferViewFlowAnalysis::empty_for(ctx, root, ops.len());
        let mut unsummarized = Vec::new();
        for (&function, walk) in summarized.iter().zip(&walks) {
            flow.visit_all(ctx, &ops[walk.clone()], &summaries, &mut unsummarized);
            if let Some(summary) = summarize(ctx, function, &flow) {
                summaries.by_function.insert(function, summary);
            }
        }
        if unsummarized
            .iter()
            .any(|&call| summaries.of_call(ctx, call).is_some())
        {
            let flow = BufferViewFlowAnalysis::compute_over(ctx, root, ops, &summaries);
            return (summaries, flow);
        }
        let mut outside = 0;
        for walk in sorted_by_start(walks) {
            flow.visit_all(
                ctx,
                &ops[outside..walk.start],
                &summaries,
                &mut unsummarized,
            );
            outside = walk.end;
        }
        flow.visit_all(ctx, &ops[outside..], &summaries, &mut unsummarized);
        (summaries, flow)
    }

    /// Summarizes each of `functions` (callees first) from a view flow of its own walk, read
    /// from `ops`, the walk of the root `calls` describes.
    fn summarize_each(&mut self, ctx: &Context, ops: &[Op], calls: &CallGraph, functions: &[Op]) {
        for &function in functions {
            let walk = calls.walk_of(ctx, ops, function);
            let flow = BufferViewFlowAnalysis::compute_over(ctx, function, walk, self);
            if let Some(summary) = summarize(ctx, function, &flow) {
                self.by_function.insert(function, summary);
            }
        }
    }

    /// The summary of the function that the call-like `call` calls, if it is known and has as
    /// many results as the call.
    pub fn of_call(&self, ctx: &Context, call: Op) -> Option<&[ReturnedBuffer]> {
        if self.by_function.is_empty() {
            return None;
        }
        let function = match self.callees.get(&call) {
            Some(&function) => function,
            None => callee(ctx, call)?,
        };
        let summary = self.by_function.get(&function)?;
        (summary.len() == ctx.results(call).len()).then_some(summary.as_slice())
    }
}

/// The function a direct call-like op calls, resolved in the nearest symbol table.
pub fn callee(ctx: &Context, call: Op) -> Option<Op> {
    callee_by(ctx, call, ctx.op_def(call).call?)
}

/// [`callee`] of `call`, whose call interface is `interface`.
fn callee_by(ctx: &Context, call: Op, interface: CallInterface) -> Option<Op> {
    let symbol = (interface.callee)(ctx, call)?;
    ctx.lookup_symbol(call, ctx.sym_str(symbol))
}

/// The direct calls nested in a root op, read in one walk.
struct CallGraph {
    /// The functions with a body (the root too, if it is one), in program order.
    functions: Vec<Op>,
    /// For each of them, its position in the walk of the root and the functions with a body
    /// that a call nested in it (at any depth) calls, in program order.
    calls_of: FxHashMap<Op, (usize, Vec<Op>)>,
    /// Every function some call-like op nested in the root calls directly.
    called: FxHashSet<Op>,
    /// The function each of those call-like ops calls.
    callees: FxHashMap<Op, Op>,
}

impl CallGraph {
    /// The call graph of `root`, whose walk is `ops`.
    fn of(ctx: &Context, root: Op, ops: &[Op]) -> Self {
        let mut graph = CallGraph {
            functions: Vec::new(),
            calls_of: FxHashMap::default(),
            called: FxHashSet::default(),
            callees: FxHashMap::default(),
        };
        for (position, &op) in ops.iter().enumerate() {
            // One look at the op's definition for both questions: most ops are neither.
            let def = ctx.op_def(op);
            if def.traits.contains(Traits::FUNCTION_LIKE) && has_entry_block(ctx, op) {
                graph.functions.push(op);
                graph.calls_of.insert(op, (position, Vec::new()));
            }
            let Some(function) = def.call.and_then(|interface| callee_by(ctx, op, interface))
            else {
                continue;
            };
            graph.called.insert(function);
            graph.callees.insert(op, function);
            if has_body(ctx, function) {
                graph.note_call(ctx, root, op, function);
            }
        }
        graph
    }

    /// Notes that `call` (nested in `root`) calls `function`, in every function holding it.
    fn note_call(&mut self, ctx: &Context, root: Op, call: Op, function: Op) {
        let mut holder = ctx.parent_op(call);
        while let Some(op) = holder {
            if let Some((_, calls)) = self.calls_of.get_mut(&op) {
                calls.push(function);
            }
            if op == root {
                break;
            }
            holder = ctx.parent_op(op);
        }
    }

    /// The functions, each after the functions it calls (except along a cycle of calls).
    fn callees_first(&self) -> Vec<Op> {
        let mut order = Vec::with_capacity(self.functions.len());
        let mut seen: FxHashSet<Op> = FxHashSet::default();
        for &start in &self.functions {
            if !seen.insert(start) {
                continue;
            }
            // Iterative DFS: (function, index of its next callee).
            let mut stack = vec![(start, 0usize)];
            while let Some((function, next)) = stack.last_mut() {
                let called = self
                    .calls_of
                    .get(function)
                    .map_or(&[][..], |(_, calls)| calls.as_slice());
                if let Some(&callee) = called.get(*next) {
                    *next += 1;
                    if self.calls_of.contains_key(&callee) && seen.insert(callee) {
                        stack.push((callee, 0));
                    }
                } else {
                    order.push(*function);
                    stack.pop();
                }
            }
        }
        order
    }

    /// The walk of `function` (`Context::walk_preorder`), read from `ops`, the walk of the
    /// root, in which `function` has a position.
    fn walk_of<'o>(&self, ctx: &Context, ops: &'o [Op], function: Op) -> &'o [Op] {
        let range = self.walk_range(ctx, ops, function);
        &ops[range]
    }

    /// Where [`Self::walk_of`] `function` is in `ops`.
    fn walk_range(&self, ctx: &Context, ops: &[Op], function: Op) -> Range<usize> {
        let at = self
            .calls_of
            .get(&function)
            .map_or(0, |&(position, _)| position);
        at..at + nested_walk(ctx, ops, at).len()
    }

    /// Where the walks of `functions` are in `ops` (in their order), when each function is
    /// isolated from above and no two walks overlap (no function holds another): a
    /// function's values are then linked only by the ops of its own walk.
    fn disjoint_walks(
        &self,
        ctx: &Context,
        ops: &[Op],
        functions: &[Op],
    ) -> Option<Vec<Range<usize>>> {
        if !functions
            .iter()
            .all(|&function| ctx.has_trait(function, Traits::ISOLATED_FROM_ABOVE))
        {
            return None;
        }
        let walks: Vec<Range<usize>> = functions
            .iter()
            .map(|&function| self.walk_range(ctx, ops, function))
            .collect();
        let sorted = sorted_by_start(walks.clone());
        sorted
            .windows(2)
            .all(|pair| pair[0].end <= pair[1].start)
            .then_some(walks)
    }
}

/// `ranges` ordered by where they start.
fn sorted_by_start(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_unstable_by_key(|range| range.start);
    ranges
}

/// The walk of `ops[at]` within `ops`, a pre-order walk holding it: the ops nested in an op
/// follow it, up to the op after them ([`op_after_nested`]; the rest of `ops` when that op is
/// not in `ops`).
fn nested_walk<'o>(ctx: &Context, ops: &'o [Op], at: usize) -> &'o [Op] {
    let rest = &ops[at + 1..];
    let nested = op_after_nested(ctx, ops[at])
        .and_then(|after| rest.iter().position(|&op| op == after))
        .unwrap_or(rest.len());
    &ops[at..at + 1 + nested]
}

/// The op a pre-order walk reaches after `op` and the ops nested in it: its next op, or else
/// the first op of a later block of its region or of a later region of its parent op, or
/// else the same for its parent op, and so on up; `None` after the outermost op's last op.
fn op_after_nested(ctx: &Context, op: Op) -> Option<Op> {
    let mut holder = op;
    loop {
        if let Some(next) = ctx.next_op(holder) {
            return Some(next);
        }
        let block = ctx.op_parent(holder)?;
        let region = ctx.block_parent(block)?;
        let parent = ctx.region_parent(region)?;
        let later_blocks = std::iter::successors(ctx.next_block(block), |&b| ctx.next_block(b));
        let later_regions = ctx.regions(parent)[ctx.region_index(region)? + 1..]
            .iter()
            .flat_map(|&r| ctx.blocks(r));
        if let Some(first) = later_blocks
            .chain(later_regions)
            .find_map(|b| ctx.first_op(b))
        {
            return Some(first);
        }
        holder = parent;
    }
}

/// Whether `op` is a function-like op with a body.
#[inline]
pub fn has_body(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::FUNCTION_LIKE) && has_entry_block(ctx, op)
}

/// Whether the first region of `op` has an entry block.
#[inline]
fn has_entry_block(ctx: &Context, op: Op) -> bool {
    ctx.regions(op)
        .first()
        .is_some_and(|&body| ctx.entry_block(body).is_some())
}

/// The summary of `function` from the flow of its body; `None` if it has no return.
fn summarize(
    ctx: &Context,
    function: Op,
    flow: &BufferViewFlowAnalysis,
) -> Option<Vec<ReturnedBuffer>> {
    let body = *ctx.regions(function).first()?;
    let returns: Vec<Op> = ctx
        .blocks(body)
        .filter_map(|block| ctx.last_op(block))
        .filter(|&op| ctx.has_trait(op, Traits::RETURN_LIKE))
        .collect();
    let count = ctx.num_operands(*returns.first()?);
    let mut summary = vec![ReturnedBuffer::default(); count];
    let mut allocations: Vec<FxHashSet<Value>> = vec![FxHashSet::default(); count];
    for &ret in &returns {
        if ctx.num_operands(ret) != count {
            return None;
        }
        for (i, value) in ctx.operands(ret).enumerate() {
            if !is_buffer(ctx, value) {
                continue;
            }
            for source in guarded_sources(ctx, value) {
                trace(
                    ctx,
                    function,
                    flow,
                    source,
                    &mut summary[i],
                    &mut allocations[i],
                );
            }
        }
    }
    unfresh_shared(&mut summary, &allocations);
    Some(summary)
}

/// The values a returned `value` may be, read through the ownership pass's return guard
/// `r = scf.if %owned { yield v } else { yield clone v }` when `v` and `%owned` are results of
/// one region-branch op: along an edge into that op that passes the constant `false` as
/// `%owned`, `v` is not what the then region yields. After the ownership-based pass, `v`'s
/// unowned sources (function arguments) all arrive with `false`, so the result is found fresh.
/// Any other `value` is its own only source.
fn guarded_sources(ctx: &Context, value: Value) -> SmallVec<[Value; 2]> {
    let single = || SmallVec::from_slice(&[value]);
    let ValueDef::Result { op, index } = ctx.value_def(value) else {
        return single();
    };
    let Some(if_op) = IfOp::of(ctx, op) else {
        return single();
    };
    let condition = if_op.condition(ctx);
    let branches = [
        (if_op.then_block(ctx), true),
        (if_op.else_block(ctx), false),
    ];
    let mut sources = SmallVec::new();
    for (block, holds) in branches {
        let Some(yielded) = block
            .and_then(|b| ctx.last_op(b))
            .filter(|&y| (index as usize) < ctx.num_operands(y))
            .map(|y| ctx.operand(y, index as usize))
        else {
            return single();
        };
        sources.extend(sources_assuming(ctx, yielded, condition, holds));
    }
    sources
}

/// The values `v` may be when the `i1` `flag` is `holds`: when both are results of one
/// region-branch op, the values forwarded to `v` along the edges into its results that do not
/// forward the constant `!holds` as `flag`; otherwise `v` itself.
fn sources_assuming(ctx: &Context, v: Value, flag: Value, holds: bool) -> SmallVec<[Value; 2]> {
    let single = || SmallVec::from_slice(&[v]);
    let (ValueDef::Result { op, .. }, ValueDef::Result { op: flag_op, .. }) =
        (ctx.value_def(v), ctx.value_def(flag))
    else {
        return single();
    };
    if op != flag_op || !cfg::is_region_branch(ctx, op) {
        return single();
    }
    let points = std::iter::once(RegionPoint::Parent)
        .chain((0..ctx.regions(op).len()).map(RegionPoint::Region));
    let mut sources = SmallVec::new();
    for point in points {
        for edge in cfg::region_successors(ctx, op, point) {
            if edge.to != RegionPoint::Parent {
                continue;
            }
            let at = |x: Value| edge.inputs.iter().position(|&input| input == x);
            let (Some(value_at), Some(flag_at)) = (at(v), at(flag)) else {
                return single();
            };
            let (Some(&forwarded), Some(&forwarded_flag)) =
                (edge.operands.get(value_at), edge.operands.get(flag_at))
            else {
                return single();
            };
            if ConstantOp::as_bool(ctx, forwarded_flag) != Some(!holds) {
                sources.push(forwarded);
            }
        }
    }
    sources
}

/// Adds where `value` (returned by `function`) may come from to `into`, and the allocations
/// it may be to `allocations`.
fn trace(
    ctx: &Context,
    function: Op,
    flow: &BufferViewFlowAnalysis,
    value: Value,
    into: &mut ReturnedBuffer,
    allocations: &mut FxHashSet<Value>,
) {
    let Some(reached) = flow.resolve_reverse_bounded(value, TRACE_LIMIT) else {
        into.unknown = true;
        return;
    };
    for t in reached {
        if !is_buffer(ctx, t) || !flow.may_be_terminal(t) {
            continue;
        }
        if let Some(position) = argument_position(ctx, function, t) {
            if !into.args.contains(&position) {
                into.args.push(position);
            }
        } else if effects::is_allocation(ctx, t) || flow.is_fresh(t) {
            into.fresh = true;
            allocations.insert(t);
        } else {
            into.unknown = true;
        }
    }
}

/// The position of `v` among the arguments of `function`'s entry block.
fn argument_position(ctx: &Context, function: Op, v: Value) -> Option<u32> {
    let ValueDef::BlockArg { block, index } = ctx.value_def(v) else {
        return None;
    };
    let body = *ctx.regions(function).first()?;
    (ctx.entry_block(body) == Some(block)).then_some(index)
}

/// Results that may return the same allocation are not fresh: they may be one buffer.
fn unfresh_shared(summary: &mut [ReturnedBuffer], allocations: &[FxHashSet<Value>]) {
    let mut positions: FxHashMap<Value, usize> = FxHashMap::default();
    let mut shared = vec![false; summary.len()];
    for (i, set) in allocations.iter().enumerate() {
        for &a in set {
            if let Some(&other) = positions.get(&a) {
                shared[other] = true;
                shared[i] = true;
            } else {
                positions.insert(a, i);
            }
        }
    }
    for (result, shared) in summary.iter_mut().zip(shared) {
        if shared {
            result.fresh = false;
            result.unknown = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::nested_walk;

    /// Every op's walk read from the module's equals its own walk: functions first, last and
    /// in the middle, ops with regions at several depths (the last op of a block, whose walk
    /// ends where the next block, the next region or an ancestor's next op starts).
    #[test]
    fn an_ops_walk_is_its_slice_of_the_roots() {
        let src = r#"
func.func @first(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    %b = scf.if %c -> memref<2xf32> {
      %x = memref.alloc() : memref<2xf32>
      scf.yield %x : memref<2xf32>
    } else {
      scf.yield %a : memref<2xf32>
    }
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @middle() {
  return
}
func.func @blocks(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  %z = memref.alloc() : memref<2xf32>
  cf.br ^b
^b:
  return
}
func.func @last(%c: i1) {
  scf.if %c {
    scf.if %c {
      %y = memref.alloc() : memref<2xf32>
    }
  }
  return
}
"#;
        let (ctx, module) = crate::test_support::parsed(src);
        let ops = ctx.walk_preorder(module);
        for (at, &op) in ops.iter().enumerate() {
            assert_eq!(nested_walk(&ctx, &ops, at), &ctx.walk_preorder(op)[..]);
        }
        // Within the walk of a function (its ops only), the same.
        let function = ops.iter().rev().find(|&&op| super::has_body(&ctx, op));
        let inner = ctx.walk_preorder(*function.expect("@last has a body"));
        assert!(inner.len() > 4);
        for (at, &op) in inner.iter().enumerate() {
            assert_eq!(nested_walk(&ctx, &inner, at), &ctx.walk_preorder(op)[..]);
        }
    }
}
