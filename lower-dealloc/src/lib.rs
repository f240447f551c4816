//! `bufferization-lower-deallocations` and `convert-bufferization-to-memref`.
//!
//! Both lower `bufferization.dealloc` to `memref.dealloc` guarded by `scf.if`, with the case
//! split of MLIR's `LowerDeallocations.cpp` (no memref; one memref without and with retained
//! values; the generic case calling one `@dealloc_helper` per symbol table), except that a
//! dealloc with few enough memrefs and retained values compares their pointers inline, and the
//! generic case keeps its buffers on the stack (`memref.alloca` in a `memref.alloca_scope`):
//! the lowering never allocates on the heap. The free of a dealloc with one memref and nothing
//! retained then moves up to right after its buffer's last use in the block (`last_use.rs`).
//! With [`LowerDeallocationsOptions::unguard_constant_frees`], for a pipeline that
//! canonicalizes afterwards, it drops the guards on the constant `true` as that
//! canonicalization would.
//! The conversion
//! pass also lowers `bufferization.clone` to `memref.alloc` + `memref.copy` and rejects any
//! other op of the bufferization dialect.
//!
//! `bufferization.dealloc` frees a memref when its condition holds and it aliases no retained
//! value and no earlier memref of its list, *whatever that earlier memref's condition* (the
//! op's definition reads so, MLIR's helper does it, and so does the interpreter). Our
//! lowering frees in one more case: a memref whose earlier aliases all have false conditions
//! (`helper.rs`). A buffer is still freed at most once, so the lowering can only remove a leak
//! of its input, never add a double free; our passes do not rely on it (the ownership pass
//! never lists a possible owner after an alias that may be false, `dealloc/src/pass/transfer.rs`).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod aliases;
mod block_scan;
mod block_scope;
mod clone;
mod dealloc;
mod derived_bounds;
mod helper;
mod last_use;
mod logic;
#[cfg(test)]
mod test_support;
mod unaliased;

use ir::dialects::bufferization::{CloneOp, DeallocOp};
use ir::dialects::builtin::ModuleOp;
use ir::{Context, Diagnostic, Op, OpView, Traits, TransformResult, track_changes};

pub use dealloc::lower_dealloc_op;

/// The options of [`lower_deallocations`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowerDeallocationsOptions {
    /// Free unguarded where the guard's condition is the constant `true` (as
    /// [`Guards::Unguarded`]): the same program once canonicalized, which a pipeline that
    /// canonicalizes afterwards gets without inlining the guards (the final canonicalization
    /// of `buffer-deallocation-pipeline` then often changes nothing and ends after one
    /// round). Off, the pass's output keeps MLIR's `scf.if %true`.
    pub unguard_constant_frees: bool,
}

/// The options of [`convert_bufferization_to_memref`] (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConvertBufferizationToMemRefOptions;

/// `bufferization-lower-deallocations`: lowers every `bufferization.dealloc` nested in `root`
/// (a module, or a function — then the generic case is an error).
pub fn lower_deallocations(
    ctx: &mut Context,
    root: Op,
    options: &LowerDeallocationsOptions,
) -> TransformResult {
    check_root(ctx, root)?;
    let guards = if options.unguard_constant_frees {
        Guards::Unguarded
    } else {
        Guards::Kept
    };
    track_changes(ctx, |ctx| lower_all_deallocs(ctx, root, guards))
}

/// Whether a free the lowering knows unconditional keeps its `scf.if` on the constant `true`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Guards {
    /// Kept, as MLIR's lowering does.
    #[default]
    Kept,
    /// Dropped: the free takes the guard's place, as canonicalize's inlining of the guard
    /// would put it (not in a function holding a `bufferization.clone`:
    /// [`dealloc::unguard_unconditional_frees`]).
    Unguarded,
}

/// `convert-bufferization-to-memref`: lowers `bufferization.dealloc` and
/// `bufferization.clone`; any other bufferization op fails to legalize.
pub fn convert_bufferization_to_memref(
    ctx: &mut Context,
    root: Op,
    _options: &ConvertBufferizationToMemRefOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| convert_all(ctx, root))
}

/// The body of [`convert_bufferization_to_memref`].
fn convert_all(ctx: &mut Context, root: Op) -> Result<(), Vec<Diagnostic>> {
    let mut errors = match lower_all_deallocs(ctx, root, Guards::Kept) {
        Ok(()) => Vec::new(),
        Err(e) => e,
    };
    for op in ctx.walk_preorder(root) {
        if !ctx.is_alive(op) || op == root {
            continue;
        }
        if CloneOp::is(ctx, op) {
            if let Err(d) = clone::lower_clone(ctx, op) {
                errors.push(d);
            }
        } else if in_bufferization_dialect(ctx, op) && !DeallocOp::is(ctx, op) {
            errors.push(illegal(ctx, op));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Whether `op` belongs to the dialect of the ops this conversion lowers (`bufferization`).
fn in_bufferization_dialect(ctx: &Context, op: Op) -> bool {
    dialect_of(ctx.op_name_str(op)) == dialect_of(DeallocOp::NAME)
}

/// The dialect part of an op name (before the first dot).
fn dialect_of(op_name: &str) -> Option<&str> {
    op_name.split_once('.').map(|(dialect, _)| dialect)
}

/// The error of an op the conversion leaves behind.
fn illegal(ctx: &Context, op: Op) -> Diagnostic {
    Diagnostic::error(
        ctx.op_loc(op),
        format!(
            "failed to legalize operation '{}' that was explicitly marked illegal",
            ctx.op_name_str(op)
        ),
    )
    .on_op(op)
}

fn check_root(ctx: &Context, root: Op) -> Result<(), Vec<Diagnostic>> {
    if is_module(ctx, root) || ctx.has_trait(root, Traits::FUNCTION_LIKE) {
        Ok(())
    } else {
        Err(vec![Diagnostic::error(
            ctx.op_loc(root),
            "root operation must be a builtin.module or a function",
        )])
    }
}

fn is_module(ctx: &Context, op: Op) -> bool {
    ModuleOp::is(ctx, op)
}

/// The nearest ancestor of `op` that is a symbol table.
fn symbol_table_of(ctx: &Context, op: Op) -> Option<Op> {
    let mut cur = ctx.parent_op(op);
    while let Some(o) = cur {
        if ctx.has_trait(o, Traits::SYMBOL_TABLE) {
            return Some(o);
        }
        cur = ctx.parent_op(o);
    }
    None
}

/// Builds the helpers (when `root` is a module) and lowers every dealloc.
fn lower_all_deallocs(ctx: &mut Context, root: Op, guards: Guards) -> Result<(), Vec<Diagnostic>> {
    // Whether a call is there before the lowering, which adds only the calls of the helpers.
    let mut calls_before = false;
    let mut deallocs: Vec<DeallocOp> = Vec::new();
    let mut clones: Vec<Op> = Vec::new();
    ctx.for_each_preorder(root, |op| {
        calls_before |= ctx.op_def(op).call.is_some();
        if let Some(dealloc) = DeallocOp::of(ctx, op) {
            deallocs.push(dealloc);
        } else if CloneOp::is(ctx, op) {
            clones.push(op);
        }
    });
    let mut helpers: Vec<(Op, String)> = Vec::new();
    if is_module(ctx, root) {
        for &dealloc in &deallocs {
            let [memrefs, _, retained] = dealloc.group_ranges(ctx);
            if !dealloc::needs_helper(memrefs.len(), retained.len()) {
                continue;
            }
            let Some(table) = symbol_table_of(ctx, dealloc.op()) else {
                continue;
            };
            if !helpers.iter().any(|(t, _)| *t == table) {
                let name = helper::build_helper(ctx, table);
                helpers.push((table, name));
            }
        }
    }
    let mut errors = Vec::new();
    let mut guarded_frees = Vec::new();
    let mut reuse = dealloc::Reuse::default();
    // The functions whose frees keep their guards however they are unguarded (see
    // [`dealloc::unguard_unconditional_frees`]).
    let clone_scopes: Vec<Op> = match guards {
        Guards::Kept => Vec::new(),
        Guards::Unguarded => clones
            .into_iter()
            .filter_map(|clone| dealloc::isolated_scope_of(ctx, clone))
            .collect(),
    };
    for op in deallocs.into_iter().map(DeallocOp::op) {
        reuse.guards = if clone_scopes.is_empty() || !dealloc::in_scopes(ctx, op, &clone_scopes) {
            guards
        } else {
            Guards::Kept
        };
        // Without helpers, no symbol table is looked for.
        let helper = (!helpers.is_empty())
            .then(|| symbol_table_of(ctx, op))
            .flatten()
            .and_then(|t| helpers.iter().find(|(h, _)| *h == t))
            .map(|(_, name)| name.clone());
        match dealloc::lower_dealloc(ctx, op, helper.as_deref(), &mut reuse) {
            Ok(guard) => guarded_frees.extend(guard),
            Err(e) => errors.extend(e),
        }
    }
    let calls = calls_before || !helpers.is_empty();
    let copies = last_use::free_at_last_uses(ctx, root, &guarded_frees, calls);
    if guards == Guards::Unguarded {
        let placed = guarded_frees.into_iter().chain(copies);
        dealloc::unguard_unconditional_frees(ctx, placed, &clone_scopes);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
