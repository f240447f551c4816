//! `cargo xtask`: project automation.
//!
//! - `test`: runs the whole test suite (`cargo test --workspace`).
//! - `bless`: rewrites the `.expected` snapshots of the file tests from our output.
//! - `fuzz [--count N] [--seed S] [--pipeline NAME] [--jit]`: random programs through the deallocation
//!   pipelines, judged by the interpreter (see `fuzz_pipeline`); with `--against-mlir-opt`,
//!   our pipeline's output against `mlir-opt-22`'s (see `fuzz_upstream`).
//! - `fuzz-parser [--seconds N] [--seed S] [--against-mlir-opt]`: mutation fuzzing of parse →
//!   verify → print → re-parse, or (with the flag) of agreement with `mlir-opt-22`.
//! - `fuzz-generic [--count N] [--seed S]`: every registered op in generic form with random
//!   counts, through the printer and every pass; no panic (see `fuzz_generic`).
//! - `bench-parse [--max-ops N]`: parse + verify + print throughput against `mlir-opt-22`.

mod bench;
mod fuzz;
mod fuzz_differential;
mod fuzz_generic;
mod fuzz_pipeline;
mod fuzz_upstream;
mod generator;
mod programs;
mod rng;

use std::process::Command;

use anyhow::{Context as _, Result, bail};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        bail!("usage: cargo xtask <test|bless|fuzz|fuzz-parser|bench-parse> [options]");
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "test" => cargo(&["test", "--workspace", "--release"]),
        "bless" => {
            let status = Command::new("cargo")
                .args(["test", "--release", "-p", "pipeline", "--test", "filetests"])
                .env("DEALLOC_BLESS", "1")
                .status()
                .context("running cargo")?;
            if !status.success() {
                eprintln!("note: some tests still fail after blessing; review the diff");
            }
            Ok(())
        }
        "fuzz-parser" => fuzz::run(rest),
        "fuzz" => fuzz_pipeline::run(rest),
        "fuzz-generic" => fuzz_generic::run(rest),
        "bench-parse" => bench::run(rest),
        other => bail!("unknown xtask command '{other}'"),
    }
}

fn cargo(args: &[&str]) -> Result<()> {
    let status = Command::new("cargo")
        .args(args)
        .status()
        .context("running cargo")?;
    if !status.success() {
        bail!("cargo {} failed", args.join(" "));
    }
    Ok(())
}

/// Reads `--name value` from an argument list.
fn flag_value(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}
