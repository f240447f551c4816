//! Differential check against MLIR: every chunk of
//! `tests/ownership-based-buffer-deallocation/*.mlir` that defines `@main` is transformed by our
//! pass and by `mlir-opt-22 --ownership-based-buffer-deallocation` (same options); both outputs
//! run in the interpreter. Both must be clean (no leak, double free, invalid free, use after
//! free) and print the same thing, and ours must not execute more frees, clones or runtime
//! alias checks than upstream's. Chunks upstream rejects (CFG loops, existing deallocs) are
//! counted and skipped. Without `mlir-opt-22` on `PATH` the test prints why and passes.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use dealloc::{DeallocOptions, deallocate_buffers};
use interp::report::Report;
use interp::{RunConfig, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};

const MLIR_OPT: &str = "mlir-opt-22";

fn mlir_opt_available() -> bool {
    Command::new(MLIR_OPT)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs upstream's pass on `src`; `None` when it rejects the input.
fn upstream(src: &str, options: &DeallocOptions) -> Option<String> {
    let flag = if options.private_function_dynamic_ownership {
        "--ownership-based-buffer-deallocation=private-function-dynamic-ownership=true"
    } else {
        "--ownership-based-buffer-deallocation"
    };
    let mut child = Command::new(MLIR_OPT)
        .arg(flag)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(src.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Parses `src` (optionally applying our pass) and runs `@main`.
fn run(name: &str, src: &str, ours: Option<&DeallocOptions>) -> Result<(String, Report), String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, name, src, &ParseOptions::default())
        .map_err(|d| format!("parse error: {}", d.message))?;
    if let Some(options) = ours {
        deallocate_buffers(&mut ctx, module, options).map_err(|ds| {
            let msgs: Vec<String> = ds.iter().map(|d| d.message.clone()).collect();
            format!("pass failed: {}", msgs.join("; "))
        })?;
    }
    let outcome = run_function(&ctx, module, "main", &RunConfig::default());
    if let Some(e) = &outcome.error {
        return Err(format!("run failed: {e:?}"));
    }
    Ok((outcome.stdout, outcome.report))
}

fn unclean(r: &Report) -> String {
    format!(
        "leaks {} double frees {} invalid frees {} use after free {}",
        r.leaks, r.double_frees, r.invalid_frees, r.use_after_free
    )
}

/// Compares one chunk; `Ok(None)` when upstream rejects it, else the two reports.
fn compare(
    name: &str,
    src: &str,
    options: &DeallocOptions,
) -> Result<Option<(Report, Report)>, String> {
    let Some(theirs_text) = upstream(src, options) else {
        return Ok(None);
    };
    let (our_out, ours) = run(name, src, Some(options))?;
    let (their_out, theirs) =
        run(name, &theirs_text, None).map_err(|e| format!("upstream output: {e}"))?;
    if !ours.deallocation_is_clean() {
        return Err(format!("ours not clean: {}", unclean(&ours)));
    }
    if !theirs.deallocation_is_clean() {
        return Err(format!("upstream not clean: {}", unclean(&theirs)));
    }
    if our_out != their_out {
        return Err(format!(
            "stdout differs:\nours:\n{our_out}upstream:\n{their_out}"
        ));
    }
    for (what, a, b) in [
        ("frees", ours.frees, theirs.frees),
        ("clones", ours.clones, theirs.clones),
        ("alias checks", ours.alias_checks, theirs.alias_checks),
    ] {
        if a > b {
            return Err(format!("more {what} than upstream: {a} > {b}"));
        }
    }
    Ok(Some((ours, theirs)))
}

#[test]
fn not_worse_than_upstream() {
    if !mlir_opt_available() {
        eprintln!("skipped: {MLIR_OPT} is not on PATH");
        return;
    }
    let (mut compared, mut rejected) = (0, 0);
    let mut failures = Vec::new();
    let mut table = String::new();
    for program in common::programs() {
        let (name, i) = (program.file.as_str(), program.index);
        match compare(name, &program.text, &program.options) {
            Ok(Some((ours, theirs))) => {
                compared += 1;
                table.push_str(&format!(
                    "{name}:{i:<3} frees {:>3}/{:<3} clones {:>3}/{:<3} alias checks {:>4}/{:<4}\n",
                    ours.frees,
                    theirs.frees,
                    ours.clones,
                    theirs.clones,
                    ours.alias_checks,
                    theirs.alias_checks
                ));
            }
            Ok(None) => {
                rejected += 1;
                table.push_str(&format!("{name}:{i:<3} rejected by upstream\n"));
            }
            Err(msg) => failures.push(format!("{name} chunk {i}: {msg}")),
        }
    }
    eprintln!("ours/upstream per chunk:\n{table}");
    eprintln!("{compared} chunks compared, {rejected} rejected by upstream");
    assert!(compared > 0, "no chunk compared");
    assert!(
        failures.is_empty(),
        "{} chunks failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
