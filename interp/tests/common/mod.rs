//! Shared helpers of the interpreter's file tests: parse, verify and run a `.mlir` file.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use interp::{RunConfig, RunOutcome, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};

/// The `.mlir` files of `tests/<dir>`, sorted.
pub fn mlir_files(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    files.sort();
    files
}

/// Parses, verifies and runs `@main` of `path`; the file name (without directories) is the
/// file of every location.
pub fn run_file(path: &Path, cfg: &RunConfig) -> Result<RunOutcome, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut ctx = Context::new();
    let opts = ParseOptions {
        allow_unregistered: false,
    };
    let module = parse_module(&mut ctx, &name, &text, &opts)
        .map_err(|d| format!("parse error: {}", d.message))?;
    if let Err(diags) = ir::verify::verify(&ctx, module) {
        let msgs: Vec<String> = diags.into_iter().map(|d| d.message).collect();
        return Err(format!("verifier: {}", msgs.join("; ")));
    }
    Ok(run_function(&ctx, module, "main", cfg))
}

/// The values of `// NAME: value` header lines.
pub fn directives(text: &str, name: &str) -> Vec<String> {
    let prefix = format!("// {name}:");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix(&prefix).map(|v| v.trim().to_owned()))
        .collect()
}

/// Whether the file has a `// NAME` line.
pub fn has_flag(text: &str, name: &str) -> bool {
    let flag = format!("// {name}");
    text.lines().any(|l| l.trim() == flag)
}
