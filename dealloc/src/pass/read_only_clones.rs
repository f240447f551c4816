//! Read-only clones of the input become their source before any free is placed.
//!
//! A `bufferization.clone` the program made itself is a copy only if one of the two buffers
//! changes while the other is still read. When nothing writes either of them after the clone,
//! the clone can read its source instead, and the ownership analysis then frees the one buffer
//! after the last use of both: one allocation and one copy fewer, and a peak never higher.
//!
//! ```text
//! %a = memref.alloc() : memref<6xi64>            %a = memref.alloc() : memref<6xi64>
//! linalg.fill ins(%x) outs(%a)                   linalg.fill ins(%x) outs(%a)
//! %b = bufferization.clone %a            ==>     ... reads of %a and of %a ...
//! ... reads of %a and of %b ...
//! ```
//!
//! MLIR's canonicalize removes such clones only when it finds their frees, after the
//! deallocation pass, and it ignores writes there (so it is unsound when a branch writes the
//! clone). Here the rewrite happens on the input, where no free exists yet, and it is sound
//! under these conditions, all checked on the view-flow analysis of the function:
//!
//! * every buffer the source may come from is an allocation of this function (or an argument
//!   it owns, which its callers handed over and no longer name), so no other value the
//!   analysis does not follow (another argument, a global) can name the same memory, or a
//!   constant global, which nothing may write; or an argument the function does not own,
//!   when every use of the copy is in the clone's block (below) and nothing between the clone
//!   and its last use can write the caller's buffer: every write or free there targets an
//!   allocation of the function, every call there takes no buffer or goes to a function that
//!   only reads the buffers it gets (`argument_reads`), and the module's memory is private
//!   (every global constant, no buffer handed to a function without a body, stored as a
//!   value or given to an op of unknown effects), so no callee can reach that buffer;
//! * no alias of the source's buffers or of the clone is captured (stored as a value, handed to
//!   a callee, or turned into an address the program could compare), turned into a tensor, or
//!   freed, except that a callee with a body may take one outside the copy's live span
//!   (below) when the module's memory is private (below): it writes it only while it runs,
//!   and what it returns is an alias the rules check; a function exit may return one of them
//!   (one operand, or only the copy and its views, so the caller never gets one buffer under
//!   two results where it got two), unless the source may be a constant global, which the
//!   caller could then write;
//! * every write to such an alias happens where no copy is live, or before the clone:
//!   - every use of an alias of the clone's result is an op of the clone's region (or nested
//!     in one), never a terminator, and no such use can follow the write without the clone
//!     running again: the write is outside the region, or before the clone in its block, or
//!     after the last use in its own block with no path from there to a block holding a use
//!     that avoids the clone's block (with every use in the clone's block, this is: the write
//!     is not in the ops from the clone to the last use, and each copy is dead before any
//!     trip of a loop around the block runs the write); or
//!   - in the closest region holding both, which runs at most once per call of the function
//!     (no enclosing loop, no CFG cycle in it or around it, no enclosing op of unknown
//!     control flow), the write's ancestor comes before the clone's in one block, or the
//!     write's block cannot be reached from the clone's; or
//!   - the write fills a buffer right after its allocation made it (same block, the clone not
//!     in between), so it reaches only that new buffer, never one the clone copied before.
//!
//! A clone whose result nothing uses is erased.
//!
//! Clones are rewritten one alias class at a time: a clone whose aliases meet those of a clone
//! already rewritten is left alone, since the analysis no longer describes the merged buffer.

use super::argument_reads::ArgumentReads;
use analysis::alias::{BufferViewFlowAnalysis, is_buffer, is_function_argument};
use analysis::capture::may_capture;
use analysis::cfg::{back_edges, successor_blocks};
use analysis::loops::{is_known_control_flow, is_loop};
use analysis::returns::{callee, has_body};
use ir::dialects::bufferization::CloneOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::{CastOp, cast_compatible_types, is_constant_global, is_mutable_global};
use ir::dialects::scf::{IfOp, IndexSwitchOp};
use ir::interfaces::{is_allocation, own_value_effects};
use ir::{Block, Builder, Context, EffectKind, Op, OpView, Region, Traits, TypeData, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// The most aliases followed per clone; a clone with more is left alone.
const ALIAS_LIMIT: usize = 512;

/// The most ops looked at between a clone of an argument and its last use; a clone with more
/// is left alone (so overlapping spans cannot make the pass quadratic).
const SPAN_LIMIT: usize = 4096;

/// The clones among `ops` (in their order) that are not erased.
pub(super) fn live_clones(ctx: &Context, ops: &[Op]) -> Vec<Op> {
    ops.iter()
        .copied()
        .filter(|&op| ctx.is_alive(op) && CloneOp::is(ctx, op))
        .collect()
}

/// Replaces every read-only clone in `func` by its source (see the module docs), counting the
/// arguments at `owned` positions (which the function owns, `analysis::handover`) as
/// allocations of the function; returns how many were replaced. `clones` are the clones of
/// `func` in pre-order ([`live_clones`]).
pub(super) fn forward_read_only_clones(
    ctx: &mut Context,
    func: Op,
    clones: Vec<Op>,
    owned: &[usize],
    memory: &mut ModuleMemory,
) -> usize {
    if clones.is_empty() {
        return 0;
    }
    let flow = BufferViewFlowAnalysis::compute(ctx, func);
    let owned_args: Vec<Value> = FuncOp(func)
        .entry_block(ctx)
        .map(|entry| {
            let args = ctx.block_args(entry);
            owned.iter().filter_map(|&i| args.get(i).copied()).collect()
        })
        .unwrap_or_default();
    let mut once = RunsOnce::default();
    let mut claimed: FxHashSet<Value> = FxHashSet::default();
    let mut replaced = 0;
    for clone in clones {
        if ctx.results(clone).len() == 1 && ctx.uses(ctx.result(clone, 0)).next().is_none() {
            // A copy nothing reads: only its allocation would be left of it.
            ctx.erase_op(clone);
            replaced += 1;
            continue;
        }
        let args = Arguments {
            owned: &owned_args,
            memory: &mut *memory,
        };
        let at = ir::diag::loc_text(ctx, ctx.op_loc(clone));
        let aliases = match read_only_aliases(ctx, &flow, args, &mut once, clone) {
            Ok(aliases) => aliases,
            Err(reason) => {
                tracing::debug!(at = %at, "clone kept: {reason}");
                continue;
            }
        };
        if aliases.iter().any(|v| claimed.contains(v)) {
            tracing::debug!(
                at = %at,
                "clone kept: another copy of the same buffer reads it in place"
            );
            continue;
        }
        tracing::debug!(
            at = %at,
            "clone replaced by its source: neither is written while the copy is read"
        );
        claimed.extend(aliases);
        replace_by_source(ctx, clone);
        replaced += 1;
    }
    replaced
}

/// Why a clone stays (its debug log says so).
type KeptBecause = &'static str;

/// Too many aliases to follow.
const TOO_MANY_ALIASES: KeptBecause = "the buffers it may alias are too many to follow";

/// The aliases of `clone`'s source and result if the clone is read-only (see the module
/// docs), or why it is not.
fn read_only_aliases(
    ctx: &Context,
    flow: &BufferViewFlowAnalysis,
    args: Arguments,
    once: &mut RunsOnce,
    clone: Op,
) -> Result<Vec<Value>, KeptBecause> {
    if ctx.num_operands(clone) != 1 || ctx.results(clone).len() != 1 {
        return Err("it is not a clone of one buffer");
    }
    let (source, result) = (ctx.operand(clone, 0), ctx.result(clone, 0));
    let (from, to) = (ctx.value_type(source), ctx.value_type(result));
    if from != to && !cast_compatible_types(ctx, from, to) {
        return Err("the source's type cannot stand for the copy's");
    }
    let origins: Vec<Value> = flow
        .resolve_reverse_bounded(source, ALIAS_LIMIT)
        .ok_or(TOO_MANY_ALIASES)?
        .into_iter()
        .filter(|&v| is_buffer(ctx, v) && flow.may_be_terminal(v))
        .collect();
    let local =
        |o: Value| is_allocation(ctx, o) || args.owned.contains(&o) || is_constant_global(ctx, o);
    let foreign: Vec<Value> = origins.iter().copied().filter(|&o| !local(o)).collect();
    if origins.is_empty() || !foreign.iter().all(|&o| is_function_argument(ctx, o)) {
        return Err("the source may come from a call or an op whose buffer it does not know");
    }
    let site = CloneSite::of(ctx, clone, flow);
    if !foreign.is_empty() {
        caller_buffer_stays_unwritten(ctx, flow, &site, result, args.memory)?;
    }
    // The caller may write what it gets: never a constant global.
    let returnable = !origins.iter().any(|&o| is_constant_global(ctx, o));
    let mut aliases: Vec<Value> = Vec::new();
    for start in origins {
        aliases.extend(
            flow.resolve_bounded(start, ALIAS_LIMIT)
                .ok_or(TOO_MANY_ALIASES)?,
        );
    }
    let mut copy_only = flow
        .resolve_bounded(result, ALIAS_LIMIT)
        .ok_or(TOO_MANY_ALIASES)?;
    copy_only.retain(|v| !aliases.contains(v));
    copy_only.sort_unstable();
    aliases.extend(copy_only.iter().copied());
    aliases.sort_unstable();
    aliases.dedup();
    let memory = args.memory;
    let untouched = aliases.iter().all(|&alias| {
        ctx.uses(alias).all(|(user, _)| {
            if user == clone {
                return true;
            }
            if leaves_the_function(ctx, user) {
                return returnable && returns_one_buffer(ctx, user, &aliases, &copy_only);
            }
            if calls_outside_span(ctx, user, &site) && memory.is_private(ctx) {
                return true;
            }
            only_reads_or_writes_before(ctx, once, user, alias, &site)
        })
    });
    if !untouched {
        return Err(
            "a use of the source or the copy may write, free, capture or return it \
                    while the copy is read",
        );
    }
    Ok(aliases)
}

/// For a source that may be a buffer of the caller: whether nothing can write it while the
/// copy is live, so that the copy's reads can read it in place.
fn caller_buffer_stays_unwritten(
    ctx: &Context,
    flow: &BufferViewFlowAnalysis,
    site: &CloneSite,
    copy: Value,
    memory: &mut ModuleMemory,
) -> Result<(), KeptBecause> {
    let Some(span) = site
        .span
        .as_ref()
        .filter(|span| span.is_confined_to_its_block())
    else {
        return Err(
            "the source may be the caller's buffer, and the copy is used outside \
                    the clone's block",
        );
    };
    if !memory.is_private(ctx) {
        return Err(
            "the source may be the caller's buffer, and some op of the module may \
                    keep a buffer (a call without a body, a stored memref, a mutable global)",
        );
    }
    if !span_is_quiet(ctx, flow, span, copy, &mut memory.reads) {
        return Err(
            "the source may be the caller's buffer, and an op while the copy is live \
                    may write or free it",
        );
    }
    Ok(())
}

/// Whether `user` of `alias` neither captures, returns nor frees it, and writes it only before
/// `clone` (see [`writes_before`]).
fn only_reads_or_writes_before(
    ctx: &Context,
    once: &mut RunsOnce,
    user: Op,
    alias: Value,
    clone: &CloneSite,
) -> bool {
    if may_capture(ctx, user, alias) || makes_tensor(ctx, user) {
        return false;
    }
    // The user's own effects: an op nested in it that touches the buffer uses an alias
    // itself (the analysis follows the buffer into regions), and one that does not cannot
    // reach it, since no alias is captured.
    let Some(effects) = own_value_effects(ctx, user) else {
        return false;
    };
    let on_alias = |kind: EffectKind| {
        effects
            .iter()
            .any(|e| e.kind == kind && e.value.is_none_or(|v| v == alias))
    };
    if on_alias(EffectKind::Free) {
        return false;
    }
    if !on_alias(EffectKind::Write) {
        return true;
    }
    let targets_alias_itself = effects
        .iter()
        .filter(|e| e.kind == EffectKind::Write)
        .all(|e| e.value.is_some());
    writes_before(ctx, once, user, clone)
        || clone
            .span
            .as_ref()
            .is_some_and(|span| span.excludes(ctx, user))
        || targets_alias_itself && writes_fresh_instance(ctx, user, alias, clone.op)
}

/// What the rules need to know of the function's arguments: the positions it owns, and the
/// module's memory (for the arguments it does not own).
struct Arguments<'a> {
    owned: &'a [Value],
    memory: &'a mut ModuleMemory,
}

/// Whether the ops of `span` (the nested ones too) leave every buffer an argument may name
/// alone: each write or free of theirs targets a buffer whose every origin is an allocation
/// of the function other than the clone, and each call takes no buffer or goes to a function
/// that only reads the buffers it gets ([`ArgumentReads`]). With the module's memory private
/// ([`ModuleMemory`]), no callee can reach a caller's buffer otherwise, and the arguments
/// cannot name a buffer the function allocates.
fn span_is_quiet(
    ctx: &Context,
    flow: &BufferViewFlowAnalysis,
    span: &LiveSpan,
    copy: Value,
    reads: &mut ArgumentReads,
) -> bool {
    let local = |v: Value| {
        flow.resolve_reverse_bounded(v, ALIAS_LIMIT)
            .is_some_and(|origins| {
                origins
                    .into_iter()
                    .filter(|&o| is_buffer(ctx, o) && flow.may_be_terminal(o))
                    .all(|o| o != copy && is_allocation(ctx, o))
            })
    };
    let mut quiet = |op: Op| {
        if ctx.op_def(op).call.is_some() {
            return !ctx.operands(op).any(|v| is_buffer(ctx, v)) || reads.call_only_reads(ctx, op);
        }
        own_value_effects(ctx, op).is_some_and(|effects| {
            effects
                .iter()
                .filter(|e| matches!(e.kind, EffectKind::Write | EffectKind::Free))
                .all(|e| e.value.is_some_and(local))
        })
    };
    let mut visited = 0;
    let mut cur = ctx.next_op(span.clone);
    while let Some(op) = cur {
        let ops = if op == span.last {
            span.ops_that_may_precede_a_use(ctx)
        } else {
            ctx.walk_preorder(op)
        };
        visited += ops.len();
        if visited > SPAN_LIMIT || !ops.into_iter().all(&mut quiet) {
            return false;
        }
        if op == span.last {
            return true;
        }
        cur = ctx.next_op(op);
    }
    true
}

/// Whether `user` is a call outside the clone's live span of a function with a body. With
/// the module's memory private ([`ModuleMemory`]) the callee can write the buffers it gets
/// only while it runs, when no copy is live, and keeps no name of them afterwards but the
/// buffers it returns, which the view flow links to every buffer operand: they are aliases
/// whose own uses the rules check.
fn calls_outside_span(ctx: &Context, user: Op, site: &CloneSite) -> bool {
    site.span
        .as_ref()
        .is_some_and(|span| span.excludes(ctx, user))
        && calls_a_body(ctx, user)
}

/// Whether no op of the module can change a function argument's buffer except through a
/// name the function sees, found on first need: every `memref.global` is constant, and no
/// buffer is handed to a call of a function without a body (which could keep it), stored as
/// a value, or given to an op of unknown effects. A call that takes no buffer then cannot
/// write the buffer an argument names.
pub(super) struct ModuleMemory {
    module: Op,
    private: Option<bool>,
    /// Which functions only read the buffers they are given, found as calls ask.
    reads: ArgumentReads,
}

impl ModuleMemory {
    pub(super) fn new(module: Op) -> Self {
        ModuleMemory {
            module,
            private: None,
            reads: ArgumentReads::default(),
        }
    }

    fn is_private(&mut self, ctx: &Context) -> bool {
        let module = self.module;
        *self.private.get_or_insert_with(|| {
            ctx.walk_preorder(module)
                .into_iter()
                .all(|op| keeps_memory_private(ctx, op))
        })
    }
}

/// Whether `op` keeps no buffer where code the function cannot see could write it later (see
/// [`ModuleMemory`]).
fn keeps_memory_private(ctx: &Context, op: Op) -> bool {
    if is_mutable_global(ctx, op) {
        return false;
    }
    let is_call = ctx.op_def(op).call.is_some();
    ctx.operands(op).filter(|&v| is_buffer(ctx, v)).all(|v| {
        if is_call {
            calls_a_body(ctx, op)
        } else {
            !may_capture(ctx, op, v)
        }
    })
}

/// Whether the call-like `op` calls a function of the module with a body.
fn calls_a_body(ctx: &Context, op: Op) -> bool {
    callee(ctx, op).is_some_and(|f| has_body(ctx, f))
}

/// Whether `user` writes `alias` where it can only be the instance its allocation made on this
/// run of the allocating block: `alias` is the result of an allocation, `user` comes after it
/// in that block (or nested in an op that does), and the clone cannot run in between. Each run
/// of the allocation makes a new buffer, so the write cannot reach one the clone copied, on an
/// earlier trip of a loop or elsewhere (the `memref.alloc` and fill at the top of a loop body).
fn writes_fresh_instance(ctx: &Context, user: Op, alias: Value, clone: Op) -> bool {
    if !is_allocation(ctx, alias) {
        return false;
    }
    let Some(alloc) = ctx.defining_op(alias) else {
        return false;
    };
    let Some(block) = ctx.op_parent(alloc) else {
        return false;
    };
    let Some(write) = ctx.ancestor_in_block(block, user) else {
        return false;
    };
    if write == alloc || !ctx.is_before_in_block(alloc, write) {
        return false;
    }
    // The clone must not run from the allocation (the clone's own result is one) to the
    // write, both included.
    let between = |c: Op| {
        c == alloc
            || ctx.is_before_in_block(alloc, c) && (c == write || ctx.is_before_in_block(c, write))
    };
    ctx.ancestor_in_block(block, clone)
        .is_none_or(|c| !between(c))
}

/// Whether `user` has a tensor result: `bufferization.to_tensor` of a buffer names its
/// memory in a value the view-flow analysis does not follow (a later `to_buffer` may write it).
pub(super) fn makes_tensor(ctx: &Context, user: Op) -> bool {
    ctx.results(user).iter().any(|&r| {
        matches!(
            ctx.type_data(ctx.value_type(r)),
            TypeData::Tensor { .. } | TypeData::UnrankedTensor { .. }
        )
    })
}

/// Whether the function exit `user` hands the caller one buffer among `aliases` (sorted) after
/// the rewrite as before it: it returns one operand among them, perhaps at several positions,
/// or only values derived from the copy alone (`copy_only`, sorted: the copy and its views,
/// which then name the source instead, still one buffer). No use of the source or of the
/// clone follows in the function. A copy and an alias of the source, or two aliases of the
/// source, would name one buffer after the rewrite where they named two before.
fn returns_one_buffer(ctx: &Context, user: Op, aliases: &[Value], copy_only: &[Value]) -> bool {
    let returned: Vec<Value> = ctx
        .operands(user)
        .filter(|v| aliases.binary_search(v).is_ok())
        .collect();
    returned.windows(2).all(|pair| pair[0] == pair[1])
        || returned.iter().all(|v| copy_only.binary_search(v).is_ok())
}

/// Whether the terminator `user` hands its operands out of the function (a `func.return`, or
/// any terminator that neither branches nor returns to a region-branch op).
fn leaves_the_function(ctx: &Context, user: Op) -> bool {
    if !ctx.has_trait(user, Traits::TERMINATOR) || ctx.op_def(user).successor_operands.is_some() {
        return false;
    }
    ctx.parent_op(user)
        .is_none_or(|parent| ctx.op_def(parent).region_branch.is_none())
}

/// The clone and its ancestors, per region holding one (the region's block and the ancestor
/// in it), and its [`LiveSpan`] if it has one, computed once per clone for every write asked
/// about.
struct CloneSite {
    op: Op,
    ancestors: FxHashMap<Region, (Block, Op)>,
    span: Option<LiveSpan>,
}

impl CloneSite {
    fn of(ctx: &Context, clone: Op, flow: &BufferViewFlowAnalysis) -> Self {
        let mut ancestors = FxHashMap::default();
        let mut cur = Some(clone);
        while let Some(op) = cur {
            if let Some(block) = ctx.op_parent(op)
                && let Some(region) = ctx.block_parent(block)
            {
                ancestors.insert(region, (block, op));
            }
            cur = ctx.parent_op(op);
        }
        CloneSite {
            op: clone,
            ancestors,
            span: LiveSpan::of(ctx, clone, flow),
        }
    }
}

/// Where the copies a clone makes are live. Every use of every alias of its result is an op
/// of the clone's region (or nested in one), never a terminator: the copy never leaves the
/// region, and each use reads the copy the clone made last (the clone dominates it). In the
/// clone's block the copy is read by the ops from the clone to `last`; in another block of
/// the region, by its ops up to the one `other_blocks` names. A write that no use can follow
/// without the clone running again never meets a live copy: before the clone in its block,
/// outside the region, or in the region where no use follows it in its block and no block
/// holding a use can be reached from it without passing through the clone's block. Where
/// the last op holding a use in a block runs one of its regions (`scf.if`,
/// `scf.index_switch`), a region of it holding no use counts as after that use.
#[derive(Clone)]
struct LiveSpan {
    clone: Op,
    last: Op,
    other_blocks: FxHashMap<Block, Op>,
    /// Every op using an alias of the copy.
    uses: Vec<Op>,
}

/// The most blocks searched for a path from a write to a use of the copy; past it, the write
/// counts as reaching one.
const PATH_LIMIT: usize = 1024;

impl LiveSpan {
    fn of(ctx: &Context, clone: Op, flow: &BufferViewFlowAnalysis) -> Option<LiveSpan> {
        let block = ctx.op_parent(clone)?;
        let region = ctx.block_parent(block)?;
        let mut span = LiveSpan {
            clone,
            last: clone,
            other_blocks: FxHashMap::default(),
            uses: Vec::new(),
        };
        for alias in flow.resolve_bounded(ctx.result(clone, 0), ALIAS_LIMIT)? {
            for (user, _) in ctx.uses(alias) {
                span.uses.push(user);
                let in_region = ancestor_in_region(ctx, region, user)?;
                if ctx.has_trait(in_region, Traits::TERMINATOR) {
                    return None;
                }
                let user_block = ctx.op_parent(in_region)?;
                let last = if user_block == block {
                    &mut span.last
                } else {
                    span.other_blocks.entry(user_block).or_insert(in_region)
                };
                if ctx.is_before_in_block(*last, in_region) {
                    *last = in_region;
                }
            }
        }
        Some(span)
    }

    /// Whether every use of the copy is in the clone's block (the span is the ops from the
    /// clone to `last`).
    fn is_confined_to_its_block(&self) -> bool {
        self.other_blocks.is_empty()
    }

    /// Whether `write` runs where no use of a live copy can follow it (see [`LiveSpan`]): it
    /// is not an op enclosing the clone, and it is outside the clone's region, or before the
    /// clone in its block, or after the last use in its own block with no path from there to
    /// a block holding a use that avoids the clone's block.
    fn excludes(&self, ctx: &Context, write: Op) -> bool {
        let Some(block) = ctx.op_parent(self.clone) else {
            return false;
        };
        let Some(region) = ctx.block_parent(block) else {
            return false;
        };
        let Some(in_region) = ancestor_in_region(ctx, region, write) else {
            return !ctx.is_ancestor(write, self.clone);
        };
        let Some(write_block) = ctx.op_parent(in_region) else {
            return false;
        };
        let last = if write_block == block {
            if ctx.is_before_in_block(in_region, self.clone) {
                return true;
            }
            Some(self.last)
        } else {
            self.other_blocks.get(&write_block).copied()
        };
        let follows_last_use = |last: Op| {
            ctx.is_before_in_block(last, in_region)
                || (last == in_region && self.in_branch_without_uses(ctx, last, write))
        };
        if last.is_some_and(|last| !follows_last_use(last)) {
            return false;
        }
        !self.reaches_a_use(ctx, write_block)
    }

    /// The ops of `last` (itself and what it nests) that may run before a use of the copy:
    /// all of them, but for those in a region of it that holds no use where it runs only one
    /// region ([`LiveSpan::in_branch_without_uses`]). Each use is placed once, so this is
    /// linear in the uses and the ops kept.
    fn ops_that_may_precede_a_use(&self, ctx: &Context) -> Vec<Op> {
        let last = self.last;
        if !runs_one_region(ctx, last) {
            return ctx.walk_preorder(last);
        }
        let used: FxHashSet<Region> = self
            .uses
            .iter()
            .filter_map(|&user| region_of_ancestor_directly_in(ctx, last, user))
            .collect();
        let mut ops = vec![last];
        for &region in ctx.regions(last).iter().filter(|r| used.contains(r)) {
            for block in ctx.blocks(region) {
                for op in ctx.block_ops(block) {
                    ops.extend(ctx.walk_preorder(op));
                }
            }
        }
        ops
    }

    /// Whether `op` is nested in a region of `last` (an op holding a use of the copy) that
    /// holds no use, where `last` runs only one of its regions (`scf.if`, `scf.index_switch`):
    /// once that region runs, no use of this copy follows in `last`.
    fn in_branch_without_uses(&self, ctx: &Context, last: Op, op: Op) -> bool {
        if !runs_one_region(ctx, last) {
            return false;
        }
        let Some(region) = region_of_ancestor_directly_in(ctx, last, op) else {
            return false;
        };
        !self
            .uses
            .iter()
            .any(|&user| region_of_ancestor_directly_in(ctx, last, user) == Some(region))
    }

    /// Whether a block holding a use of the copy other than the clone's can be reached from
    /// `from` by one or more edges without entering the clone's block (entering it means
    /// running the clone before any of its uses there).
    fn reaches_a_use(&self, ctx: &Context, from: Block) -> bool {
        if self.other_blocks.is_empty() {
            return false;
        }
        let clone_block = ctx.op_parent(self.clone);
        let mut seen: FxHashSet<Block> = FxHashSet::default();
        let mut stack: Vec<Block> = successor_blocks(ctx, from).to_vec();
        while let Some(b) = stack.pop() {
            if Some(b) == clone_block || !seen.insert(b) {
                continue;
            }
            if self.other_blocks.contains_key(&b) || seen.len() > PATH_LIMIT {
                return true;
            }
            stack.extend_from_slice(successor_blocks(ctx, b));
        }
        false
    }
}

/// Whether `op` runs exactly one of its regions each time (`scf.if`, `scf.index_switch`).
fn runs_one_region(ctx: &Context, op: Op) -> bool {
    IfOp::is(ctx, op) || IndexSwitchOp::is(ctx, op)
}

/// The region of `ancestor` that holds `op` (nested at any depth), if any.
fn region_of_ancestor_directly_in(ctx: &Context, ancestor: Op, op: Op) -> Option<Region> {
    let mut cur = op;
    loop {
        let parent = ctx.parent_op(cur)?;
        if parent == ancestor {
            return ctx.op_parent_region(cur);
        }
        cur = parent;
    }
}

/// The op of `region` (in one of its blocks) that is `op` or encloses it, if any.
fn ancestor_in_region(ctx: &Context, region: Region, op: Op) -> Option<Op> {
    let mut cur = op;
    loop {
        let block = ctx.op_parent(cur)?;
        if ctx.block_parent(block) == Some(region) {
            return Some(cur);
        }
        cur = ctx.parent_op(cur)?;
    }
}

/// Whether `write` can only happen before the clone: in the closest region holding both, that
/// region runs once, and either both ancestors are in one block with the write's first, or
/// the write's block cannot be reached from the clone's (the region has no cycle).
fn writes_before(ctx: &Context, once: &mut RunsOnce, write: Op, clone: &CloneSite) -> bool {
    let mut cur = Some(write);
    while let Some(op) = cur {
        if let Some(block) = ctx.op_parent(op)
            && let Some(&(clone_block, clone_ancestor)) = ctx
                .block_parent(block)
                .and_then(|r| clone.ancestors.get(&r))
        {
            if !once.holds(ctx, clone_block) {
                return false;
            }
            if block == clone_block {
                return op != clone_ancestor && ctx.is_before_in_block(op, clone_ancestor);
            }
            return !once.reaches(ctx, clone_block, block);
        }
        cur = ctx.parent_op(op);
    }
    false
}

/// Memo of which blocks run at most once per call of their function, of which regions have
/// no CFG cycle, and of the blocks reachable from a block.
#[derive(Default)]
struct RunsOnce {
    memo: FxHashMap<Block, bool>,
    acyclic: FxHashMap<Region, bool>,
    reachable: FxHashMap<Block, FxHashSet<Block>>,
}

impl RunsOnce {
    /// Whether `to` can run after `from` in one run of their region (a path of one or more
    /// edges).
    fn reaches(&mut self, ctx: &Context, from: Block, to: Block) -> bool {
        self.reachable
            .entry(from)
            .or_insert_with(|| {
                let mut seen: FxHashSet<Block> = FxHashSet::default();
                let mut stack: Vec<Block> = successor_blocks(ctx, from).to_vec();
                while let Some(b) = stack.pop() {
                    if seen.insert(b) {
                        stack.extend_from_slice(successor_blocks(ctx, b));
                    }
                }
                seen
            })
            .contains(&to)
    }

    /// Whether `block` runs at most once each time its function runs: its region has no CFG
    /// cycle, and every enclosing op below the function is a region-branch op that is not a
    /// loop (so enters each region at most once), each in a block that runs once.
    fn holds(&mut self, ctx: &Context, block: Block) -> bool {
        if let Some(&known) = self.memo.get(&block) {
            return known;
        }
        let answer = self.compute(ctx, block);
        self.memo.insert(block, answer);
        answer
    }

    fn compute(&mut self, ctx: &Context, block: Block) -> bool {
        let Some(region) = ctx.block_parent(block) else {
            return false;
        };
        let acyclic = *self.acyclic.entry(region).or_insert_with(|| {
            ctx.blocks(region).nth(1).is_none() || back_edges(ctx, region).is_empty()
        });
        if !acyclic {
            return false;
        }
        let Some(parent) = ctx.region_parent(region) else {
            return false;
        };
        if FuncOp::is(ctx, parent) {
            return true;
        }
        if !is_known_control_flow(ctx, parent) || is_loop(ctx, parent) {
            return false;
        }
        ctx.op_parent(parent)
            .is_some_and(|outer| self.holds(ctx, outer))
    }
}

/// Replaces the clone's result by its source (through a `memref.cast` where the types
/// differ) and erases the clone.
fn replace_by_source(ctx: &mut Context, clone: Op) {
    let (source, result) = (ctx.operand(clone, 0), ctx.result(clone, 0));
    let result_type = ctx.value_type(result);
    let replacement = if ctx.value_type(source) == result_type {
        source
    } else {
        let mut b = Builder::before(ctx, clone);
        CastOp::build(&mut b, source, result_type).result(&b)
    };
    ctx.replace_all_uses_with(result, replacement);
    ctx.erase_op(clone);
}
