//! What a transformed program costs when it runs: the driver applies flags to a program and
//! the interpreter runs `@main` of the result, which must finish with a clean heap. Shared by
//! the peak tests, with the test programs they measure.

use std::path::PathBuf;

use interp::{RunConfig, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};

/// What one run of a transformed program cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cost {
    /// Heap and stack bytes live at once, at most.
    pub peak_bytes: u64,
    /// Buffers live at once, at most.
    pub peak_buffers: u64,
    /// The peak had every buffer been freed right after its last access.
    pub ideal_peak_bytes: u64,
    /// Heap and stack allocations executed.
    pub allocations: u64,
}

/// Whether the passes of `flags` accept `program`. A strategy may refuse a program it cannot
/// handle soundly, with a located error (the legacy strategy's write check, for instance);
/// anything else (a crash, an error without a location) fails the test.
#[allow(dead_code)] // Not every peak test meets refusals.
pub fn accepts(program: &str, flags: &str) -> bool {
    let mut args: Vec<String> = flags.split_whitespace().map(str::to_string).collect();
    args.push("-".into());
    let out = pipeline::driver::run_captured(&args, Some(program));
    if out.code == 0 {
        return true;
    }
    assert!(
        out.stderr.starts_with("<stdin>:") && out.stderr.contains(": error: "),
        "{flags} failed without a located error: {}",
        out.stderr
    );
    false
}

/// Runs `flags` on `program` (no flags: the program as it is), then the result in the
/// interpreter.
pub fn cost(program: &str, flags: &str) -> Cost {
    let mut args: Vec<String> = flags.split_whitespace().map(str::to_string).collect();
    args.push("-".into());
    let out = pipeline::driver::run_captured(&args, Some(program));
    assert_eq!(out.code, 0, "{flags} failed: {}", out.stderr);
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "out.mlir", &out.stdout, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("output does not parse: {}", d.message));
    let run = run_function(&ctx, module, "main", &RunConfig::default());
    assert!(run.error.is_none(), "{flags}: {:?}", run.error);
    assert!(
        run.report.deallocation_is_clean(),
        "{flags}: {}",
        run.report.to_table()
    );
    Cost {
        peak_bytes: run.report.peak_bytes,
        peak_buffers: run.report.peak_buffers,
        ideal_peak_bytes: run.report.ideal_peak_bytes,
        allocations: run.report.allocs + run.report.stack_allocs,
    }
}

/// Each deallocation strategy's named pipeline, by the strategy's name.
#[allow(dead_code)] // Not every peak test runs every strategy.
pub const STRATEGY_PIPELINES: &[(&str, &str)] = &[
    ("ownership-based", "buffer-deallocation-pipeline"),
    ("legacy", "legacy-buffer-deallocation-pipeline"),
    ("mlir-hlo", "hlo-deallocation-pipeline"),
];

/// The chunks with `@main` of a test file under `tests/`, each with its name: the first
/// comment line of the form `// name: ...` (a lowercase name), or the file and chunk number.
pub fn chunks(relative: &str) -> Vec<(String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(relative);
    let text = std::fs::read_to_string(&path).expect("test programs");
    text.split("\n// -----\n")
        .enumerate()
        .map(|(i, chunk)| {
            let named = chunk.lines().find_map(|line| {
                let (name, _) = line.strip_prefix("// ")?.split_once(": ")?;
                let lowercase = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
                (!name.is_empty() && name.chars().all(lowercase)).then(|| name.to_string())
            });
            (
                named.unwrap_or_else(|| format!("{relative}:{i}")),
                chunk.to_string(),
            )
        })
        .filter(|(_, chunk)| chunk.contains("func.func @main()"))
        .collect()
}

/// The programs with `@main` of the pipeline's own test files that are meant to run cleanly:
/// every file under `tests/buffer-deallocation-pipeline`, `tests/real-inputs` and
/// `tests/hoisting-peak` whose RUN line runs `--buffer-deallocation-pipeline`.
#[allow(dead_code)] // Not every peak test measures them.
pub fn pipeline_inputs() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut files = Vec::new();
    for dir in [
        "buffer-deallocation-pipeline",
        "real-inputs",
        "hoisting-peak",
    ] {
        let entries = std::fs::read_dir(root.join(dir)).expect("test directory");
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let run = text.lines().next().unwrap_or_default();
            if name.ends_with(".mlir")
                && run.contains("--buffer-deallocation-pipeline")
                && !run.contains("--verify-diagnostics")
            {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    files
        .iter()
        .flat_map(|file| chunks(file))
        .filter(|(_, chunk)| !chunk.contains("// EXPECT-EXIT") && !chunk.contains("// NO-EXECUTE"))
        .collect()
}
