//! The `cargo xtask` command line: `compare examples/` works on a machine without the MLIR
//! tools (they are skipped with a note), `--help` of every subcommand describes instead of
//! running, and unknown flags are errors.

use std::path::Path;
use std::process::{Command, Output};

fn xtask(args: &[&str], path: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .env("PATH", path)
        .output()
        .expect("xtask runs")
}

#[test]
fn compare_examples_without_the_mlir_tools() {
    let empty = std::env::temp_dir().join(format!("xtask-no-tools-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("temp dir");
    let out = xtask(
        &["compare", "--format", "json"],
        empty.to_str().expect("utf-8 path"),
    );
    let _ = std::fs::remove_dir(&empty);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let notes = value["notes"].to_string();
    assert!(notes.contains("'mlir-opt-22' is not installed"), "{notes}");
    let rows = value["rows"].as_array().expect("rows");
    let ownership: Vec<&serde_json::Value> = rows
        .iter()
        .filter(|r| r["strategy"] == "ownership")
        .collect();
    assert!(ownership.len() >= 8, "{rows:?}");
    assert!(
        ownership.iter().all(|r| r["verdict"] == "ok"),
        "{ownership:?}"
    );
    assert!(rows.iter().all(|r| r["strategy"] != "mlir-opt-22"));
}

#[test]
fn help_describes_and_unknown_flags_fail() {
    let path = std::env::var("PATH").unwrap_or_default();
    let out = xtask(&["--help"], &path);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let subcommands = subcommands_of(&help);
    assert!(subcommands.len() >= 7, "{help}");
    for subcommand in &subcommands {
        let out = xtask(&[subcommand, "--help"], &path);
        assert!(out.status.success(), "{subcommand} --help");
        let usage = format!("Usage: cargo xtask {subcommand}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(&usage),
            "{subcommand} --help"
        );
        let out = xtask(&[subcommand, "--no-such-flag"], &path);
        assert_eq!(out.status.code(), Some(2), "{subcommand} --no-such-flag");
        assert!(String::from_utf8_lossy(&out.stderr).contains("unexpected argument"));
    }
}

/// The subcommands `cargo xtask --help` lists (its `Commands:` section, `help` aside).
fn subcommands_of(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}
