//! Times every analysis on generated functions from 1k to 1M ops.
//!
//! `cargo run --release -p analysis --example analysis_bench [-- MAX_OPS]`
//!
//! Each function is a chain of chunks of 10 ops: an allocation, an `scf.if` storing into it
//! (a nested region), a CFG diamond storing into it in one branch, a subview, and a dealloc
//! at the join. So the function has 0.4 blocks per op, values crossing block boundaries and
//! nested regions, and one long region CFG (the worst case for per-region solvers).

use std::fmt::Write as _;
use std::time::Instant;

use analysis::alias::BufferOriginAnalysis;
use analysis::dominance::{DominanceInfo, PostDominanceInfo};
use analysis::liveness::Liveness;
use ir::Context;
use ir::asm::parser::{ParseOptions, parse_module};

fn generate(chunks: usize) -> String {
    let mut s =
        String::from("func.func @bench(%c: i1, %i: index) {\n  %f = arith.constant 1.0 : f32\n");
    for k in 0..chunks {
        let _ = write!(
            s,
            "  %a{k} = memref.alloc(%i) : memref<?xf32>
  scf.if %c {{
    memref.store %f, %a{k}[%i] : memref<?xf32>
  }}
  %v{k} = memref.subview %a{k}[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  cf.cond_br %c, ^t{k}, ^e{k}
^t{k}:
  memref.store %f, %a{k}[%i] : memref<?xf32>
  cf.br ^j{k}
^e{k}:
  cf.br ^j{k}
^j{k}:
  memref.dealloc %a{k} : memref<?xf32>
"
        );
    }
    s.push_str("  return\n}\n");
    s
}

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed().as_secs_f64() * 1e3)
}

fn main() {
    let max: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    println!(
        "| ops | blocks | dominance ms | post-dominance ms | liveness ms | buffer origin ms | origin query ms (all allocs vs first) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let mut ops = 1_000;
    while ops <= max {
        let chunks = ops / 10;
        let text = generate(chunks);
        let mut ctx = Context::new();
        let module = match parse_module(&mut ctx, "bench.mlir", &text, &ParseOptions::default()) {
            Ok(m) => m,
            Err(_) => {
                eprintln!("generated program does not parse");
                return;
            }
        };
        let func = ctx.walk_preorder(module)[1];
        let n_ops = ctx.walk_preorder(func).len();
        let blocks: usize = ctx
            .regions(func)
            .iter()
            .map(|&r| ctx.blocks(r).count())
            .sum();
        let (dom, t_dom) = time(|| DominanceInfo::compute(&ctx, func));
        let (_post, t_post) = time(|| PostDominanceInfo::compute(&ctx, func));
        let (live, t_live) = time(|| Liveness::compute(&ctx, func));
        let (origin, t_origin) = time(|| BufferOriginAnalysis::compute(&ctx, func));
        let allocs: Vec<ir::Value> = ctx
            .walk_preorder(func)
            .into_iter()
            .filter(|&o| analysis::effects::has_effect(&ctx, o, ir::EffectKind::Allocate))
            .flat_map(|o| ctx.results(o).to_vec())
            .collect();
        let (_, t_query) = time(|| {
            allocs
                .iter()
                .filter(|&&a| {
                    origin.is_same_allocation(&ctx, a, allocs[0])
                        == analysis::alias::AliasResult::DifferentAllocation
                })
                .count()
        });
        std::hint::black_box((&dom, &live));
        println!(
            "| {n_ops} | {blocks} | {t_dom:.1} | {t_post:.1} | {t_live:.1} | {t_origin:.1} | {t_query:.1} |"
        );
        ops *= 10;
    }
}
