//! `scf.while` patterns for loop-carried values that are always equal: MLIR's
//! `WhileRemoveDuplicatedResults` (the condition forwards one value to several after-region
//! arguments and results) and its counterpart for the before region (two arguments with the
//! same init value that every trip gives the same yielded value). The later copies' uses read
//! the first; the copies themselves, then unused, go by `while_unused_results` and
//! `while_unused_before_args`.
//!
//! ```text
//! %r:2 = scf.while (%f = %false, %g = %false) : (i1, i1) -> (i1, i1) {
//!   scf.condition(%c) %f, %g : i1, i1
//! } do {
//! ^bb0(%f2: i1, %g2: i1):
//!   scf.yield %true, %true : i1, i1
//! }
//! // %g starts as %f and gets what %f gets: its uses read %f, so %g2 and %r#1 are %f2 and %r#0.
//! ```

use super::while_canonicalize::WhileParts;
use crate::entity::Op;
use crate::rewrite::Rewriter;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// After-region arguments (and the loop results beside them) that the condition fills with a
/// value it already forwards at an earlier position: their uses read the earlier ones.
pub(super) fn while_duplicate_forwarded_values(
    rw: &mut Rewriter,
    op: Op,
    parts: &WhileParts,
) -> bool {
    let n = rw.results(op).len();
    let duplicates = later_duplicates(n, |j| rw.operand(parts.condition, 1 + j));
    let mut changed = false;
    for (j, first) in duplicates {
        let (arg, first_arg) = (
            rw.block_args(parts.after)[j],
            rw.block_args(parts.after)[first],
        );
        let (result, first_result) = (rw.result(op, j), rw.result(op, first));
        if rw.has_uses(arg) || rw.has_uses(result) {
            rw.replace_all_uses_with(arg, first_arg);
            rw.replace_all_uses_with(result, first_result);
            changed = true;
        }
    }
    changed
}

/// Before-region arguments with the same init value and the same yielded value as an earlier
/// one: equal on every trip, so their uses read the earlier argument.
pub(super) fn while_duplicate_before_args(rw: &mut Rewriter, op: Op, parts: &WhileParts) -> bool {
    let n = rw.num_operands(op);
    let duplicates = later_duplicates(n, |i| (rw.operand(op, i), rw.operand(parts.yield_op, i)));
    let mut changed = false;
    for (i, first) in duplicates {
        let (arg, first_arg) = (
            rw.block_args(parts.before)[i],
            rw.block_args(parts.before)[first],
        );
        if rw.has_uses(arg) {
            rw.replace_all_uses_with(arg, first_arg);
            changed = true;
        }
    }
    changed
}

/// Up to this many items, duplicates are found by comparing pairs, with no allocation unless
/// one is found (loops carry few values); beyond it, through a hash map.
pub(super) const PAIRWISE_LIMIT: usize = 32;

/// For each of the `n` items (`key(k)` is item `k`) equal to an earlier one, its position and
/// the position of the first equal item.
pub(super) fn later_duplicates<T: Copy + Eq + std::hash::Hash>(
    n: usize,
    key: impl Fn(usize) -> T,
) -> Vec<(usize, usize)> {
    match n {
        0 | 1 => return Vec::new(),
        // The most common case after ownership (a buffer and its flag): one comparison.
        2 => {
            return if key(1) == key(0) {
                vec![(1, 0)]
            } else {
                Vec::new()
            };
        }
        _ => {}
    }
    if n <= PAIRWISE_LIMIT {
        // Each key read once (reading one walks the IR), then compared in place.
        let keys: SmallVec<[T; PAIRWISE_LIMIT]> = (0..n).map(&key).collect();
        return (1..n)
            .filter_map(|k| {
                keys[..k]
                    .iter()
                    .position(|earlier| *earlier == keys[k])
                    .map(|first| (k, first))
            })
            .collect();
    }
    let mut first_at: FxHashMap<T, usize> = FxHashMap::default();
    (0..n)
        .filter_map(|k| {
            let first = *first_at.entry(key(k)).or_insert(k);
            (first != k).then_some((k, first))
        })
        .collect()
}
