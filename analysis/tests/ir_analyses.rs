//! IR-level tests: dominance cross-checked against petgraph on random CFGs, CFG helpers,
//! liveness queries and memory effects on small programs.

use analysis::cfg;
use analysis::dominance::{DominanceInfo, PostDominanceInfo};
use analysis::liveness::Liveness;
use ir::asm::parser::{ParseOptions, parse_module};
use ir::{Block, Context, Op};
use petgraph::graph::{DiGraph, NodeIndex};
use proptest::prelude::*;

fn parse(ctx: &mut Context, src: &str) -> Op {
    let module = parse_module(ctx, "t.mlir", src, &ParseOptions::default()).expect("parses");
    ctx.walk_preorder(module)
        .into_iter()
        .find(|&o| ctx.op_name_str(o) == "func.func")
        .expect("a function")
}

/// A function whose CFG has `succs[i]` as the successors of block `i` (at most 2).
fn cfg_function(succs: &[Vec<usize>]) -> String {
    let mut s = String::from("func.func @f(%c: i1) {\n");
    for (i, out) in succs.iter().enumerate() {
        if i > 0 {
            s.push_str(&format!("^bb{i}:\n"));
        }
        match out.as_slice() {
            [] => s.push_str("  return\n"),
            [a] => s.push_str(&format!("  cf.br ^bb{a}\n")),
            [a, b, ..] => s.push_str(&format!("  cf.cond_br %c, ^bb{a}, ^bb{b}\n")),
        }
    }
    s.push_str("}\n");
    s
}

fn blocks_of(ctx: &Context, func: Op) -> Vec<Block> {
    ctx.blocks(ctx.regions(func)[0]).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Block dominance on random CFGs (entry 0 has no predecessors, as the verifier requires)
    /// equals petgraph's `simple_fast` dominators on the reachable part; unreachable blocks
    /// are dominated by everything.
    #[test]
    fn dominance_matches_petgraph(raw in prop::collection::vec(prop::collection::vec(1usize..64, 0..3), 1..24)) {
        let n = raw.len();
        let succs: Vec<Vec<usize>> = raw.iter().map(|l| l.iter().map(|&t| 1 + t % n.max(2).saturating_sub(1).max(1)).filter(|&t| t < n).collect()).collect();
        let mut ctx = Context::new();
        let func = parse(&mut ctx, &cfg_function(&succs));
        let blocks = blocks_of(&ctx, func);
        let dom = DominanceInfo::compute(&ctx, func);
        let mut g: DiGraph<(), ()> = DiGraph::new();
        let nodes: Vec<NodeIndex> = (0..n).map(|_| g.add_node(())).collect();
        for (i, out) in succs.iter().enumerate() {
            for &t in out.iter().take(2) {
                g.add_edge(nodes[i], nodes[t], ());
            }
        }
        let pd = petgraph::algo::dominators::simple_fast(&g, nodes[0]);
        for a in 0..n {
            for b in 0..n {
                let reachable_b = pd.dominators(nodes[b]).is_some();
                let expected = if !reachable_b { true } else {
                    pd.dominators(nodes[b]).is_some_and(|mut d| d.any(|x| x == nodes[a]))
                };
                prop_assert_eq!(dom.dominates_block(&ctx, blocks[a], blocks[b]), expected, "a={} b={} succs={:?}", a, b, succs);
            }
        }
    }
}

#[test]
fn nested_op_dominance_and_values() {
    let mut ctx = Context::new();
    let func = parse(
        &mut ctx,
        "func.func @f(%c: i1, %m: memref<2xf32>, %i: index) {
           %x = memref.load %m[%i] : memref<2xf32>
           scf.if %c {
             %y = memref.load %m[%i] : memref<2xf32>
           }
           return
         }",
    );
    let ops = ctx.walk_preorder(func);
    let (load_x, scf_if, load_y, ret) = (ops[1], ops[2], ops[3], *ops.last().unwrap());
    let dom = DominanceInfo::compute(&ctx, func);
    assert!(dom.properly_dominates_op(&ctx, load_x, load_y));
    assert!(
        dom.properly_dominates_op(&ctx, scf_if, load_y),
        "enclosing op dominates"
    );
    // MLIR semantics: a nested op is compared through its ancestor in the common region.
    assert!(dom.properly_dominates_op(&ctx, load_y, ret));
    assert!(!dom.properly_dominates_op(&ctx, load_y, load_x));
    let x = ctx.result(load_x, 0);
    assert!(dom.value_dominates(&ctx, x, load_y));
    let post = PostDominanceInfo::compute(&ctx, func);
    assert!(post.post_dominates_op(&ctx, ret, load_y));
    assert!(!post.post_dominates_op(&ctx, load_x, ret));
}

#[test]
fn dominance_order_puts_each_block_after_its_dominators() {
    let mut ctx = Context::new();
    let func = parse(
        &mut ctx,
        "func.func @f(%c: i1) {
           cf.cond_br %c, ^bb3, ^bb2
         ^bb1:
           return
         ^bb2:
           cf.br ^bb1
         ^bb3:
           cf.br ^bb1
         ^bb4:
           cf.br ^bb1
         }",
    );
    let region = ctx.regions(func)[0];
    let b: Vec<Block> = ctx.blocks(region).collect();
    // Depth-first from the entry through ^bb3 first: post-order bb1, bb3, bb2, bb0.
    assert_eq!(
        cfg::dominance_order(&ctx, region),
        vec![b[0], b[2], b[3], b[1], b[4]]
    );
    // The same search, parted: what the ownership pass keeps and what it erases.
    let split = cfg::ReachabilitySplit::of(&ctx, region).expect("a region with blocks");
    assert_eq!(split.reachable, vec![b[0], b[2], b[3], b[1]]);
    assert_eq!(split.unreachable, vec![b[4]]);
}

#[test]
fn cfg_helpers_and_unreachable_blocks() {
    let mut ctx = Context::new();
    let func = parse(
        &mut ctx,
        "func.func @f(%c: i1, %a: i32) -> i32 {
           cf.br ^bb1(%a : i32)
         ^bb1(%x: i32):
           cf.cond_br %c, ^bb1(%x : i32), ^bb2
         ^bb2:
           return %x : i32
         ^bb3:
           cf.br ^bb3
         }",
    );
    let region = ctx.regions(func)[0];
    let b: Vec<Block> = ctx.blocks(region).collect();
    let preds = cfg::predecessors(&ctx, b[1]);
    assert_eq!(preds.len(), 2);
    let succ = cfg::successors(&ctx, b[0]);
    assert_eq!(succ[0].operands, vec![ctx.block_args(b[0])[1]]);
    assert_eq!(cfg::back_edges(&ctx, region), vec![(b[1], b[1])]);
    assert_eq!(cfg::unreachable_blocks(&ctx, region), vec![b[3]]);
    assert_eq!(
        cfg::dominance_order(&ctx, region),
        vec![b[0], b[1], b[2], b[3]]
    );
    assert!(!cfg::reachable_blocks(&ctx, region).contains(&b[3]));
    let live = Liveness::compute(&ctx, func);
    let x = ctx.block_args(b[1])[0];
    assert!(live.is_live_in(b[2], x));
    assert!(live.is_live_out(b[1], x));
    let dom = DominanceInfo::compute(&ctx, func);
    assert!(
        dom.dominates_block(&ctx, b[0], b[3]),
        "unreachable blocks are dominated by all"
    );
}

#[test]
fn is_dead_after_follows_mlir() {
    let mut ctx = Context::new();
    let func = parse(
        &mut ctx,
        "func.func @f(%c: i1, %i: index) {
           %m = memref.alloc() : memref<2xf32>
           %f = arith.constant 1.0 : f32
           scf.if %c {
             memref.store %f, %m[%i] : memref<2xf32>
           }
           %v = memref.load %m[%i] : memref<2xf32>
           return
         }",
    );
    let ops = ctx.walk_preorder(func);
    let (alloc, cst, scf_if, load) = (ops[1], ops[2], ops[3], ops[6]);
    let m = ctx.result(alloc, 0);
    let f = ctx.result(cst, 0);
    let live = Liveness::compute(&ctx, func);
    assert!(!live.is_dead_after(&ctx, m, scf_if));
    assert!(live.is_dead_after(&ctx, m, load));
    assert!(
        live.is_dead_after(&ctx, f, scf_if),
        "nested use counts at the parent op"
    );
    assert!(!live.is_dead_after(&ctx, f, cst));
    assert!(
        analysis::effects::has_effect(&ctx, scf_if, ir::EffectKind::Write),
        "recursive effects"
    );
    assert!(analysis::effects::has_effect(
        &ctx,
        alloc,
        ir::EffectKind::Allocate
    ));
    assert!(analysis::effects::is_effect_free(&ctx, cst));
}

/// Which users of `%b` capture it: a value store, a call and an address capture; an access,
/// a view, a copy and a loop's init operand do not.
#[test]
fn captures_are_stores_of_the_buffer_calls_and_addresses() {
    let mut ctx = Context::new();
    let source = r#"
func.func private @keep(memref<2xf32>)
func.func @f(%h: memref<memref<2xf32>>, %x: memref<2xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<2xf32>
  memref.store %v, %b[%c0] : memref<2xf32>
  %l = memref.load %b[%c0] : memref<2xf32>
  %cast = memref.cast %b : memref<2xf32> to memref<?xf32>
  memref.copy %b, %x : memref<2xf32> to memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %b) -> memref<2xf32> {
    memref.store %v, %x[%c0] : memref<2xf32>
    scf.yield %it : memref<2xf32>
  }
  memref.store %b, %h[] : memref<memref<2xf32>>
  func.call @keep(%b) : (memref<2xf32>) -> ()
  %p = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  return
}
"#;
    let module =
        parse_module(&mut ctx, "t.mlir", source, &ParseOptions::default()).expect("parses");
    let b = ctx
        .walk_preorder(module)
        .into_iter()
        .find(|&o| ctx.op_name_str(o) == "memref.alloc")
        .map(|o| ctx.results(o)[0])
        .expect("the allocation");
    let mut verdicts: Vec<(String, bool)> = ctx
        .uses(b)
        .map(|(user, _)| {
            let name = ctx.op_name_str(user).to_string();
            (name, analysis::capture::may_capture(&ctx, user, b))
        })
        .collect();
    verdicts.sort();
    verdicts.dedup();
    let captured: Vec<&str> = verdicts
        .iter()
        .filter(|(_, c)| *c)
        .map(|(n, _)| n.as_str())
        .collect();
    let kept: Vec<&str> = verdicts
        .iter()
        .filter(|(_, c)| !*c)
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(
        captured,
        [
            "func.call",
            "memref.extract_aligned_pointer_as_index",
            "memref.store"
        ]
    );
    assert_eq!(
        kept,
        [
            "memref.cast",
            "memref.copy",
            "memref.load",
            "memref.store",
            "scf.for"
        ]
    );
}
