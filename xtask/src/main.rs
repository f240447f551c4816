//! `cargo xtask`: project automation, one `clap` subcommand each (every one has `--help`, and
//! unknown flags are errors).
//!
//! - `test`: runs the whole test suite (`cargo test --workspace`).
//! - `bless`: rewrites the `.expected` snapshots of the file tests from our output.
//! - `fuzz`: random programs through every registered deallocation pipeline, judged by the
//!   interpreter and optionally the JIT (see `fuzz_pipeline`); with `--against-mlir-opt`, our
//!   pipeline's output against `mlir-opt-22`'s (see `fuzz_upstream`).
//! - `fuzz-parser`: mutation fuzzing of parse → verify → print → re-parse, or (with
//!   `--against-mlir-opt`) of agreement with `mlir-opt-22`.
//! - `fuzz-generic`: every registered op in generic form with random counts, through the printer
//!   and every pass; no panic (see `fuzz_generic`).
//! - `bench-parse`: parse + verify + print throughput against `mlir-opt-22`.
//! - `compare`: every deallocation strategy over a corpus, side by side, with plots (see
//!   `compare`).

mod bench;
mod clone_needs;
mod compare;
mod fuzz;
mod fuzz_differential;
mod fuzz_generic;
mod fuzz_pipeline;
mod fuzz_upstream;
mod generator;
mod plot;
mod programs;
mod rng;
mod scaling;

use std::process::Command;

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand};

/// Project automation for the dealloc workspace.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run the whole test suite (cargo test --workspace --release)
    Test,
    /// Rewrite the .expected snapshots of the file tests from our output (review the diff)
    Bless,
    /// Fuzz the deallocation pipelines with random bufferized programs
    Fuzz(fuzz_pipeline::FuzzArgs),
    /// Fuzz the text front end by mutating the test inputs
    FuzzParser(fuzz::FuzzParserArgs),
    /// Every registered op in generic form through the printer and every pass: no panic
    FuzzGeneric(fuzz_generic::FuzzGenericArgs),
    /// Parse + verify + print throughput against mlir-opt-22
    BenchParse(bench::BenchArgs),
    /// Run every deallocation strategy over programs and show what each costs
    Compare(compare::CompareArgs),
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Task::Test => cargo(&["test", "--workspace", "--release"]),
        Task::Bless => bless(),
        Task::Fuzz(args) => fuzz_pipeline::run(args),
        Task::FuzzParser(args) => fuzz::run(&args),
        Task::FuzzGeneric(args) => fuzz_generic::run(&args),
        Task::BenchParse(args) => bench::run(&args),
        Task::Compare(args) => compare::run(&args),
    }
}

fn bless() -> Result<()> {
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

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn unknown_flags_are_errors_and_help_is_not_a_run() {
        assert!(Cli::try_parse_from(["xtask", "fuzz", "--no-such-flag"]).is_err());
        let help = Cli::try_parse_from(["xtask", "fuzz", "--help"])
            .err()
            .unwrap();
        assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
        let help = Cli::try_parse_from(["xtask", "--help"]).err().unwrap();
        assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
    }
}
