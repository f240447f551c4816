//! View-flow closures on both sides of the size where their membership test changes from a
//! scan of the values found so far to a hash set: a ladder of `arith.select`s where every
//! value is reached along many paths, so a closure that let a value in twice, or lost one,
//! shows in its length or its set. The memoised closures (`analysis::closures`) answer as the
//! plain bounded ones, in either strategy and whatever the order of the queries.

use std::collections::BTreeSet;

use analysis::alias::BufferViewFlowAnalysis;
use analysis::closures::{BoundedClosures, Direction, WALKS_BEFORE_COMPONENTS};
use ir::asm::parser::{ParseOptions, parse_module};
use ir::{Context, Op, Value};

/// `%v0`, `%v1` allocated; `%v{k} = select %c, %v{k-1}, %v{k-2}` up to `%v{n-1}`.
fn ladder(n: usize) -> String {
    let mut s = String::from(
        "func.func @f(%c: i1) {\n  %v0 = memref.alloc() : memref<2xf32>\n  %v1 = memref.alloc() : memref<2xf32>\n",
    );
    for k in 2..n {
        s.push_str(&format!(
            "  %v{k} = arith.select %c, %v{}, %v{} : memref<2xf32>\n",
            k - 1,
            k - 2
        ));
    }
    s.push_str("  return\n}\n");
    s
}

/// The ladder's values `%v0`..`%v{n-1}`, in order.
fn ladder_values(ctx: &Context, module: Op) -> Vec<Value> {
    ctx.walk_preorder(module)
        .into_iter()
        .filter(|&op| ctx.results(op).len() == 1 && ctx.op_name_str(op) != "arith.constant")
        .map(|op| ctx.results(op)[0])
        .collect()
}

fn check(n: usize) {
    let mut ctx = Context::new();
    let module =
        parse_module(&mut ctx, "t.mlir", &ladder(n), &ParseOptions::default()).expect("parses");
    let flow = BufferViewFlowAnalysis::compute(&ctx, module);
    let v = ladder_values(&ctx, module);
    assert_eq!(v.len(), n);
    // Forward from %v0: itself and every select; reverse from the last: every value.
    let forward: BTreeSet<Value> = std::iter::once(v[0])
        .chain(v[2..].iter().copied())
        .collect();
    let reverse: BTreeSet<Value> = v.iter().copied().collect();
    let cases = [
        (flow.resolve_bounded(v[0], usize::MAX), forward.clone()),
        (
            flow.resolve_reverse_bounded(v[n - 1], usize::MAX),
            reverse.clone(),
        ),
    ];
    for (found, expected) in cases {
        let found = found.expect("unbounded");
        assert_eq!(found.len(), expected.len(), "n = {n}: a value found twice");
        assert_eq!(
            found.into_iter().collect::<BTreeSet<_>>(),
            expected,
            "n = {n}"
        );
    }
    assert_eq!(flow.resolve(v[0]).collect::<BTreeSet<_>>(), forward);
    // The bound: exactly the closure's size fits, one less does not.
    let size = forward.len();
    assert_eq!(
        flow.resolve_bounded(v[0], size).map(|c| c.len()),
        Some(size)
    );
    assert_eq!(flow.resolve_bounded(v[0], size - 1), None);
    let size = reverse.len();
    assert_eq!(
        flow.resolve_reverse_bounded(v[n - 1], size)
            .map(|c| c.len()),
        Some(size)
    );
    assert_eq!(flow.resolve_reverse_bounded(v[n - 1], size - 1), None);
}

#[test]
fn closures_below_at_and_above_the_scan_size_are_exact() {
    for n in [5, 31, 32, 33, 34, 100] {
        check(n);
    }
}

/// The plain bounded closure of `v` as a set (`None` over `limit`).
fn plain(
    flow: &BufferViewFlowAnalysis,
    direction: Direction,
    v: Value,
    limit: usize,
) -> Option<BTreeSet<Value>> {
    let found = match direction {
        Direction::Reverse => flow.resolve_reverse_bounded(v, limit),
        Direction::Forward => flow.resolve_bounded(v, limit),
    };
    found.map(|c| c.into_iter().collect())
}

/// Every value of the ladder queried in `order` from `closures` answers as [`plain`].
fn check_memoised(
    flow: &BufferViewFlowAnalysis,
    mut closures: BoundedClosures,
    direction: Direction,
    order: &[Value],
    limit: usize,
) {
    for _ in 0..2 {
        for &v in order {
            let memoised = closures.get(v);
            if let Some(c) = &memoised {
                assert!(c.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicate");
            }
            let memoised = memoised.map(|c| c.iter().copied().collect::<BTreeSet<_>>());
            assert_eq!(
                memoised,
                plain(flow, direction, v, limit),
                "{direction:?}, limit {limit}"
            );
        }
    }
}

#[test]
fn memoised_closures_equal_the_plain_ones_in_any_order() {
    let n = 3 * WALKS_BEFORE_COMPONENTS;
    let mut ctx = Context::new();
    let module =
        parse_module(&mut ctx, "t.mlir", &ladder(n), &ParseOptions::default()).expect("parses");
    let flow = BufferViewFlowAnalysis::compute(&ctx, module);
    let ascending = ladder_values(&ctx, module);
    let descending: Vec<Value> = ascending.iter().rev().copied().collect();
    // Closures of 1..n values: small limits make most queries go over (the walks give way to
    // the search by components), large ones none.
    for limit in [1, 4, 33, n / 2, n] {
        for order in [&ascending, &descending] {
            for direction in [Direction::Reverse, Direction::Forward] {
                let walking = BoundedClosures::walking(&flow, direction, limit);
                check_memoised(&flow, walking, direction, order, limit);
            }
            let by_components = BoundedClosures::new(&flow, limit);
            check_memoised(&flow, by_components, Direction::Reverse, order, limit);
            // Kept in a table by value number (the module is the root): the same answers.
            let in_table = BoundedClosures::new(&flow, limit).in_scope(&ctx, module);
            check_memoised(&flow, in_table, Direction::Reverse, order, limit);
            let small_walks = BoundedClosures::small_walks_first(&flow, limit);
            check_memoised(&flow, small_walks, Direction::Reverse, order, limit);
        }
    }
}
