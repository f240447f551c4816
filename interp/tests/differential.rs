//! Differential check against the real MLIR: every program of `tests/programs` (except those
//! marked `// NO-DIFFERENTIAL`, which use ops `mlir-opt-22` cannot lower) is lowered to LLVM
//! with `mlir-opt-22` and run with `mlir-runner-22` ([`interp::jit`]); its stdout must equal
//! the interpreter's, byte for byte (the addresses `printMemref*` prints aside). Skipped, with a
//! message naming what is missing, when the tools are not installed (CI installs
//! `mlir-22-tools`).

mod common;

use std::path::{Path, PathBuf};

use interp::RunConfig;
use interp::jit::{Jit, mask_addresses};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let jit = Jit::new()
        .map_err(|why| {
            eprintln!(
                "differential: SKIPPED, {why} (install the Debian/Ubuntu package mlir-22-tools, \
                 which brings libmlir-22 with it)"
            )
        })
        .ok();
    let available = jit.is_some();
    let trials = common::mlir_files("programs")
        .into_iter()
        .map(|path: PathBuf| {
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let ignored = !available || common::has_flag(&text, "NO-DIFFERENTIAL");
            let jit = jit.clone();
            Trial::test(name, move || match &jit {
                Some(jit) => check(jit, &path),
                None => Ok(()),
            })
            .with_ignored_flag(ignored)
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn check(jit: &Jit, path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let expected = jit.run(&text, "main").map_err(|e| e.to_string())?.stdout;
    let out = common::run_file(path, &RunConfig::default())?;
    if let Some(e) = out.error {
        return Err(format!("interpreter failed: {e}").into());
    }
    if mask_addresses(&expected) != mask_addresses(&out.stdout) {
        return Err(format!(
            "stdout differs\n--- mlir-runner-22\n{expected}\n--- interpreter\n{}",
            out.stdout
        )
        .into());
    }
    Ok(())
}
