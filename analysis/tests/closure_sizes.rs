//! View-flow closures on both sides of the size where their membership test changes from a
//! scan of the values found so far to a hash set: a ladder of `arith.select`s where every
//! value is reached along many paths, so a closure that let a value in twice, or lost one,
//! shows in its length or its set.

use std::collections::BTreeSet;

use analysis::alias::BufferViewFlowAnalysis;
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
