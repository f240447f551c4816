//! `cargo xtask compare --scaling MAX_OPS`: transform time against program size, per strategy.
//!
//! The benchmark programs of [`crate::programs`] (the shapes `cargo xtask bench-parse` uses) are
//! generated at 1k, 4k, 16k... ops up to `MAX_OPS`, and every strategy that is a pipeline of
//! registered passes transforms each (parse and verify excluded from the time). External
//! commands are left out: their time is dominated by process start and parsing.

use std::time::Instant;

use ir::Context;
use ir::asm::{ParseOptions, parse_module};
use pipeline::compare::{Prepared, Strategy};
use pipeline::manager::RunLog;

use crate::programs::{SHAPES, generate};

/// One measurement.
pub struct Point {
    /// The strategy's name.
    pub strategy: String,
    /// The program shape.
    pub shape: &'static str,
    /// The program's size in ops (as asked of the generator).
    pub ops: usize,
    /// Transform time, or `None` when the strategy failed on the program.
    pub millis: Option<f64>,
}

/// Measures every pipeline strategy on every shape and size up to `max_ops`.
pub fn measure(strategies: &[Strategy], max_ops: usize) -> Vec<Point> {
    let ready: Vec<(&Strategy, Prepared)> = strategies
        .iter()
        .filter_map(|s| match s.prepare() {
            Ok(p @ Prepared::Passes(_)) => Some((s, p)),
            _ => None,
        })
        .collect();
    let mut points = Vec::new();
    for shape in SHAPES {
        let mut ops = 1000;
        while ops <= max_ops {
            let text = generate(shape, ops);
            for (strategy, prepared) in &ready {
                points.push(Point {
                    strategy: strategy.name.clone(),
                    shape,
                    ops,
                    millis: time_once(prepared, &text),
                });
            }
            ops *= 4;
        }
    }
    points
}

fn time_once(prepared: &Prepared, text: &str) -> Option<f64> {
    let Prepared::Passes(manager) = prepared else {
        return None;
    };
    let mut ctx = Context::new();
    // As `dealloc-opt` does, so that the time is the tool's.
    manager.reserve_for(&mut ctx, text.len());
    let module = parse_module(&mut ctx, "bench", text, &ParseOptions::default()).ok()?;
    let start = Instant::now();
    manager.run(&mut ctx, module, &mut RunLog::default()).ok()?;
    Some(start.elapsed().as_secs_f64() * 1e3)
}

/// The measurements as a Markdown table: one row per shape and size, one column per strategy.
pub fn markdown(points: &[Point]) -> String {
    let mut strategies: Vec<&str> = Vec::new();
    for p in points {
        if !strategies.contains(&p.strategy.as_str()) {
            strategies.push(&p.strategy);
        }
    }
    let mut out = format!("| shape | ops | {} |\n", strategies.join(" ms | ") + " ms");
    out.push_str(&format!("|---|---:|{}\n", "---:|".repeat(strategies.len())));
    let mut rows: Vec<(&str, usize)> = points.iter().map(|p| (p.shape, p.ops)).collect();
    rows.dedup();
    for (shape, ops) in rows {
        let cells: Vec<String> = strategies
            .iter()
            .map(|s| {
                points
                    .iter()
                    .find(|p| p.shape == shape && p.ops == ops && p.strategy == *s)
                    .and_then(|p| p.millis)
                    .map_or_else(|| "failed".to_string(), |ms| format!("{ms:.1}"))
            })
            .collect();
        out.push_str(&format!("| {shape} | {ops} | {} |\n", cells.join(" | ")));
    }
    out
}
