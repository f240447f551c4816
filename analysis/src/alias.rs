//! Buffer view-flow and origin analyses (MLIR's `BufferViewFlowAnalysis` and
//! `BufferOriginAnalysis`, `BufferViewFlowAnalysis.cpp`).
//!
//! [`BufferViewFlowAnalysis`] records, for every value, the values that may be derived from
//! it (carry the same underlying allocation), built from the registry's interfaces:
//! * view-like ops (`view_source`): source → result 0;
//! * branch ops (`successor_operands`): forwarded operand → successor block argument;
//! * region-branch ops: entry operands → region arguments / results, and region terminator
//!   operands → successor region arguments / op results;
//! * call ops: every buffer operand → every buffer result, and the results are also terminal (the callee
//!   may return a fresh buffer). Built with [`ReturnSummaries`]
//!   ([`BufferViewFlowAnalysis::compute_with_returns`]), a call of a summarized function links
//!   only the operands its result may alias, and a result that may only be a fresh buffer or
//!   such an alias is a *fresh* terminal ([`BufferViewFlowAnalysis::is_fresh`]), which the
//!   origin analysis treats like an allocation;
//! * `PURE` ops with buffer operands and buffer results and none of the above (e.g.
//!   `arith.select`): every buffer operand → every buffer result, *not* terminal. A pure op
//!   cannot allocate, so its buffer results can only come from its operands (MLIR gets this
//!   from `BufferViewFlowOpInterface`, which our registry does not have);
//! * any other op: its buffer results and buffer entry-block arguments of its regions are
//!   terminal (nothing known about where they come from).
//!
//! Branch, region and call flows link buffers only: a value of another type (an index, a flag)
//! carries no buffer, and linking it would join everything it reaches into one alias class.
//!
//! A value is *terminal* if it is marked so, or if nothing flows into it (a value defined
//! outside the analysed op, an argument of an unreachable block): the set of origins of a
//! value is never empty, so [`BufferOriginAnalysis`] never has to guess.
//!
//! [`BufferOriginAnalysis::is_same_allocation`] follows MLIR's decision procedure exactly
//! (view chains stripped, same value ⇒ same; identical single terminal ⇒ same; overlapping
//! terminal sets ⇒ unknown; all-allocations vs. allocations-or-function-arguments ⇒
//! different; otherwise unknown), so it is at least as precise and never claims more.

pub use ir::interfaces::view_base;
use ir::{Context, Op, RegionPoint, Traits, TypeData, Value, ValueDef};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use crate::cfg;
use crate::dense::{ValueMap, ValueSet};
use crate::effects;
use crate::returns::{ReturnSummaries, ReturnedBuffer};

/// Answer to "do two buffers come from the same allocation?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasResult {
    /// Certainly the same allocation.
    SameAllocation,
    /// Certainly different allocations.
    DifferentAllocation,
    /// Not known.
    Unknown,
}

/// The values each value is linked to, in one direction.
type Deps = ValueMap<SmallVec<[Value; 2]>>;

/// Which values may be derived from which (forward) and from which values each may come
/// (reverse), plus the set of terminal buffers.
#[derive(Clone, Debug, Default)]
pub struct BufferViewFlowAnalysis {
    dependencies: Deps,
    reverse: Deps,
    terminals: ValueSet,
    /// Call results that are a buffer the call allocates when they are not an alias of an
    /// operand (see [`ReturnSummaries`]).
    fresh: ValueSet,
}

/// Whether `v` is a buffer (ranked or unranked memref).
#[inline]
pub fn is_buffer(ctx: &Context, v: Value) -> bool {
    matches!(
        ctx.type_data(ctx.value_type(v)),
        TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
    )
}

impl BufferViewFlowAnalysis {
    /// Builds the analysis over every op nested in `op` (including `op`).
    pub fn compute(ctx: &Context, op: Op) -> Self {
        Self::compute_with_returns(ctx, op, &ReturnSummaries::default())
    }

    /// [`Self::compute`], with the calls of functions that `returns` summarizes linked as
    /// their summaries say (see the [module docs](self)).
    pub fn compute_with_returns(ctx: &Context, op: Op, returns: &ReturnSummaries) -> Self {
        Self::compute_over(ctx, op, &ctx.walk_preorder(op), returns)
    }

    /// [`Self::compute_with_returns`] of `op` with the summaries of its own functions
    /// ([`ReturnSummaries::compute`] of `op`), both from one walk of `op`.
    pub fn compute_interprocedural(ctx: &Context, op: Op) -> Self {
        let ops = ctx.walk_preorder(op);
        ReturnSummaries::compute_with_flow_over(ctx, op, &ops).1
    }

    /// The analysis over `ops`, the walk of `root`. Its links and sets are kept by value
    /// number from the start when `root` is the module ([`ValueMap::for_scope`],
    /// [`ValueSet::for_scope`]): the values the ownership pass adds are numbered after every
    /// parsed one, so a hashed map of links would stay hashed, one hash per link, until
    /// thousands were made, and every closure step asks whether a value is terminal.
    pub(crate) fn compute_over(
        ctx: &Context,
        root: Op,
        ops: &[Op],
        returns: &ReturnSummaries,
    ) -> Self {
        let mut a = Self::empty_for(ctx, root, ops.len());
        a.visit_all(ctx, ops, returns, &mut Vec::new());
        a
    }

    /// An analysis of nothing yet, for `ops` ops of a walk of `root` (which sizes its tables,
    /// as [`Self::compute_over`] says), to be filled by [`Self::visit_all`].
    pub(crate) fn empty_for(ctx: &Context, root: Op, ops: usize) -> Self {
        let mut a = BufferViewFlowAnalysis {
            dependencies: ValueMap::for_scope(ctx, root),
            reverse: ValueMap::for_scope(ctx, root),
            terminals: ValueSet::for_scope(ctx, root),
            fresh: ValueSet::for_scope(ctx, root),
        };
        // At most a link source and a link target per op, mostly.
        a.dependencies.reserve(ops);
        a.reverse.reserve(ops);
        a
    }

    /// Adds the links and terminals of each of `ops`, linking calls as `returns` summarizes
    /// them; appends to `unsummarized` the calls with buffer results it links without a
    /// summary. Visiting an op twice with the same summaries adds nothing the first visit did
    /// not (links are kept once, terminals are a set).
    pub(crate) fn visit_all(
        &mut self,
        ctx: &Context,
        ops: &[Op],
        returns: &ReturnSummaries,
        unsummarized: &mut Vec<Op>,
    ) {
        for &nested in ops {
            self.visit(ctx, nested, returns, unsummarized);
        }
    }

    /// Whether `value` is a call result known to be a buffer the call allocated, unless it is
    /// one of the values that flow into it.
    #[inline]
    pub fn is_fresh(&self, value: Value) -> bool {
        self.fresh.contains(value)
    }

    /// Records that `to` may be derived from `from`, once. The duplicate check scans the
    /// shorter of `from`'s forward and `to`'s reverse list (they hold the same edges), so a
    /// value flowing into thousands of others (a constant passed to every loop) stays cheap.
    fn link(&mut self, from: Value, to: Value) {
        let fwd = self.dependencies.get_or_insert_with(from, SmallVec::new);
        let rev = self.reverse.get_or_insert_with(to, SmallVec::new);
        let known = if fwd.len() <= rev.len() {
            fwd.contains(&to)
        } else {
            rev.contains(&from)
        };
        if !known {
            fwd.push(to);
            rev.push(from);
        }
    }

    /// [`Self::link`] when both values are buffers: an index, a flag or a constant passed to
    /// a loop, a branch or a call carries no buffer, and linking it would make everything it
    /// reaches look like one alias class (a constant passed to every loop).
    fn link_buffers(&mut self, ctx: &Context, from: Value, to: Value) {
        if is_buffer(ctx, from) && is_buffer(ctx, to) {
            self.link(from, to);
        }
    }

    fn mark_terminals(&mut self, ctx: &Context, op: Op) {
        for &r in ctx.results(op) {
            if is_buffer(ctx, r) {
                self.terminals.insert(r);
            }
        }
        for &region in ctx.regions(op) {
            if let Some(entry) = ctx.entry_block(region) {
                for &arg in ctx.block_args(entry) {
                    if is_buffer(ctx, arg) {
                        self.terminals.insert(arg);
                    }
                }
            }
        }
    }

    fn visit(
        &mut self,
        ctx: &Context,
        op: Op,
        returns: &ReturnSummaries,
        unsummarized: &mut Vec<Op>,
    ) {
        let def = ctx.op_def(op);
        if let Some(source) = def.view_source {
            if ctx.num_operands(op) > 0
                && let Some(&dest) = ctx.results(op).first()
            {
                self.link(source(ctx, op), dest);
            }
            return;
        }
        if defines_no_buffer(ctx, op) {
            return;
        }
        if def.successor_operands.is_some() {
            for (i, &succ) in ctx.successors(op).iter().enumerate() {
                let forwarded = cfg::forwarded_operand_range(ctx, op, i);
                let args = ctx.block_args(succ);
                let skip = args.len().saturating_sub(forwarded.len());
                for (k, &arg) in forwarded.zip(&args[skip..]) {
                    self.link_buffers(ctx, ctx.operand(op, k), arg);
                }
            }
            return;
        }
        if def.region_branch.is_some() {
            if !receives_buffers(ctx, op) {
                return;
            }
            cfg::for_each_region_flow(ctx, op, RegionPoint::Parent, |from, to| {
                self.link_buffers(ctx, from, to);
            });
            for index in 0..ctx.regions(op).len() {
                cfg::for_each_region_flow(ctx, op, RegionPoint::Region(index), |from, to| {
                    self.link_buffers(ctx, from, to);
                });
            }
            return;
        }
        if ctx.has_trait(op, Traits::RETURN_LIKE) {
            return;
        }
        if def.call.is_some() {
            if let Some(summary) = returns.of_call(ctx, op) {
                self.link_summarized_call(ctx, op, summary);
                return;
            }
            unsummarized.push(op);
            self.mark_terminals(ctx, op);
            for operand in ctx.operands(op) {
                for &r in ctx.results(op) {
                    self.link_buffers(ctx, operand, r);
                }
            }
            return;
        }
        if def.registered && def.traits.contains(Traits::PURE) && ctx.regions(op).is_empty() {
            let buffers: SmallVec<[Value; 4]> =
                ctx.operands(op).filter(|&v| is_buffer(ctx, v)).collect();
            if !buffers.is_empty() {
                for &r in ctx.results(op).iter().filter(|&&r| is_buffer(ctx, r)) {
                    for &b in &buffers {
                        self.link(b, r);
                    }
                }
                return;
            }
        }
        self.mark_terminals(ctx, op);
    }

    /// Links the call `op` of a function whose results `summary` describes.
    fn link_summarized_call(&mut self, ctx: &Context, op: Op, summary: &[ReturnedBuffer]) {
        let Some(interface) = ctx.op_def(op).call else {
            return;
        };
        let args = (interface.args)(ctx, op);
        for (&result, returned) in ctx.results(op).iter().zip(summary) {
            if !is_buffer(ctx, result) {
                continue;
            }
            let mut unknown = returned.unknown;
            for &position in &returned.args {
                match args.clone().nth(position as usize) {
                    Some(k) => self.link(ctx.operand(op, k), result),
                    None => unknown = true,
                }
            }
            if unknown || returned.fresh || returned.args.is_empty() {
                self.terminals.insert(result);
            }
            if returned.fresh && !unknown {
                self.fresh.insert(result);
            }
        }
    }

    fn closure(map: &Deps, root: Value) -> Vec<Value> {
        Self::bounded_closure(map, root, usize::MAX).unwrap_or_default()
    }

    /// [`Self::resolve_reverse`] visiting at most `limit` values: `None` when there are more.
    pub fn resolve_reverse_bounded(&self, value: Value, limit: usize) -> Option<Vec<Value>> {
        Self::bounded_closure(&self.reverse, value, limit)
    }

    /// The closure of `root` in `map` in discovery order, or `None` once it exceeds `limit`
    /// values.
    fn bounded_closure(map: &Deps, root: Value, limit: usize) -> Option<Vec<Value>> {
        let next = |v: Value| map.get(v).map_or(&[][..], |s| s.as_slice());
        crate::closures::bounded_walk(root, limit, next, |_| false)
    }

    /// The values directly derived from `value` (one step of [`Self::resolve`]).
    #[inline]
    pub fn derived(&self, value: Value) -> &[Value] {
        self.dependencies.get(value).map_or(&[], |s| s.as_slice())
    }

    /// [`Self::resolve`] visiting at most `limit` values: `None` when there are more.
    pub fn resolve_bounded(&self, value: Value, limit: usize) -> Option<Vec<Value>> {
        Self::bounded_closure(&self.dependencies, value, limit)
    }

    /// The values `value` may be directly derived from (one step of [`Self::resolve_reverse`]).
    #[inline]
    pub fn sources(&self, value: Value) -> &[Value] {
        self.reverse.get(value).map_or(&[], |s| s.as_slice())
    }

    /// `value` and every value that may be derived from it (views, forwarded block and region
    /// arguments, results), in discovery order.
    pub fn resolve(&self, value: Value) -> impl Iterator<Item = Value> + use<> {
        Self::closure(&self.dependencies, value).into_iter()
    }

    /// `value` and every value it may be derived from, in discovery order.
    pub fn resolve_reverse(&self, value: Value) -> impl Iterator<Item = Value> + use<> {
        Self::closure(&self.reverse, value).into_iter()
    }

    /// Whether `value` may be a terminal buffer: marked terminal, or nothing flows into it.
    #[inline]
    pub fn may_be_terminal(&self, value: Value) -> bool {
        self.terminals.contains(value) || !self.reverse.contains_key(value)
    }

    /// The terminal buffers `value` may originate from (sorted by id).
    pub fn terminal_buffers(&self, ctx: &Context, value: Value) -> Vec<Value> {
        let mut out: Vec<Value> = self
            .resolve_reverse(value)
            .filter(|&v| is_buffer(ctx, v) && self.may_be_terminal(v))
            .collect();
        out.sort_unstable();
        out
    }
}

/// Whether `op` has no region, no successor and no buffer result: every rule but the view-like
/// one (checked before) links into or marks only such values, so it adds nothing (most ops of
/// a lowered program: the `i1` and `index` arithmetic, stores, frees).
fn defines_no_buffer(ctx: &Context, op: Op) -> bool {
    ctx.regions(op).is_empty()
        && ctx.successors(op).is_empty()
        && !ctx.results(op).iter().any(|&r| is_buffer(ctx, r))
}

/// Whether a region-branch op has a buffer among the values its edges forward into (its results
/// and the arguments of its regions' entry blocks): without one, no edge links buffers (the
/// frees the lowering guards by `scf.if` forward nothing).
fn receives_buffers(ctx: &Context, op: Op) -> bool {
    ctx.results(op).iter().any(|&r| is_buffer(ctx, r))
        || ctx.regions(op).iter().any(|&region| {
            ctx.entry_block(region)
                .is_some_and(|entry| ctx.block_args(entry).iter().any(|&a| is_buffer(ctx, a)))
        })
}

/// Decides whether two buffers come from the same allocation; see the [module docs](self).
#[derive(Clone, Debug, Default)]
pub struct BufferOriginAnalysis {
    flow: BufferViewFlowAnalysis,
}

/// Summary of the terminal buffers of one side of a query.
struct Terminals {
    set: Vec<Value>,
    all_allocs: bool,
    /// Every terminal is an allocation or existed before the function ([`existed_before_function`]).
    all_allocs_or_args: bool,
}

impl BufferOriginAnalysis {
    /// Builds the analysis over every op nested in `op`.
    pub fn compute(ctx: &Context, op: Op) -> Self {
        BufferOriginAnalysis {
            flow: BufferViewFlowAnalysis::compute(ctx, op),
        }
    }

    /// [`Self::compute`], also reading the bodies of the functions nested in `op` to know
    /// what their calls return ([`ReturnSummaries`]): a fresh call result then counts as an
    /// allocation. Only for passes that do not change what functions return.
    pub fn compute_interprocedural(ctx: &Context, op: Op) -> Self {
        BufferOriginAnalysis {
            flow: BufferViewFlowAnalysis::compute_interprocedural(ctx, op),
        }
    }

    /// [`Self::compute_interprocedural`] of `op` from `ops`, its walk
    /// (`Context::walk_preorder`), and `returns`, the summaries of its functions
    /// ([`ReturnSummaries::compute_over`] of that walk), for a client that reads both too.
    pub fn compute_interprocedural_over(
        ctx: &Context,
        op: Op,
        ops: &[Op],
        returns: &ReturnSummaries,
    ) -> Self {
        BufferOriginAnalysis {
            flow: BufferViewFlowAnalysis::compute_over(ctx, op, ops, returns),
        }
    }

    /// [`Self::compute_interprocedural`] of `op` from `ops`, its walk, with the summaries of
    /// its functions it is built with ([`ReturnSummaries::compute_with_flow_over`]), for a
    /// client that reads both.
    pub fn compute_interprocedural_with_summaries_over(
        ctx: &Context,
        op: Op,
        ops: &[Op],
    ) -> (Self, ReturnSummaries) {
        let (returns, flow) = ReturnSummaries::compute_with_flow_over(ctx, op, ops);
        (BufferOriginAnalysis { flow }, returns)
    }

    /// Whether the terminal buffer `t` is a buffer created where it is defined: an allocation
    /// or a fresh call result.
    pub fn is_new_buffer(&self, ctx: &Context, t: Value) -> bool {
        effects::is_allocation(ctx, t) || self.flow.is_fresh(t)
    }

    /// The underlying view-flow analysis.
    #[inline]
    pub fn view_flow(&self) -> &BufferViewFlowAnalysis {
        &self.flow
    }

    fn terminals(&self, ctx: &Context, v: Value) -> Terminals {
        let set = self.flow.terminal_buffers(ctx, v);
        let all_allocs = set.iter().all(|&t| self.is_new_buffer(ctx, t));
        let all_allocs_or_args = set
            .iter()
            .all(|&t| self.is_new_buffer(ctx, t) || existed_before_function(ctx, t));
        Terminals {
            set,
            all_allocs,
            all_allocs_or_args,
        }
    }

    /// Whether `a` and `b` (buffers) come from the same allocation. Non-buffer values answer
    /// [`AliasResult::Unknown`] unless they are the same value.
    pub fn is_same_allocation(&self, ctx: &Context, a: Value, b: Value) -> AliasResult {
        let a = view_base(ctx, a);
        let b = view_base(ctx, b);
        if a == b {
            return AliasResult::SameAllocation;
        }
        if !is_buffer(ctx, a) || !is_buffer(ctx, b) {
            return AliasResult::Unknown;
        }
        let ta = self.terminals(ctx, a);
        let tb = self.terminals(ctx, b);
        if ta.set.len() == 1 && ta.set == tb.set {
            return AliasResult::SameAllocation;
        }
        if ta.set.iter().any(|v| tb.set.binary_search(v).is_ok()) {
            return AliasResult::Unknown;
        }
        let isolated_a = ta.all_allocs && (tb.all_allocs || tb.all_allocs_or_args);
        let isolated_b = (ta.all_allocs || ta.all_allocs_or_args) && tb.all_allocs;
        if isolated_a || isolated_b {
            AliasResult::DifferentAllocation
        } else {
            AliasResult::Unknown
        }
    }
}

/// Whether the buffer `v` existed before the function it is used in started: an argument of
/// the function, or the result of an op without memory effects that takes no buffer (such as
/// `memref.get_global`). Such a buffer is never one that the function, or a call it makes,
/// allocates. One-Shot Bufferize turns every constant tensor into a global, so this is what
/// separates a local allocation from a call result that may be the global passed to the call.
pub fn existed_before_function(ctx: &Context, v: Value) -> bool {
    if is_function_argument(ctx, v) {
        return true;
    }
    let ValueDef::Result { op, .. } = ctx.value_def(v) else {
        return false;
    };
    effects::is_effect_free(ctx, op) && !ctx.operands(op).any(|o| is_buffer(ctx, o))
}

/// Whether `v` is an argument of the entry block of a function-like op's body.
pub fn is_function_argument(ctx: &Context, v: Value) -> bool {
    let ValueDef::BlockArg { block, .. } = ctx.value_def(v) else {
        return false;
    };
    let Some(region) = ctx.block_parent(block) else {
        return false;
    };
    let Some(owner) = ctx.region_parent(region) else {
        return false;
    };
    ctx.has_trait(owner, Traits::FUNCTION_LIKE)
        && ctx.entry_block(region) == Some(block)
        && ctx.regions(owner).first() == Some(&region)
}

/// Every op computing from `addresses` (values such as the result of
/// `memref.extract_aligned_pointer_as_index`), transitively through the values those ops
/// define: while a runtime alias check compares addresses, the buffers they were taken from
/// must live, or a new allocation at the same address passes for them. `None` when more than
/// `limit` values are reached.
pub fn address_users(ctx: &Context, addresses: Vec<Value>, limit: usize) -> Option<Vec<Op>> {
    AddressUsers::default()
        .find(ctx, &addresses, limit)
        .map(<[Op]>::to_vec)
}

/// The search of [`address_users`], keeping its buffers from one search to the next (for a
/// client searching from many sets of addresses).
#[derive(Default)]
pub struct AddressUsers {
    seen: FxHashSet<Value>,
    work: Vec<Value>,
    users: Vec<Op>,
}

impl AddressUsers {
    /// [`address_users`] of `addresses`.
    pub fn find(&mut self, ctx: &Context, addresses: &[Value], limit: usize) -> Option<&[Op]> {
        self.seen.clear();
        self.users.clear();
        self.seen.extend(addresses.iter().copied());
        self.work.clear();
        self.work.extend_from_slice(addresses);
        while let Some(address) = self.work.pop() {
            for (user, _) in ctx.uses(address) {
                self.users.push(user);
                for &derived in ctx.results(user) {
                    if self.seen.insert(derived) {
                        self.work.push(derived);
                    }
                }
                if self.seen.len() > limit {
                    return None;
                }
            }
        }
        Some(&self.users)
    }
}
