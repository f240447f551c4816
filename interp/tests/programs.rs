//! File tests of the interpreter.
//!
//! - `tests/programs/*.mlir`: correct programs. Each must run to completion, print exactly
//!   `NAME.mlir.out` (the output of `mlir-runner-22` on the same program; regenerate from the
//!   interpreter with `BLESS=1`) and end with a clean heap (no error of any kind), unless the
//!   file says `// EXPECT-LEAKS`.
//! - `tests/faulty/*.mlir`: programs with one bug each. Header lines say what must be reported:
//!   `// EXPECT: <kind> <line>:<col> [site <line>:<col>]` for a heap error,
//!   `// WARN: <kind> <line>:<col> [site <line>:<col>]` for a heap warning, and
//!   `// FATAL: <RunErrorKind> <line>:<col>` for an error that ends the run.

mod common;

use std::path::Path;

use interp::report::HeapError;
use interp::{RunConfig, RunOutcome};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for path in common::mlir_files("programs") {
        let name = format!(
            "programs::{}",
            path.file_stem().unwrap_or_default().to_string_lossy()
        );
        trials.push(Trial::test(name, move || check_program(&path)));
    }
    for path in common::mlir_files("faulty") {
        let name = format!(
            "faulty::{}",
            path.file_stem().unwrap_or_default().to_string_lossy()
        );
        trials.push(Trial::test(name, move || check_faulty(&path)));
    }
    libtest_mimic::run(&args, trials).exit();
}

fn config(text: &str) -> RunConfig {
    let mut cfg = RunConfig::default();
    for v in common::directives(text, "MAX-STEPS") {
        cfg.max_steps = v.parse().unwrap_or(cfg.max_steps);
    }
    for v in common::directives(text, "MAX-DEPTH") {
        cfg.max_call_depth = v.parse().unwrap_or(cfg.max_call_depth);
    }
    for v in common::directives(text, "MAX-BYTES") {
        cfg.max_live_bytes = v.parse().unwrap_or(cfg.max_live_bytes);
    }
    cfg
}

fn check_program(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let out = common::run_file(path, &config(&text))?;
    if let Some(e) = &out.error {
        return Err(format!("run failed: {e}\nstdout so far:\n{}", out.stdout).into());
    }
    if !common::has_flag(&text, "EXPECT-LEAKS") && !out.report.has_no_errors() {
        return Err(format!("heap errors:\n{}", out.report.to_table()).into());
    }
    let expected_path = path.with_extension("mlir.out");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&expected_path, &out.stdout).map_err(|e| e.to_string())?;
    }
    let expected = std::fs::read_to_string(&expected_path)
        .map_err(|e| format!("{}: {e}", expected_path.display()))?;
    if expected != out.stdout {
        return Err(format!(
            "stdout differs\n--- expected\n{expected}\n--- got\n{}",
            out.stdout
        )
        .into());
    }
    Ok(())
}

/// `file:L:C` for a `L:C` directive.
fn at(path: &Path, pos: &str) -> String {
    format!(
        "{}:{pos}",
        path.file_name().unwrap_or_default().to_string_lossy()
    )
}

fn matches(path: &Path, e: &HeapError, spec: &[&str]) -> bool {
    let kind_ok = spec.first().is_some_and(|k| e.kind.name() == *k);
    let loc_ok = spec
        .get(1)
        .is_none_or(|l| e.location.as_deref() == Some(at(path, l).as_str()));
    let site_ok = match (spec.get(2), spec.get(3)) {
        (Some(&"site"), Some(s)) => e.alloc_site.as_deref() == Some(at(path, s).as_str()),
        _ => true,
    };
    kind_ok && loc_ok && site_ok
}

fn check_faulty(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let out: RunOutcome = common::run_file(path, &config(&text))?;
    let mut problems = Vec::new();
    for spec in common::directives(&text, "EXPECT") {
        let words: Vec<&str> = spec.split_whitespace().collect();
        if !out.report.errors.iter().any(|e| matches(path, e, &words)) {
            problems.push(format!("missing error `{spec}`"));
        }
    }
    for spec in common::directives(&text, "WARN") {
        let words: Vec<&str> = spec.split_whitespace().collect();
        if !out.report.warnings.iter().any(|e| matches(path, e, &words)) {
            problems.push(format!("missing warning `{spec}`"));
        }
    }
    let fatal = common::directives(&text, "FATAL");
    match (fatal.first(), &out.error) {
        (Some(spec), Some(e)) => {
            let words: Vec<&str> = spec.split_whitespace().collect();
            let kind_ok = words.first().is_some_and(|k| format!("{:?}", e.kind) == *k);
            let loc_ok = words
                .get(1)
                .is_none_or(|l| e.location.as_deref() == Some(at(path, l).as_str()));
            if !kind_ok || !loc_ok {
                problems.push(format!("expected fatal `{spec}`, got {:?} {e}", e.kind));
            }
        }
        (Some(spec), None) => problems.push(format!("expected fatal `{spec}`, run completed")),
        (None, Some(e)) => problems.push(format!("unexpected fatal error: {e}")),
        (None, None) => {}
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\nreport:\n{}\nfatal: {:?}",
            problems.join("\n"),
            out.report.to_table(),
            out.error
        )
        .into())
    }
}
