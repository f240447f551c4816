//! File tests of the interpreter.
//!
//! - `tests/programs/*.mlir`: correct programs. Each must run to completion, print exactly
//!   `NAME.mlir.out` (the output of `mlir-runner-22` on the same program; regenerate from the
//!   interpreter with `BLESS=1`) and end with a clean heap (no error of any kind), unless the
//!   file says `// EXPECT-LEAKS`.
//! - `tests/faulty/*.mlir`: programs with one bug each. Header lines say what must be reported,
//!   one line per report, and nothing else may be:
//!   `// EXPECT: <kind> <line>:<col> [site <line>:<col>]` for a heap error,
//!   `// WARN: <kind> <line>:<col> [site <line>:<col>]` for a heap warning, and
//!   `// FATAL: <RunErrorKind> <line>:<col>` for an error that ends the run. An `EXPECT` or
//!   `WARN` line ending with `times N` stands for `N` reports of that description (the leaks of a
//!   loop's allocation, one per trip).

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

/// Pairs each `directive` line of `text` with a distinct report of `found` it describes (with
/// `N` distinct ones when the line ends with `times N`), and
/// notes in `problems` each line no report answers and each report no line describes: a
/// faulty program must be reported exactly as its header says, nothing missing, nothing more.
fn match_exactly(
    path: &Path,
    text: &str,
    directive: &str,
    what: &str,
    found: &[HeapError],
    problems: &mut Vec<String>,
) {
    let mut used = vec![false; found.len()];
    for spec in common::directives(text, directive) {
        let mut words: Vec<&str> = spec.split_whitespace().collect();
        let times = match words.as_slice() {
            [.., "times", n] => match n.parse::<usize>() {
                Ok(n) => {
                    words.truncate(words.len() - 2);
                    n
                }
                Err(_) => {
                    problems.push(format!("bad count in `{spec}`"));
                    continue;
                }
            },
            _ => 1,
        };
        for _ in 0..times {
            let answer = (0..found.len()).find(|&i| !used[i] && matches(path, &found[i], &words));
            match answer {
                Some(i) => used[i] = true,
                None => {
                    problems.push(format!("missing {what} `{spec}`"));
                    break;
                }
            }
        }
    }
    for (e, &u) in found.iter().zip(&used) {
        if u {
            continue;
        }
        problems.push(format!("unexpected {what}: {e}"));
    }
}

fn check_faulty(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let out: RunOutcome = common::run_file(path, &config(&text))?;
    let mut problems = Vec::new();
    match_exactly(
        path,
        &text,
        "EXPECT",
        "error",
        &out.report.errors,
        &mut problems,
    );
    match_exactly(
        path,
        &text,
        "WARN",
        "warning",
        &out.report.warnings,
        &mut problems,
    );
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
