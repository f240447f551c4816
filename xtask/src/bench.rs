//! `cargo xtask bench-parse`: parse + verify + print throughput, side by side with `mlir-opt-22`.
//!
//! Generates each shape at sizes 1k, 4k, ... up to `--max-ops` (default 1M), runs
//! `dealloc-opt FILE -o /dev/null` and `mlir-opt-22 FILE -o /dev/null` under `/usr/bin/time`
//! (wall seconds and peak RSS), and prints a markdown table. `mlir-opt-22` runs are skipped
//! above `--mlir-max-ops` (default 256k) to keep the run short.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context as _, Result};

use crate::programs;

/// `cargo xtask bench-parse`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// The largest program, in ops
    #[arg(long, default_value_t = 1 << 20)]
    max_ops: usize,
    /// The largest program given to mlir-opt-22, in ops
    #[arg(long, default_value_t = 1 << 18)]
    mlir_max_ops: usize,
}

/// Runs the benchmark.
pub fn run(args: &BenchArgs) -> Result<()> {
    let (max_ops, mlir_max) = (args.max_ops, args.mlir_max_ops);
    let status = Command::new("cargo")
        .args([
            "build",
            "--release",
            "-p",
            "pipeline",
            "--bin",
            "dealloc-opt",
        ])
        .status()?;
    anyhow::ensure!(status.success(), "build failed");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let ours = target.join("release/dealloc-opt");
    let dir = std::env::temp_dir().join("dealloc-bench");
    std::fs::create_dir_all(&dir)?;
    let have_mlir = Command::new("mlir-opt-22")
        .arg("--version")
        .output()
        .is_ok();
    println!(
        "| shape | ops | dealloc-opt s | us/op | RSS MB | mlir-opt-22 s | us/op | RSS MB | speedup |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for shape in programs::SHAPES {
        let mut n = 1000;
        while n <= max_ops {
            let text = programs::generate(shape, n);
            let ops = programs::count_ops(&text);
            let file = dir.join(format!("{shape}-{n}.mlir"));
            std::fs::write(&file, &text)?;
            let (t_ours, m_ours) = time_it(&ours, &file)?;
            let theirs = if have_mlir && n <= mlir_max {
                Some(time_it(Path::new("mlir-opt-22"), &file)?)
            } else {
                None
            };
            let per = |t: f64| t * 1e6 / ops as f64;
            match theirs {
                Some((t, m)) => println!(
                    "| {shape} | {ops} | {t_ours:.3} | {:.2} | {:.0} | {t:.3} | {:.2} | {:.0} | {:.1}x |",
                    per(t_ours),
                    m_ours,
                    per(t),
                    m,
                    t / t_ours.max(1e-9)
                ),
                None => println!(
                    "| {shape} | {ops} | {t_ours:.3} | {:.2} | {:.0} | - | - | - | - |",
                    per(t_ours),
                    m_ours
                ),
            }
            n *= 4;
        }
    }
    Ok(())
}

/// Best-of-three wall seconds and the peak RSS in MB of `bin FILE -o /dev/null`.
fn time_it(bin: &Path, file: &PathBuf) -> Result<(f64, f64)> {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = std::time::Instant::now();
        let status = Command::new(bin)
            .arg(file)
            .args(["-o", "/dev/null"])
            .status()
            .with_context(|| format!("running {}", bin.display()))?;
        anyhow::ensure!(
            status.success(),
            "{} failed on {}",
            bin.display(),
            file.display()
        );
        best = best.min(start.elapsed().as_secs_f64());
    }
    let (_, rss) = rss_of(bin, file)?;
    Ok((best, rss))
}

/// Wall seconds (10 ms resolution) and peak RSS in MB of one run, from `/usr/bin/time`.
fn rss_of(bin: &Path, file: &PathBuf) -> Result<(f64, f64)> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%e %M"])
        .arg(bin)
        .arg(file)
        .args(["-o", "/dev/null"])
        .output()
        .context("running /usr/bin/time")?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    anyhow::ensure!(out.status.success(), "{} failed: {stderr}", bin.display());
    let last = stderr.lines().last().unwrap_or("");
    let mut it = last.split_whitespace();
    let secs: f64 = it.next().and_then(|s| s.parse().ok()).unwrap_or(0.0);
    let kb: f64 = it.next().and_then(|s| s.parse().ok()).unwrap_or(0.0);
    Ok((secs, kb / 1024.0))
}
