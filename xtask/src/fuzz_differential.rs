//! `cargo xtask fuzz-parser --against-mlir-opt`: differential mutation fuzzing of the text front
//! end against `mlir-opt-22`.
//!
//! Inputs are the mutated test chunks of [`crate::fuzz`]. Each is given, with no passes and
//! `--allow-unregistered-dialect`, to `dealloc-opt` (in process) and to `mlir-opt-22` (a child
//! process). They must agree:
//! - on acceptance (both print, or both fail);
//! - when both accept, on the printed text, byte for byte;
//! - when both fail, on the first line of the error (location and message).
//!
//! Disagreements are counted by kind and saved under `target/fuzz-disagreements/` with both
//! outputs in a header comment. Inputs on which `mlir-opt-22` crashes or times out, and inputs
//! that mention the MLIR-HLO
//! `deallocation` dialect (which it lacks), are skipped (counted apart).

use std::path::Path;
use std::time::{Duration, Instant};

use crate::rng::Rng;

/// How the two tools compared on one input.
enum Verdict {
    Agree,
    /// `mlir-opt-22` crashed or hung.
    Skipped,
    Disagree {
        kind: &'static str,
        detail: String,
    },
}

/// Counts of one run.
#[derive(Default)]
pub struct DiffStats {
    pub inputs: u64,
    pub agreed: u64,
    pub skipped: u64,
    pub disagreements: Vec<(&'static str, u64)>,
}

impl DiffStats {
    fn count(&mut self, kind: &'static str) {
        match self.disagreements.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => self.disagreements.push((kind, 1)),
        }
    }

    /// The number of inputs on which the tools disagreed.
    pub fn total_disagreements(&self) -> u64 {
        self.disagreements.iter().map(|(_, n)| n).sum()
    }
}

/// Runs the differential loop for `budget`.
pub fn differential_loop(seeds: &[String], seed: u64, budget: Duration) -> DiffStats {
    let mut rng = Rng::new(seed);
    let mut stats = DiffStats::default();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-disagreements");
    let start = Instant::now();
    while start.elapsed() < budget {
        let input = crate::fuzz::mutate(&mut rng, seeds);
        stats.inputs += 1;
        match compare(&input) {
            Verdict::Agree => stats.agreed += 1,
            Verdict::Skipped => stats.skipped += 1,
            Verdict::Disagree { kind, detail } => {
                stats.count(kind);
                let _ = std::fs::create_dir_all(&dir);
                let commented: String = detail.lines().map(|l| format!("// {l}\n")).collect();
                let file = dir.join(format!("{kind}-{}.mlir", stats.inputs));
                let _ = std::fs::write(file, format!("{commented}{input}"));
            }
        }
    }
    stats
}

fn compare(input: &str) -> Verdict {
    if input.contains("deallocation") {
        // MLIR-HLO's dialect, which mlir-opt-22 does not have.
        return Verdict::Skipped;
    }
    let flags = ["--allow-unregistered-dialect".to_string(), "-".to_string()];
    let Some((their_ok, their_out, their_err)) = run_mlir_opt(input) else {
        return Verdict::Skipped;
    };
    let ours = pipeline::driver::run_captured(&flags, Some(input));
    let first = |s: &str| s.lines().next().unwrap_or_default().to_string();
    match (their_ok, ours.code == 0) {
        (true, true) if their_out == ours.stdout => Verdict::Agree,
        (true, true) => Verdict::Disagree {
            kind: "print",
            detail: format!(
                "mlir-opt-22 prints:\n{their_out}\nwe print:\n{}",
                ours.stdout
            ),
        },
        (true, false) => Verdict::Disagree {
            kind: "we-reject",
            detail: format!("we reject: {}", first(&ours.stderr)),
        },
        (false, true) => Verdict::Disagree {
            kind: "we-accept",
            detail: format!("mlir-opt-22 rejects: {}", first(&their_err)),
        },
        (false, false) if first(&their_err) == first(&ours.stderr) => Verdict::Agree,
        (false, false) => Verdict::Disagree {
            kind: "message",
            detail: format!(
                "mlir-opt-22: {}\nwe:          {}",
                first(&their_err),
                first(&ours.stderr)
            ),
        },
    }
}

/// `mlir-opt-22 --allow-unregistered-dialect -` on `input`: (success, stdout, stderr), or `None`
/// if it crashed (killed by a signal) or ran over 10 seconds.
fn run_mlir_opt(input: &str) -> Option<(bool, String, String)> {
    let flags = ["--allow-unregistered-dialect".to_string()];
    let out = interp::jit::mlir_opt_on_stdin_within(&flags, input, Duration::from_secs(10)).ok()?;
    out.status.code()?;
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}
