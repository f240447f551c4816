//! `canonicalize`, `cse` and `buffer-deallocation-simplification`.
//!
//! * [`canonicalize()`]: a greedy driver applying folders and rewrite patterns until a fixed
//!   point (capped), plus dead-op removal, constant deduplication and region simplification.
//! * [`cse()`]: dominance-scoped common-subexpression elimination of side-effect-free ops.
//! * [`simplify_deallocations`]: the alias-analysis-based `bufferization.dealloc` patterns.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod canonicalize;
mod carried_apart;
pub mod cse;
pub mod dealloc_simplify;

use ir::{Changed, Context, Diagnostic, Op, TransformResult};

pub use canonicalize::{CanonicalizeConfig, CanonicalizeReport, StopReason};

/// How much [`canonicalize()`] simplifies the region tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RegionSimplify {
    /// Leave blocks and regions alone.
    Disabled,
    /// Erase unreachable blocks and merge a block into its only predecessor when that
    /// predecessor branches to it unconditionally.
    #[default]
    Normal,
    /// Accepted for `mlir-opt` compatibility; the same as `Normal` (ours has one level).
    Aggressive,
}

/// The options of [`canonicalize()`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanonicalizeOptions {
    /// How many sweeps over the IR at most; values below 1 mean 1.
    pub max_iterations: i64,
    /// Whether and how the region tree is simplified.
    pub region_simplify: RegionSimplify,
    /// Fail when the sweeps stop at the cap instead of at a fixed point.
    pub test_convergence: bool,
}

impl Default for CanonicalizeOptions {
    fn default() -> Self {
        CanonicalizeOptions {
            max_iterations: 10,
            region_simplify: RegionSimplify::Normal,
            test_convergence: false,
        }
    }
}

impl CanonicalizeOptions {
    /// The driver's configuration for these options.
    pub fn config(&self) -> CanonicalizeConfig {
        CanonicalizeConfig {
            max_iterations: usize::try_from(self.max_iterations.max(1)).unwrap_or(usize::MAX),
            region_simplify: self.region_simplify != RegionSimplify::Disabled,
        }
    }
}

/// `canonicalize`: folds and rewrites every op nested in `root` until nothing changes (or the
/// iteration cap is reached, an error with `test_convergence`).
pub fn canonicalize(ctx: &mut Context, root: Op, options: &CanonicalizeOptions) -> TransformResult {
    let report = canonicalize::canonicalize(ctx, root, &options.config());
    if options.test_convergence && report.reason != StopReason::Converged {
        return Err(vec![Diagnostic::error(
            ctx.op_loc(root),
            "Canonicalizer failed to converge",
        )]);
    }
    Ok(Changed::from_bool(report.rewrites > 0))
}

/// The options of [`cse()`] (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CseOptions;

/// `cse`: erases every side-effect-free op nested in `root` that repeats an op dominating it.
pub fn cse(ctx: &mut Context, root: Op, _options: &CseOptions) -> TransformResult {
    Ok(Changed::from_bool(cse::cse(ctx, root) > 0))
}

/// The options of [`simplify_deallocations`] (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeallocSimplificationOptions;

/// `buffer-deallocation-simplification`: shrinks the operand lists of the
/// `bufferization.dealloc` ops nested in `root` with what the buffer origin analysis proves.
pub fn simplify_deallocations(
    ctx: &mut Context,
    root: Op,
    _options: &DeallocSimplificationOptions,
) -> TransformResult {
    let rewrites = dealloc_simplify::simplify_deallocations(ctx, root);
    Ok(Changed::from_bool(rewrites > 0))
}
