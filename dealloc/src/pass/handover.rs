//! Ownership handed into private callees: an argument of a private function is owned by the
//! function (freed after its last use there, or returned as an owned result) when every call
//! of the function passes, at that position, a heap buffer the calling block allocates and
//! nothing uses after the call. The caller then stops owning the buffer at the call, so the
//! buffer takes no room while the callee allocates after its last use. This is what
//! `private-function-dynamic-ownership` reaches with an extra `i1` argument, decided here
//! statically so that no signature changes.
//!
//! ```text
//! func.func private @f(%m: memref<4xf32>) {    // %m is owned here: freed after its last use
//!   ... uses of %m ...
//!   %t = memref.alloc() : memref<64xf32>       // %m no longer takes room
//! }
//! %a = memref.alloc() : memref<4xf32>
//! call @f(%a) : (memref<4xf32>) -> ()         // the caller does not free %a afterwards
//! ```
//!
//! The function must be private, called, and referenced by nothing but direct calls (a symbol
//! reference in any other op, `func.constant` say, keeps its arguments un-owned), its name
//! unique in the module, and the pass must run on a top-level module, which holds every call.
//! At a call, the operand may be the allocation itself or a chain of `memref.cast`s of it in
//! the call's block; every other use of the buffer or an alias derived from it (results of its
//! users) must come before the call in that block, and the call may pass it only once. The
//! call's own results need no check: a callee owning the argument frees it or returns it, and
//! the caller owns what a call returns. The callee may return no argument (its summary,
//! `analysis::returns`, names none), and it has no other memref argument: the deallocation
//! simplification cannot tell two arguments apart, so an owned argument beside others would be
//! freed through pointer comparisons wherever the others are retained.

use ir::dialects::bufferization::MANUAL_DEALLOCATION_ATTR;
use ir::dialects::builtin::ModuleOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::CastOp;
use ir::{
    Attr, AttrData, Block, Context, EffectKind, EffectOn, Effects, Op, OpView, Resource, Value,
};
use rustc_hash::{FxHashMap, FxHashSet};

use super::{DeallocOptions, DeallocState, is_memref};
use crate::ownership::Ownership;
use analysis::returns::ReturnSummaries;

/// How many aliases of a buffer are followed before keeping its ownership in the caller.
const ALIAS_LIMIT: usize = 256;

/// Per private function (its op), the positions of the arguments it owns.
pub(crate) type OwnedArguments = FxHashMap<Op, Vec<usize>>;

/// The arguments each private function of `root` may own (empty unless `root` is a top-level
/// module and dynamic ownership is off).
pub(crate) fn owned_arguments(ctx: &Context, root: Op, options: &DeallocOptions) -> OwnedArguments {
    let mut owned = OwnedArguments::default();
    if options.private_function_dynamic_ownership
        || !ModuleOp::is(ctx, root)
        || ctx.parent_op(root).is_some()
    {
        return owned;
    }
    let mut candidates = candidates(ctx, root);
    if candidates.is_empty() {
        return owned;
    }
    let returns = ReturnSummaries::compute(ctx, root);
    let mut called: FxHashSet<String> = FxHashSet::default();
    for op in ctx.walk_preorder(root) {
        if candidates.is_empty() {
            return owned;
        }
        if FuncOp::is(ctx, op) {
            continue;
        }
        if let Some((name, args)) = direct_call(ctx, op) {
            if let Some((_, positions)) = candidates.get_mut(&name) {
                if !returns_only_fresh(ctx, &returns, op) {
                    candidates.remove(&name);
                    continue;
                }
                called.insert(name);
                for (position, keep) in positions.iter_mut().enumerate() {
                    *keep = *keep
                        && args.start + position < args.end
                        && hands_over(ctx, op, args.start + position);
                }
            }
            continue;
        }
        for &(_, attr) in ctx.attrs(op) {
            forget_referenced(ctx, attr, &mut candidates);
        }
    }
    for (name, (func, positions)) in candidates {
        if !called.contains(&name) {
            continue;
        }
        if let Some(first) = positions.iter().position(|&keep| keep) {
            owned.insert(func, vec![first]);
        }
    }
    owned
}

/// Whether every buffer the function `call` calls returns is one it allocates: none is an
/// argument, so the owned argument is never retained at a return and its free needs no
/// comparison of pointers.
fn returns_only_fresh(ctx: &Context, returns: &ReturnSummaries, call: Op) -> bool {
    returns.of_call(ctx, call).is_some_and(|summary| {
        summary
            .iter()
            .all(|result| !result.unknown && result.args.is_empty())
    })
}

/// Private functions with a body, a unique name and exactly one memref argument, by name, with
/// a flag per argument: whether it is that memref (which it may own).
fn candidates(ctx: &Context, root: Op) -> FxHashMap<String, (Op, Vec<bool>)> {
    let mut seen: FxHashSet<String> = FxHashSet::default();
    let mut duplicated: FxHashSet<String> = FxHashSet::default();
    let mut found = FxHashMap::default();
    for op in ctx.walk_preorder(root) {
        let Some(func) = FuncOp::of(ctx, op) else {
            continue;
        };
        let Some(name) = func.sym_name(ctx).map(str::to_string) else {
            continue;
        };
        if !seen.insert(name.clone()) {
            duplicated.insert(name);
            continue;
        }
        let Some(entry) = func.entry_block(ctx) else {
            continue;
        };
        if !func.is_private(ctx) {
            continue;
        }
        let memrefs: Vec<bool> = ctx
            .block_args(entry)
            .iter()
            .map(|&arg| is_memref(ctx, arg))
            .collect();
        if memrefs.iter().filter(|&&m| m).count() == 1 {
            found.insert(name, (op, memrefs));
        }
    }
    found.retain(|name, _| !duplicated.contains(name));
    found
}

/// The callee name and argument operands of `op` if it is a direct call.
fn direct_call(ctx: &Context, op: Op) -> Option<(String, std::ops::Range<usize>)> {
    let call = ctx.op_def(op).call?;
    let callee = (call.callee)(ctx, op)?;
    Some((ctx.sym_str(callee).to_string(), (call.args)(ctx, op)))
}

/// Drops from `candidates` every function `attr` refers to.
fn forget_referenced(
    ctx: &Context,
    attr: Attr,
    candidates: &mut FxHashMap<String, (Op, Vec<bool>)>,
) {
    match ctx.attr_data(attr) {
        AttrData::SymbolRef { root, .. } => {
            candidates.remove(ctx.sym_str(*root));
        }
        AttrData::Array(items) => {
            for &item in items {
                forget_referenced(ctx, item, candidates);
            }
        }
        AttrData::Dict(entries) => {
            for &(_, item) in entries {
                forget_referenced(ctx, item, candidates);
            }
        }
        _ => {}
    }
}

/// Whether the call `call` hands the buffer it passes as operand `index` over to its callee:
/// a heap allocation of the call's block (or casts of one) that nothing uses after the call.
fn hands_over(ctx: &Context, call: Op, index: usize) -> bool {
    let Some(block) = ctx.op_parent(call) else {
        return false;
    };
    let value = ctx.operand(call, index);
    let buffer = cast_sources(ctx, value, block)
        .last()
        .copied()
        .unwrap_or(value);
    is_heap_allocation_in(ctx, buffer, block) && dead_after(ctx, (call, value, index), buffer)
}

/// The sources of the chain of `memref.cast`s defining `value` in `block`, nearest first.
fn cast_sources(ctx: &Context, value: Value, block: Block) -> Vec<Value> {
    let mut sources = Vec::new();
    let mut current = value;
    while let Some(cast) = ctx.defining_op(current).and_then(|d| CastOp::of(ctx, d)) {
        if ctx.op_parent(cast.op()) != Some(block) || sources.len() >= ALIAS_LIMIT {
            break;
        }
        current = cast.source(ctx);
        sources.push(current);
    }
    sources
}

/// Whether `buffer` is allocated on the heap by an op of `block` that leaves its freeing to
/// deallocation (so the block owns it unconditionally).
fn is_heap_allocation_in(ctx: &Context, buffer: Value, block: Block) -> bool {
    let Some(def) = ctx.defining_op(buffer) else {
        return false;
    };
    if ctx.op_parent(def) != Some(block) || ctx.get_attr(def, MANUAL_DEALLOCATION_ATTR).is_some() {
        return false;
    }
    let Effects::Known(effects) = ctx.memory_effects(def) else {
        return false;
    };
    effects.iter().any(|e| {
        e.kind == EffectKind::Allocate
            && e.resource != Resource::AutomaticAllocationScope
            && matches!(e.on, EffectOn::Result(i) if ctx.results(def).get(i) == Some(&buffer))
    })
}

/// Whether `buffer` and every alias derived from it are used only before the call in its
/// block, except for the call's own operand `(call, value, index)`, where `value` is `buffer`
/// or a cast of it. Results of users (and of the ops holding them) count as aliases.
fn dead_after(ctx: &Context, operand: (Op, Value, usize), buffer: Value) -> bool {
    let (call, value, index) = operand;
    let Some(block) = ctx.op_parent(call) else {
        return false;
    };
    let mut seen = FxHashSet::default();
    let mut work = vec![buffer];
    seen.insert(buffer);
    while let Some(alias) = work.pop() {
        for (user, use_index) in ctx.uses(alias) {
            if user == call && alias == value && use_index == index {
                continue;
            }
            let Some(top) = ctx.ancestor_in_block(block, user) else {
                return false;
            };
            if top == call || !ctx.is_before_in_block(top, call) {
                return false;
            }
            for &result in ctx.results(user).iter().chain(ctx.results(top)) {
                if is_memref(ctx, result) && seen.insert(result) {
                    if seen.len() > ALIAS_LIMIT {
                        return false;
                    }
                    work.push(result);
                }
            }
        }
    }
    true
}

impl DeallocState<'_> {
    /// Whether the function being processed owns its argument at `position`.
    pub(super) fn owns_argument(&self, position: usize) -> bool {
        self.owned_args
            .get(&self.func)
            .is_some_and(|positions| positions.contains(&position))
    }

    /// At a call of a function owning some of its arguments: the calling block stops owning
    /// the buffers passed there (and the casts leading to them).
    pub(super) fn hand_over_arguments(&mut self, call: Op, block: Block) {
        let Some((name, args)) = direct_call(self.ctx, call) else {
            return;
        };
        let Some(callee) = self.symbols.get(&name) else {
            return;
        };
        let Some(positions) = self.owned_args.get(&callee.op()) else {
            return;
        };
        let f = self.bool_const(block, false);
        for &position in positions {
            let value = self.ctx.operand(call, args.start + position);
            tracing::debug!(
                at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(call)),
                position,
                "ownership of a call argument moves into the private callee"
            );
            let chain = cast_sources(self.ctx, value, block);
            for v in std::iter::once(value).chain(chain) {
                self.set(v, Ownership::Unique(f), block);
            }
        }
    }
}
