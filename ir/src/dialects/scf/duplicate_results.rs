//! `scf.if` and `scf.index_switch` results that are always equal: when every region yields the
//! same value at two positions, the later result's uses read the earlier result, and the later
//! one, then unused, goes by the dead-result patterns. `mlir-opt-22`'s canonicalize does the
//! same for both ops.
//!
//! ```text
//! %r:2 = scf.if %c -> (i1, i1) {
//!   scf.yield %a, %a : i1, i1
//! } else {
//!   scf.yield %b, %b : i1, i1
//! }
//! // %r#1 is %r#0 on both paths: its uses read %r#0, and the scf.if keeps one result.
//! ```
//!
//! After the ownership-based deallocation, two buffers returned by one `scf.index_switch` that
//! are owned on the same paths get one ownership flag this way, and their two guarded frees
//! then share one `scf.if` (`free_guards`).

use super::loops_canonicalize::switch_yields;
use super::while_duplicates::PAIRWISE_LIMIT;
use crate::context::Context;
use crate::entity::{Op, Value};
use crate::rewrite::Rewriter;
use rustc_hash::FxHashMap;

/// Results of `op` (an `scf.if` with an else region or an `scf.index_switch`, each region one
/// block ending in a yield) that every region yields the same values for as an earlier result:
/// their uses read the earlier one.
pub(super) fn duplicate_results(rw: &mut Rewriter, op: Op) -> bool {
    let n = rw.results(op).len();
    if n < 2 {
        return false;
    }
    let Some(yields) = switch_yields(rw, op) else {
        return false;
    };
    let mut changed = false;
    for (later, first) in later_duplicates(rw, &yields, n) {
        let (result, first_result) = (rw.result(op, later), rw.result(op, first));
        if rw.has_uses(result) {
            rw.replace_all_uses_with(result, first_result);
            changed = true;
        }
    }
    changed
}

/// For each position `k < n` that every yield in `yields` fills as it fills an earlier
/// position: `k` and the first such position.
fn later_duplicates(ctx: &Context, yields: &[Op], n: usize) -> Vec<(usize, usize)> {
    let same = |i: usize, k: usize| {
        yields
            .iter()
            .all(|&y| ctx.operand(y, i) == ctx.operand(y, k))
    };
    if n <= PAIRWISE_LIMIT {
        return (1..n)
            .filter_map(|k| (0..k).find(|&i| same(i, k)).map(|first| (k, first)))
            .collect();
    }
    let column = |k: usize| -> Vec<Value> { yields.iter().map(|&y| ctx.operand(y, k)).collect() };
    let mut first_at: FxHashMap<Vec<Value>, usize> = FxHashMap::default();
    (0..n)
        .filter_map(|k| {
            let first = *first_at.entry(column(k)).or_insert(k);
            (first != k).then_some((k, first))
        })
        .collect()
}
