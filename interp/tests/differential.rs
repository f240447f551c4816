//! Differential check against the real MLIR: every program of `tests/programs` (except those
//! marked `// NO-DIFFERENTIAL`, which use ops `mlir-opt-22` cannot lower) is lowered to LLVM
//! with `mlir-opt-22` (the [`LOWERING`] passes) and run with
//! `mlir-runner-22 -e main --entry-point-result=void` against `libmlir_c_runner_utils`; its
//! stdout must equal the interpreter's, byte for byte. Skipped, with a message naming what is
//! missing, when the tools are not installed (CI installs `mlir-22-tools`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use interp::RunConfig;
use libtest_mimic::{Arguments, Failed, Trial};

/// The lowering to the LLVM dialect, in `mlir-opt-22` flags.
const LOWERING: &[&str] = &[
    "--bufferization-lower-deallocations",
    "--convert-bufferization-to-memref",
    "--expand-realloc",
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--lower-affine",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--convert-func-to-llvm",
    "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
];

const RUNNER_UTILS: &str = "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1";

fn tool_available(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn main() {
    let args = Arguments::from_args();
    let missing: Vec<&str> = [
        ("mlir-opt-22", tool_available("mlir-opt-22")),
        ("mlir-runner-22", tool_available("mlir-runner-22")),
        (RUNNER_UTILS, Path::new(RUNNER_UTILS).exists()),
    ]
    .into_iter()
    .filter_map(|(name, present)| (!present).then_some(name))
    .collect();
    let available = missing.is_empty();
    if !available {
        eprintln!(
            "differential: SKIPPED, {} not found (install the Debian/Ubuntu package \
             mlir-22-tools, which brings libmlir-22 with it)",
            missing.join(", ")
        );
    }
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
            Trial::test(name, move || check(&path)).with_ignored_flag(ignored)
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// The stdout of `mlir-runner-22` on `path`, lowered to LLVM.
pub fn run_with_mlir(path: &Path) -> Result<String, String> {
    let lowered = Command::new("mlir-opt-22")
        .arg(path)
        .args(LOWERING)
        .output()
        .map_err(|e| e.to_string())?;
    if !lowered.status.success() {
        return Err(format!(
            "mlir-opt-22 failed:\n{}",
            String::from_utf8_lossy(&lowered.stderr)
        ));
    }
    let dir = std::env::temp_dir().join(format!("interp-differential-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let file = dir.join(path.file_name().unwrap_or_default());
    std::fs::write(&file, &lowered.stdout).map_err(|e| e.to_string())?;
    let run = Command::new("mlir-runner-22")
        .args(["-e", "main", "--entry-point-result=void"])
        .arg(format!("--shared-libs={RUNNER_UTILS}"))
        .arg(&file)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&file);
    if !run.status.success() {
        return Err(format!(
            "mlir-runner-22 failed:\n{}",
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&run.stdout).into_owned())
}

fn check(path: &Path) -> Result<(), Failed> {
    let expected = run_with_mlir(path)?;
    let out = common::run_file(path, &RunConfig::default())?;
    if let Some(e) = out.error {
        return Err(format!("interpreter failed: {e}").into());
    }
    if expected != out.stdout {
        return Err(format!(
            "stdout differs\n--- mlir-runner-22\n{expected}\n--- interpreter\n{}",
            out.stdout
        )
        .into());
    }
    Ok(())
}
