//! Every pass that reports "no change" must leave the IR exactly as it was.
//!
//! The pass manager skips the verifier after a pass that reports no change (as MLIR skips it
//! when a pass preserves all analyses), and `--mlir-print-ir-after-change` prints nothing for
//! it, so a pass that changes the IR while reporting no change would hide invalid IR. This
//! test runs every registered pass and pipeline on every chunk of every `.mlir` file test and
//! checks that when no "IR Dump After" appears, the printed module is the input's print.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// The test chunks: every `// -----` chunk of every `.mlir` file under `tests/` whose input
/// prints without error (chunks that test diagnostics are skipped by that).
fn chunks() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut out = Vec::new();
    for entry in WalkDir::new(&root).sort_by_file_name() {
        let entry = entry.expect("walk tests/");
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "mlir")
            || path.components().any(|c| c.as_os_str() == "pending")
        {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("read test file");
        for chunk in text.split("\n// -----\n") {
            if !chunk.contains("expected-error") {
                out.push((path.to_path_buf(), chunk.to_string()));
            }
        }
    }
    out
}

fn run(args: &[&str], input: &str) -> pipeline::driver::Captured {
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push("--allow-unregistered-dialect".into());
    args.push("-".into());
    pipeline::driver::run_captured(&args, Some(input))
}

#[test]
fn passes_that_report_no_change_change_nothing() {
    let passes: Vec<&str> = pipeline::pass::registry()
        .iter()
        .map(|p| p.name())
        .filter(|name| !name.starts_with("test-"))
        .collect();
    let mut checked = 0;
    let mut unchanged = 0;
    for (path, chunk) in chunks() {
        let baseline = run(&[], &chunk);
        if baseline.code != 0 {
            continue;
        }
        for pass in &passes {
            let flag = format!("--{pass}");
            let out = run(
                &[
                    &flag,
                    "--mlir-print-ir-after-all",
                    "--mlir-print-ir-after-change",
                ],
                &chunk,
            );
            checked += 1;
            if out.code != 0 || out.stderr.contains("IR Dump After") {
                continue;
            }
            unchanged += 1;
            assert_eq!(
                out.stdout,
                baseline.stdout,
                "{pass} reported no change but changed a chunk of {}",
                path.display()
            );
        }
    }
    assert!(
        checked > 1000 && unchanged > 100,
        "too few runs: {checked} checked, {unchanged} unchanged"
    );
}
