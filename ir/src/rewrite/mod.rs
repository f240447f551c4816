//! Rewriting: the [`Rewriter`] patterns mutate the IR through, the generational [`Worklist`],
//! and the greedy pattern driver ([`apply_patterns_greedily`], MLIR's `applyPatternsGreedily`).
//!
//! A [`Pattern`] is a plain function `fn(&mut Rewriter, Op) -> bool` that rewrites the op it
//! is given and says whether it changed anything. Ops bring their own canonicalization
//! patterns and folders in their [`crate::OpDef`] ([`Canonicalization`], MLIR's
//! `getCanonicalizationPatterns` and `fold`); [`Canonicalizations`] applies them, and any
//! crate can drive a pattern set of its own by implementing [`PatternSet`].
//!
//! ```text
//! let report = apply_patterns_greedily(ctx, root, &mut Canonicalizations, &GreedyConfig::default());
//! assert_eq!(report.reason, StopReason::Converged);
//! ```

mod dead;
mod driver;
mod rewriter;
mod worklist;

pub use dead::{is_dead_but_for_uses, is_trivially_dead};
pub use driver::{
    GreedyConfig, GreedyReport, IterationInfo, PatternSet, StopReason, apply_patterns_greedily,
    apply_patterns_greedily_to,
};
pub use rewriter::Rewriter;
pub use worklist::Worklist;

use crate::entity::Op;

/// A rewrite pattern: rewrites `op` (possibly erasing it) and returns whether it changed the
/// IR. A pattern that returns `false` must leave the IR untouched.
pub type Pattern = fn(&mut Rewriter, Op) -> bool;

/// The canonicalizations an op registers in its [`crate::OpDef`].
#[derive(Clone, Copy, Default)]
pub struct Canonicalization {
    /// Folders (MLIR's `fold`): replace the op by existing values or constants, or simplify
    /// it in place. Tried first, in order; passes that only fold (such as
    /// `buffer-deallocation-simplification` on the conditions it computes) apply the
    /// canonicalizations of ops that have folders.
    pub folders: &'static [Pattern],
    /// Patterns (MLIR's `getCanonicalizationPatterns`), tried after the folders, in order.
    pub patterns: &'static [Pattern],
}

impl Canonicalization {
    /// Applies the first folder or pattern that changes `op`; whether one did.
    pub fn apply(&self, rw: &mut Rewriter, op: Op) -> bool {
        self.folders
            .iter()
            .chain(self.patterns)
            .any(|pattern| pattern(rw, op))
    }

    /// Whether the op has any folder.
    pub fn folds(&self) -> bool {
        !self.folders.is_empty()
    }
}

/// The pattern set of canonicalization: every op's registered [`Canonicalization`].
#[derive(Clone, Copy, Default, Debug)]
pub struct Canonicalizations;

impl PatternSet for Canonicalizations {
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool {
        let canonicalization = rw.op_def(op).canonicalization;
        canonicalization.apply(rw, op)
    }
}

#[cfg(test)]
mod tests;
