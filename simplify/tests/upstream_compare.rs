//! Differential comparison of our `buffer-deallocation-pipeline` with `mlir-opt-22`'s.
//!
//! For every test program under `tests/buffer-deallocation-pipeline/` and
//! `tests/ownership-based-buffer-deallocation/` (chunk by chunk), both pipelines transform
//! the input, the interpreter runs `@main` of both outputs, and a table compares what the
//! outputs cost at runtime (frees, clones, calls of the dealloc helper, alias checks) and
//! statically (ops). Helper calls are the `func.call`s executed beyond those of the input
//! program (the pipeline adds no other call).
//!
//! Asserted: both outputs run clean with the input's printed output (except upstream's on a
//! chunk marked `// UPSTREAM-DIFFERS: <why>`, where `mlir-opt-22` miscompiles: that is noted,
//! and the chunk left out of the table; a marked chunk whose upstream output runs clean fails,
//! since its marker no longer shows a defect), and across the set our
//! frees, clones, helper calls and alias checks are no higher than upstream's and our static
//! op count is within 10% of theirs. Skipped (with a message) when `mlir-opt-22` is not on
//! `PATH`. Run with `--nocapture` to see the table.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use interp::{RunConfig, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};
use pipeline::driver::{run_captured, split_chunks};

/// What one run of one chunk's output measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Metrics {
    frees: u64,
    clones: u64,
    calls: u64,
    alias_checks: u64,
    static_ops: u64,
}

impl std::ops::AddAssign for Metrics {
    fn add_assign(&mut self, o: Metrics) {
        self.frees += o.frees;
        self.clones += o.clones;
        self.calls += o.calls;
        self.alias_checks += o.alias_checks;
        self.static_ops += o.static_ops;
    }
}

/// A run of a module's `@main`: printed output, whether it was clean, and its metrics.
struct Run {
    stdout: String,
    clean: bool,
    verdict: String,
    metrics: Metrics,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn have_mlir_opt() -> bool {
    Command::new("mlir-opt-22")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Parses one chunk and runs its `@main`; `None` when the chunk has no `@main`.
fn run_chunk(text: &str) -> Result<Option<Run>, String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "chunk", text, &ParseOptions::default())
        .map_err(|d| format!("parse error: {}", d.message))?;
    if !pipeline::run::has_void_entry(&ctx, module, "main") {
        return Ok(None);
    }
    let static_ops = ctx.walk_preorder(module).len() as u64 - 1;
    let outcome = run_function(&ctx, module, "main", &RunConfig::default());
    let report = &outcome.report;
    let metrics = Metrics {
        frees: report.frees,
        clones: report.clones,
        calls: report.ops_executed.get("func.call").copied().unwrap_or(0),
        alias_checks: report.alias_checks,
        static_ops,
    };
    Ok(Some(Run {
        clean: outcome.is_success(),
        verdict: outcome.to_table("main"),
        stdout: outcome.stdout,
        metrics,
    }))
}

/// The pipeline flag of a test file's RUN line.
fn pipeline_flag(text: &str) -> String {
    if text
        .lines()
        .next()
        .is_some_and(|l| l.contains("private-function-dynamic-ownership=true"))
    {
        "--buffer-deallocation-pipeline=private-function-dynamic-ownership=true".into()
    } else {
        "--buffer-deallocation-pipeline".into()
    }
}

/// `mlir-opt-22 FLAG` on one chunk (from stdin); its stderr's first line on failure.
fn upstream_output(chunk: &str, flag: &str) -> Result<String, String> {
    let out =
        interp::jit::mlir_opt_on_stdin(&[flag.to_string()], chunk).map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(first_error(&String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Our pipeline on one chunk, in-process.
fn our_output(chunk: &str, flag: &str) -> Result<String, String> {
    let args: Vec<String> = vec!["-".into(), flag.to_string()];
    let cap = run_captured(&args, Some(chunk));
    if cap.code != 0 {
        return Err(first_error(&cap.stderr));
    }
    Ok(cap.stdout)
}

fn first_error(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.contains("error"))
        .unwrap_or("failed")
        .to_string()
}

fn chunks(text: &str) -> Vec<String> {
    split_chunks(text)
        .into_iter()
        .map(|(_, c)| c.to_string())
        .collect()
}

/// One table row.
struct Row {
    name: String,
    ours: Metrics,
    theirs: Metrics,
}

/// Compares one file chunk by chunk; pushes rows, notes and failures.
fn compare_file(
    path: &Path,
    rows: &mut Vec<Row>,
    notes: &mut Vec<String>,
    failures: &mut Vec<String>,
) {
    let Ok(text) = std::fs::read_to_string(path) else {
        failures.push(format!("{}: unreadable", path.display()));
        return;
    };
    let flag = pipeline_flag(&text);
    let rel = path
        .strip_prefix(workspace_root().join("tests"))
        .unwrap_or(path)
        .display()
        .to_string();
    for (k, input) in chunks(&text).iter().enumerate() {
        let name = format!("{rel}#{k}");
        let Ok(Some(input_run)) = run_chunk(input) else {
            continue;
        };
        let our = match our_output(input, &flag).and_then(|o| run_chunk(&o)) {
            Ok(Some(run)) => run,
            other => {
                failures.push(format!("{name}: ours could not run: {:?}", other.err()));
                continue;
            }
        };
        check_run(&name, "ours", &our, &input_run, failures);
        let their = match upstream_output(input, &flag).and_then(|o| run_chunk(&o)) {
            Ok(Some(run)) => run,
            Ok(None) => continue,
            Err(e) => {
                notes.push(format!("{name}: upstream rejects the program: {e}"));
                continue;
            }
        };
        let mut wrong = Vec::new();
        check_run(&name, "upstream", &their, &input_run, &mut wrong);
        let marked = input.contains("UPSTREAM-DIFFERS:");
        if wrong.is_empty() && marked {
            failures.push(format!(
                "{name}: marked UPSTREAM-DIFFERS, but upstream's output runs clean and prints \
                 what the input prints; check whether the marker is stale"
            ));
        }
        if !wrong.is_empty() && marked {
            notes.extend(
                wrong
                    .into_iter()
                    .map(|w| format!("known upstream defect: {w}")),
            );
            continue;
        }
        failures.extend(wrong);
        let helper_calls = |m: Metrics| Metrics {
            calls: m.calls.saturating_sub(input_run.metrics.calls),
            ..m
        };
        rows.push(Row {
            name,
            ours: helper_calls(our.metrics),
            theirs: helper_calls(their.metrics),
        });
    }
}

/// A transformed program must run clean and print what the input prints.
fn check_run(name: &str, who: &str, run: &Run, input: &Run, failures: &mut Vec<String>) {
    if !run.clean {
        failures.push(format!("{name}: {who} not clean:\n{}", run.verdict));
    }
    if run.stdout != input.stdout {
        failures.push(format!(
            "{name}: {who} prints {:?}, the input prints {:?}",
            run.stdout, input.stdout
        ));
    }
}

fn render(rows: &[Row]) -> (String, Metrics, Metrics) {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<64} {:>13} {:>9} {:>9} {:>9} {:>11}",
        "chunk (ours/upstream)", "frees", "clones", "helpers", "alias", "static ops"
    );
    let mut total_ours = Metrics::default();
    let mut total_theirs = Metrics::default();
    let line = |out: &mut String, name: &str, o: Metrics, t: Metrics| {
        let mark = if o.frees > t.frees
            || o.clones > t.clones
            || o.calls > t.calls
            || o.alias_checks > t.alias_checks
        {
            " <-- worse"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{name:<64} {:>13} {:>9} {:>9} {:>9} {:>11}{mark}",
            format!("{}/{}", o.frees, t.frees),
            format!("{}/{}", o.clones, t.clones),
            format!("{}/{}", o.calls, t.calls),
            format!("{}/{}", o.alias_checks, t.alias_checks),
            format!("{}/{}", o.static_ops, t.static_ops),
        );
    };
    for row in rows {
        line(&mut out, &row.name, row.ours, row.theirs);
        total_ours += row.ours;
        total_theirs += row.theirs;
    }
    line(&mut out, "TOTAL", total_ours, total_theirs);
    (out, total_ours, total_theirs)
}

#[test]
fn pipeline_matches_or_beats_mlir_opt() {
    if !have_mlir_opt() {
        eprintln!("skipped: mlir-opt-22 is not on PATH");
        return;
    }
    let root = workspace_root().join("tests");
    let mut files: Vec<PathBuf> = [
        "buffer-deallocation-pipeline",
        "ownership-based-buffer-deallocation",
    ]
    .iter()
    .flat_map(|dir| std::fs::read_dir(root.join(dir)).into_iter().flatten())
    .filter_map(|e| e.ok().map(|e| e.path()))
    .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
    .filter(|p| !p.ends_with("invalid.mlir"))
    .collect();
    files.sort();
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    for file in &files {
        compare_file(file, &mut rows, &mut notes, &mut failures);
    }
    for note in &notes {
        println!("note: {note}");
    }
    let (table, ours, theirs) = render(&rows);
    println!("{table}");
    let ratio = ours.static_ops as f64 / theirs.static_ops.max(1) as f64;
    println!("static op ratio ours/upstream: {ratio:.3}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ours.frees <= theirs.frees, "more frees than upstream");
    assert!(ours.clones <= theirs.clones, "more clones than upstream");
    assert!(
        ours.calls <= theirs.calls,
        "more helper calls than upstream"
    );
    assert!(
        ours.alias_checks <= theirs.alias_checks,
        "more alias checks than upstream"
    );
    assert!(ratio <= 1.10, "static op count {ratio:.3}x upstream's");
}
