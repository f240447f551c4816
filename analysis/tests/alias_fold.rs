//! `alias_fold::fold_over_aliases` agrees with folding over `BufferViewFlowAnalysis::resolve`
//! value by value, on programs whose view-flow graphs have cycles (loops carrying buffers),
//! chains (loops feeding loops) and joins (block arguments with several sources).

use std::collections::BTreeSet;

use analysis::alias::BufferViewFlowAnalysis;
use analysis::alias_fold::fold_over_aliases;
use ir::asm::parser::{ParseOptions, parse_module};
use ir::{Context, Value};

const PROGRAM: &str = r#"
func.func @f(%c: i1, %n: index, %x: memref<2xf32>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2xf32>
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    %s = arith.select %c, %acc, %b : memref<2xf32>
    scf.yield %s : memref<2xf32>
  }
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r1) -> (memref<2xf32>) {
    %v = memref.subview %acc[0] [2] [1] : memref<2xf32> to memref<2xf32, strided<[1]>>
    %k = memref.cast %v : memref<2xf32, strided<[1]>> to memref<2xf32>
    scf.yield %k : memref<2xf32>
  }
  cf.cond_br %c, ^bb1(%r2 : memref<2xf32>), ^bb1(%x : memref<2xf32>)
^bb1(%j: memref<2xf32>):
  return %j : memref<2xf32>
}
"#;

#[test]
fn fold_equals_the_union_over_each_alias_set() {
    let mut ctx = Context::new();
    let module =
        parse_module(&mut ctx, "t.mlir", PROGRAM, &ParseOptions::default()).expect("parses");
    let aliases = BufferViewFlowAnalysis::compute(&ctx, module);
    let values: Vec<Value> = ctx
        .walk_preorder(module)
        .into_iter()
        .flat_map(|op| {
            let mut vs: Vec<Value> = ctx.results(op).to_vec();
            for &r in ctx.regions(op) {
                for b in ctx.blocks(r) {
                    vs.extend(ctx.block_args(b));
                }
            }
            vs
        })
        .collect();
    let singleton = |v: Value| BTreeSet::from([v]);
    let union = |mut a: BTreeSet<Value>, b: BTreeSet<Value>| {
        a.extend(b);
        a
    };
    let folded = fold_over_aliases(&aliases, values.iter().copied(), singleton, union);
    let mut checked = 0;
    for &v in &values {
        let naive: BTreeSet<Value> = aliases.resolve(v).collect();
        assert_eq!(folded[&v], naive, "alias set of {v:?}");
        checked += usize::from(naive.len() > 1);
    }
    assert!(
        checked >= 6,
        "the program has values with several aliases ({checked})"
    );
}
