//! What a transformed program costs when it runs: the driver applies flags to a program and
//! the interpreter runs `@main` of the result, which must finish with a clean heap. Shared by
//! the peak tests.

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
