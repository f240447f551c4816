//! The greedy canonicalization driver.
//!
//! Each iteration sweeps every op nested in the root in post-order (children first), erasing
//! trivially dead ops and applying the op's folders/patterns; then it simplifies regions
//! (unreachable blocks, trivial block merging) and deduplicates constants (hoisted to the
//! entry block of the nearest isolated-from-above op). It stops when an iteration changes
//! nothing, or after `max_iterations`, and says which.

mod arith;
mod cf;
mod dce;
mod dealloc;
mod memref;
mod regions;
mod scf;

use ir::{Context, Op};

/// Options of the driver.
#[derive(Clone, Copy, Debug)]
pub struct CanonicalizeConfig {
    /// Iteration cap (MLIR's default is 10).
    pub max_iterations: usize,
    /// Whether region simplification (unreachable blocks, block merging) runs.
    pub region_simplify: bool,
}

impl Default for CanonicalizeConfig {
    fn default() -> Self {
        CanonicalizeConfig {
            max_iterations: 10,
            region_simplify: true,
        }
    }
}

/// Why the driver stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// An iteration changed nothing.
    Converged,
    /// The iteration cap was reached while still changing.
    IterationLimit,
}

/// What the driver did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanonicalizeReport {
    /// Iterations run (including the final unchanged one).
    pub iterations: usize,
    /// Rewrites applied (pattern applications, erased ops, merged blocks...).
    pub rewrites: usize,
    /// Why it stopped.
    pub reason: StopReason,
}

/// A rewrite pattern: returns whether it changed the IR (it may erase `op`).
type Pattern = fn(&mut Context, Op) -> bool;

/// The patterns registered for an op name.
fn patterns_for(name: &str) -> &'static [Pattern] {
    match name {
        "arith.andi" => &[arith::fold_andi],
        "arith.ori" => &[arith::fold_ori],
        "arith.xori" => &[arith::fold_xori, arith::xori_not_cmpi],
        "arith.select" => &[arith::fold_select],
        "arith.cmpi" => &[arith::fold_cmpi],
        "scf.if" => &[
            scf::if_constant_condition,
            scf::if_trivial_to_select,
            scf::if_remove_dead_results,
            scf::if_remove_empty_else,
        ],
        "cf.cond_br" => &[
            cf::cond_br_constant,
            cf::cond_br_same_successor,
            cf::cond_br_same_successor_select,
        ],
        "bufferization.dealloc" => &[
            dealloc::erase_empty,
            dealloc::remove_duplicate_memrefs,
            dealloc::remove_duplicate_retained,
            dealloc::erase_always_false,
            dealloc::skip_extract_metadata_of_alloc,
            dealloc::remove_alloc_dealloc_pair,
        ],
        "bufferization.clone" => &[dealloc::simplify_clone],
        "cf.assert" => &[cf::assert_true],
        "memref.alloc" | "memref.alloca" => &[memref::dead_alloc],
        "memref.alloca_scope" => &[memref::alloca_scope_inline],
        "memref.collapse_shape" => &[memref::collapse_of_expand],
        "memref.expand_shape" => &[memref::expand_of_collapse],
        _ => &[],
    }
}

/// Applies the first matching `bufferization.dealloc` canonicalization; whether one did.
pub(crate) fn dealloc_canonicalizations(ctx: &mut Context, op: Op) -> bool {
    patterns_for(crate::ir_util::DEALLOC)
        .iter()
        .any(|pattern| pattern(ctx, op))
}

/// Runs the canonicalizer on everything nested in `root`.
pub fn canonicalize(
    ctx: &mut Context,
    root: Op,
    config: &CanonicalizeConfig,
) -> CanonicalizeReport {
    let mut rewrites = 0;
    for iteration in 1..=config.max_iterations.max(1) {
        let mut changed = sweep(ctx, root);
        if config.region_simplify {
            changed += regions::simplify_regions(ctx, root);
        }
        changed += dce::dedup_constants(ctx, root);
        rewrites += changed;
        if changed == 0 {
            tracing::debug!(iteration, rewrites, "canonicalize converged");
            return CanonicalizeReport {
                iterations: iteration,
                rewrites,
                reason: StopReason::Converged,
            };
        }
    }
    tracing::debug!(rewrites, "canonicalize hit the iteration limit");
    CanonicalizeReport {
        iterations: config.max_iterations.max(1),
        rewrites,
        reason: StopReason::IterationLimit,
    }
}

/// One post-order sweep; returns the number of rewrites.
fn sweep(ctx: &mut Context, root: Op) -> usize {
    let mut count = 0;
    for op in ctx.walk_postorder(root) {
        if op == root || !ctx.is_alive(op) || ctx.op_parent(op).is_none() {
            continue;
        }
        if dce::is_trivially_dead(ctx, op) {
            ctx.erase_op(op);
            count += 1;
            continue;
        }
        let name = ctx.op_name_str(op).to_string();
        for pattern in patterns_for(&name) {
            if pattern(ctx, op) {
                count += 1;
                break;
            }
        }
    }
    count
}
