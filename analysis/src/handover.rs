//! Arguments handed over to private callees: an argument of a private function that every
//! call of it passes as a heap buffer the calling block allocates and nothing uses at or after
//! the call, except that one operand. Such an argument is a buffer the function may own (the
//! ownership pass frees it there instead of in the caller), and it is a different buffer from
//! every other argument, global and allocation of the function (the deallocation
//! simplification proves frees apart with it).
//!
//! ```text
//! func.func private @f(%m: memref<4xf32>) { ... }  // %m is handed over
//! %a = memref.alloc() : memref<4xf32>
//! call @f(%a) : (memref<4xf32>) -> ()             // nothing uses %a afterwards
//! ```
//!
//! The function must be private, called, and referenced by nothing but direct calls (a symbol
//! reference in any other op, `func.constant` say, keeps its arguments un-owned), its name
//! unique in the module, and the root must be a top-level module, which holds every call. At a
//! call, the operand may be the allocation itself or a chain of `memref.cast`s of it in the
//! call's block; every other use of the buffer or an alias derived from it (results of its
//! users) must come before the call in that block, so the call passes it once, and no op
//! holding regions (a loop, an `scf.if`) may have received it (its result would alias the
//! buffer, stay on the block's dealloc list and hold a stale pointer after the callee frees
//! it: see `hands_over`). The function
//! may return no argument (its summary, [`crate::returns`], names none), so an owned argument
//! is never one of its results.

use ir::dialects::bufferization::MANUAL_DEALLOCATION_ATTR;
use ir::dialects::builtin::ModuleOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::CastOp;
use ir::interfaces::allocation_resource;
use ir::{Attr, AttrData, Block, Context, Op, OpView, Resource, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::alias::is_buffer;
use crate::returns::ReturnSummaries;

/// How many aliases of a buffer are followed before the argument counts as not handed over.
const ALIAS_LIMIT: usize = 256;

/// Per private function (its op), the positions of its handed-over arguments, in order.
pub type HandedOver = FxHashMap<Op, Vec<usize>>;

/// The handed-over arguments of the private functions of `root` (none unless `root` is a
/// top-level module).
pub fn handed_over_arguments(ctx: &Context, root: Op) -> HandedOver {
    if !is_top_level_module(ctx, root) {
        return HandedOver::default();
    }
    let ops = ctx.walk_preorder(root);
    handed_over_in(ctx, &ops, || ReturnSummaries::compute_over(ctx, root, &ops))
}

/// [`handed_over_arguments`] of `root` from `ops`, its walk (`Context::walk_preorder`), and
/// `returns`, the summaries of that walk ([`ReturnSummaries::compute_over`]), for a client
/// that reads both too: no walk and no summary of its own.
pub fn handed_over_arguments_over(
    ctx: &Context,
    root: Op,
    ops: &[Op],
    returns: &ReturnSummaries,
) -> HandedOver {
    if !is_top_level_module(ctx, root) {
        return HandedOver::default();
    }
    handed_over_in(ctx, ops, || returns)
}

/// Whether `root` is a module holding every call: the only root with handed-over arguments.
fn is_top_level_module(ctx: &Context, root: Op) -> bool {
    ModuleOp::is(ctx, root) && ctx.parent_op(root).is_none()
}

/// [`handed_over_arguments`] of the top-level module whose walk is `ops`; `returns` gives its
/// functions' summaries, asked for only when some private function is a candidate.
fn handed_over_in<R: std::borrow::Borrow<ReturnSummaries>>(
    ctx: &Context,
    ops: &[Op],
    returns: impl FnOnce() -> R,
) -> HandedOver {
    let mut owned = HandedOver::default();
    let mut candidates = candidates(ctx, ops);
    if candidates.is_empty() {
        return owned;
    }
    let returns = returns();
    let returns = returns.borrow();
    let mut called: FxHashSet<String> = FxHashSet::default();
    for &op in ops {
        if candidates.is_empty() {
            return owned;
        }
        if FuncOp::is(ctx, op) {
            continue;
        }
        if let Some((name, args)) = direct_call(ctx, op) {
            if let Some((_, positions)) = candidates.get_mut(&name) {
                if !returns_only_fresh(ctx, returns, op) {
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
        let kept: Vec<usize> = (0..positions.len()).filter(|&p| positions[p]).collect();
        if !kept.is_empty() {
            owned.insert(func, kept);
        }
    }
    owned
}

/// Whether every buffer the function `call` calls returns is one it allocates: none is an
/// argument.
fn returns_only_fresh(ctx: &Context, returns: &ReturnSummaries, call: Op) -> bool {
    returns.of_call(ctx, call).is_some_and(|summary| {
        summary
            .iter()
            .all(|result| !result.unknown && result.args.is_empty())
    })
}

/// Private functions with a body, a unique name and a memref argument, by name, with a flag
/// per argument: whether it is a memref (which may be handed over); `ops` is the walk of the
/// root.
fn candidates(ctx: &Context, ops: &[Op]) -> FxHashMap<String, (Op, Vec<bool>)> {
    // Names by their interned attribute (one name, one attribute): no string is made or
    // hashed for the functions that are no candidate (public ones, most of a module).
    let mut seen: FxHashSet<Attr> = FxHashSet::default();
    let mut duplicated: FxHashSet<Attr> = FxHashSet::default();
    let mut found: Vec<(Attr, Op, Vec<bool>)> = Vec::new();
    for &op in ops {
        let Some(func) = FuncOp::of(ctx, op) else {
            continue;
        };
        let Some(name) = sym_name(ctx, op) else {
            continue;
        };
        if !seen.insert(name) {
            duplicated.insert(name);
            continue;
        }
        if !may_receive_handed_over(ctx, op) {
            continue;
        }
        let Some(entry) = func.entry_block(ctx) else {
            continue;
        };
        let memrefs: Vec<bool> = ctx
            .block_args(entry)
            .iter()
            .map(|&arg| is_buffer(ctx, arg))
            .collect();
        found.push((name, op, memrefs));
    }
    found
        .into_iter()
        .filter(|(name, ..)| !duplicated.contains(name))
        .filter_map(|(name, op, memrefs)| match ctx.attr_data(name) {
            AttrData::String(text) => Some((text.clone(), (op, memrefs))),
            _ => None,
        })
        .collect()
}

/// Whether `func` is a function that may own arguments its calls hand over: private, with a
/// body, taking a buffer. [`handed_over_arguments`] finds none in a root with no such function
/// (a pass that has the functions at hand may skip it then).
pub fn may_receive_handed_over(ctx: &Context, func: Op) -> bool {
    let Some(func) = FuncOp::of(ctx, func) else {
        return false;
    };
    func.is_private(ctx)
        && func
            .entry_block(ctx)
            .is_some_and(|entry| ctx.block_args(entry).iter().any(|&arg| is_buffer(ctx, arg)))
}

/// The `sym_name` of `op` when it is a string (as `FuncOp::sym_name`), as its interned
/// attribute.
fn sym_name(ctx: &Context, op: Op) -> Option<Attr> {
    ctx.sym_name_attr(op)
        .filter(|&name| matches!(ctx.attr_data(name), AttrData::String(_)))
}

/// The callee name and argument operands of `op` if it is a direct call.
pub fn direct_call(ctx: &Context, op: Op) -> Option<(String, std::ops::Range<usize>)> {
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
/// a heap allocation of the call's block (or casts of one) that nothing uses after the call,
/// and that no op holding regions (a loop, an `scf.if`) received before it. Such an op's
/// result aliasing the buffer would stay on the block's dealloc list, owned `false`, after the
/// callee freed the buffer: a buffer allocated after the call may sit at the same address,
/// and a dealloc comparing pointers (MLIR's lowering) would take it for that stale alias and
/// keep it.
fn hands_over(ctx: &Context, call: Op, index: usize) -> bool {
    let Some(block) = ctx.op_parent(call) else {
        return false;
    };
    let value = ctx.operand(call, index);
    let buffer = cast_sources(ctx, value, block)
        .last()
        .copied()
        .unwrap_or(value);
    is_heap_allocation_in(ctx, buffer, block)
        && dead_after_with(ctx, (call, value, index), buffer, |alias| {
            ctx.defining_op(alias)
                .is_none_or(|def| ctx.regions(def).is_empty())
        })
}

/// The sources of the chain of `memref.cast`s defining `value` in `block`, nearest first.
pub fn cast_sources(ctx: &Context, value: Value, block: Block) -> Vec<Value> {
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
    ctx.op_parent(def) == Some(block)
        && ctx.get_attr(def, MANUAL_DEALLOCATION_ATTR).is_none()
        && allocation_resource(ctx, buffer)
            .is_some_and(|resource| resource != Resource::AutomaticAllocationScope)
}

/// Whether `buffer` and every alias derived from it are used only before `op` (a call, or a
/// loop taking the buffer over) in its block, except for `op`'s own operand `(op, value,
/// index)`, where `value` is `buffer` or a cast of it. Results of users (and of the ops holding
/// them) count as aliases.
pub fn dead_after(ctx: &Context, operand: (Op, Value, usize), buffer: Value) -> bool {
    dead_after_with(ctx, operand, buffer, |_| true)
}

/// [`dead_after`], where moreover every alias derived from `buffer` before `op` (a result of a
/// user, or of the op holding a user) passes `alias_allowed`.
pub fn dead_after_with(
    ctx: &Context,
    operand: (Op, Value, usize),
    buffer: Value,
    alias_allowed: impl FnMut(Value) -> bool,
) -> bool {
    let Some(block) = ctx.op_parent(operand.0) else {
        return false;
    };
    used_only_before_without_aliases(ctx, operand, buffer, block)
        || no_alias_used_after(ctx, operand, buffer, block, alias_allowed)
}

/// The search of [`dead_after_with`]: every alias derived from `buffer` (within
/// [`ALIAS_LIMIT`]) passes `alias_allowed` and is used only before `op` in `block`.
fn no_alias_used_after(
    ctx: &Context,
    (call, value, index): (Op, Value, usize),
    buffer: Value,
    block: Block,
    mut alias_allowed: impl FnMut(Value) -> bool,
) -> bool {
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
                if is_buffer(ctx, result) && seen.insert(result) {
                    if seen.len() > ALIAS_LIMIT || !alias_allowed(result) {
                        return false;
                    }
                    work.push(result);
                }
            }
        }
    }
    true
}

/// Whether every use of `buffer` but `op`'s own operand `(op, value, index)` is an op of
/// `op`'s block `block`, before it, without results: then no alias derives from it and it is
/// dead after `op`, as the search of [`dead_after_with`] would find without asking about an
/// alias. Most buffers are only stored to before the op, and this answers them without the
/// search's tables.
fn used_only_before_without_aliases(
    ctx: &Context,
    (op, value, index): (Op, Value, usize),
    buffer: Value,
    block: Block,
) -> bool {
    ctx.uses(buffer).all(|(user, use_index)| {
        if user == op {
            return buffer == value && use_index == index;
        }
        ctx.op_parent(user) == Some(block)
            && ctx.results(user).is_empty()
            && ctx.is_before_in_block(user, op)
    })
}

#[cfg(test)]
mod tests {
    use super::{candidates, dead_after, no_alias_used_after, used_only_before_without_aliases};
    use crate::test_support::parsed;
    use ir::OpView;

    /// Candidates are the private functions with a body, a memref argument and a name no
    /// other function has, by name, with a flag per argument.
    #[test]
    fn candidates_are_private_unique_functions_taking_memrefs() {
        let src = r#"
func.func private @taken(%m: memref<2xf32>, %i: index) {
  return
}
func.func @public(%m: memref<2xf32>) {
  return
}
func.func private @no_memref(%i: index) {
  return
}
func.func private @twice(%m: memref<2xf32>) {
  return
}
func.func private @twice(%m: memref<2xf32>) {
  return
}
"#;
        let (ctx, module) = crate::test_support::parsed(src);
        let found = candidates(&ctx, &ctx.walk_preorder(module));
        assert_eq!(found.len(), 1, "{:?}", found.keys().collect::<Vec<_>>());
        assert_eq!(found["taken"].1, vec![true, false]);
    }

    /// Where the screen finds a loop's initial buffer used only before the loop by ops without
    /// results, the search finds it dead after the loop; the screen leaves every other case
    /// to the search (an alias made before the loop, a use after it, a use inside it).
    #[test]
    fn screened_buffers_are_dead_after_the_loop() {
        let src = r#"
func.func @f(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %stored = memref.alloc() : memref<4xf32>
  memref.store %v, %stored[%c0] : memref<4xf32>
  %cast_source = memref.alloc() : memref<4xf32>
  %cast = memref.cast %cast_source : memref<4xf32> to memref<?xf32>
  %used_after = memref.alloc() : memref<4xf32>
  %twice = memref.alloc() : memref<4xf32>
  %r:4 = scf.for %i = %c0 to %n step %c1
      iter_args(%a = %stored, %b = %cast_source, %c = %used_after, %d = %twice)
      -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) {
    memref.store %v, %twice[%c0] : memref<4xf32>
    scf.yield %a, %b, %c, %d : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
  memref.store %v, %used_after[%c0] : memref<4xf32>
  return
}
"#;
        let (ctx, module) = parsed(src);
        let loop_op = ctx
            .walk_preorder(module)
            .into_iter()
            .find(|&op| ir::dialects::scf::ForOp::is(&ctx, op))
            .expect("the loop");
        let block = ctx.op_parent(loop_op).expect("in a block");
        let initial = |k: usize| ctx.operand(loop_op, 3 + k);
        let screened: Vec<bool> = (0..4)
            .map(|k| {
                used_only_before_without_aliases(
                    &ctx,
                    (loop_op, initial(k), 3 + k),
                    initial(k),
                    block,
                )
            })
            .collect();
        assert_eq!(screened, [true, false, false, false]);
        for (k, _) in screened
            .iter()
            .enumerate()
            .filter(|(_, screened)| **screened)
        {
            let operand = (loop_op, initial(k), 3 + k);
            assert!(
                no_alias_used_after(&ctx, operand, initial(k), block, |_| true),
                "operand {k}"
            );
        }
        assert!(!dead_after(&ctx, (loop_op, initial(2), 5), initial(2)));
        assert!(!dead_after(&ctx, (loop_op, initial(3), 6), initial(3)));
    }
}
