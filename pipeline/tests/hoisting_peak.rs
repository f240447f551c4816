//! Hoisting and promotion must not raise the peak when asked to be peak-safe.
//!
//! Every chunk of `tests/hoisting-peak/programs.mlir` runs through three pipelines: the
//! ownership-based pipeline alone, with upstream's hoisting and promotion before it, and with
//! the pipeline's `hoist` option (their peak-safe forms). The interpreter measures each output. Peak-safe hoisting may never
//! raise the peak (heap and stack bytes) or the number of allocations over the pipeline alone;
//! it must still save allocations somewhere (else the option would do nothing), and the
//! programs must show the hazard: upstream's moves raise the peak of at least one.
//!
//! Then every strategy's named pipeline runs with and without its `hoist` option on every
//! program with `@main` of the pipeline's test files (the hoisting programs, the pipeline's own
//! and the real inputs): the option may raise no peak and add no allocation anywhere, and must
//! save allocations in some program of every strategy. Run with `--nocapture` for the table.

use std::path::PathBuf;

mod measure;

use measure::{STRATEGY_PIPELINES, accepts, cost, pipeline_inputs};

const ALONE: &str = "--buffer-deallocation-pipeline --optimize-allocation-liveness";
const UPSTREAM: &str = "--buffer-hoisting --buffer-loop-hoisting --promote-buffers-to-stack \
                        --buffer-deallocation-pipeline --optimize-allocation-liveness";
const PEAK_SAFE: &str = "--buffer-deallocation-pipeline=hoist=true";

fn programs() -> Vec<String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/hoisting-peak/programs.mlir");
    let text = std::fs::read_to_string(&path).expect("test programs");
    text.split("\n// -----\n").map(str::to_string).collect()
}

#[test]
fn peak_safe_hoisting_never_raises_the_peak() {
    let mut saved_allocations = false;
    let mut upstream_raised_a_peak = false;
    for (i, program) in programs().iter().enumerate() {
        let alone = cost(program, ALONE);
        let upstream = cost(program, UPSTREAM);
        let safe = cost(program, PEAK_SAFE);
        eprintln!("program {i}: alone {alone:?}, upstream {upstream:?}, peak-safe {safe:?}");
        assert!(
            safe.peak_bytes <= alone.peak_bytes,
            "program {i}: peak-safe hoisting raised the peak: {safe:?} vs {alone:?}"
        );
        assert!(
            safe.allocations <= alone.allocations,
            "program {i}: peak-safe hoisting added allocations: {safe:?} vs {alone:?}"
        );
        saved_allocations |= safe.allocations < alone.allocations;
        upstream_raised_a_peak |= upstream.peak_bytes > alone.peak_bytes;
    }
    assert!(
        saved_allocations,
        "peak-safe hoisting saved no allocation on any program"
    );
    assert!(
        upstream_raised_a_peak,
        "no program shows upstream's hoisting raising the peak"
    );
}

#[test]
fn hoist_option_never_raises_the_peak_in_any_strategy() {
    eprintln!("| strategy | program | allocs | allocs with hoist | peak | peak with hoist |");
    eprintln!("| --- | --- | --- | --- | --- | --- |");
    let programs = pipeline_inputs();
    for (strategy, pipeline) in STRATEGY_PIPELINES {
        let (plain, hoisted) = (format!("--{pipeline}"), format!("--{pipeline}=hoist=true"));
        let mut saved = 0;
        for (name, program) in &programs {
            if !accepts(program, &plain) {
                eprintln!("| {strategy} | {name} | refused by the strategy | | | |");
                continue;
            }
            let (before, after) = (cost(program, &plain), cost(program, &hoisted));
            eprintln!(
                "| {strategy} | {name} | {} | {} | {} | {} |",
                before.allocations, after.allocations, before.peak_bytes, after.peak_bytes
            );
            assert!(
                after.peak_bytes <= before.peak_bytes,
                "{strategy} {name}: hoist=true raised the peak: {after:?} vs {before:?}"
            );
            assert!(
                after.allocations <= before.allocations,
                "{strategy} {name}: hoist=true added allocations: {after:?} vs {before:?}"
            );
            saved += usize::from(after.allocations < before.allocations);
        }
        assert!(
            saved >= 1,
            "{strategy}: hoist=true saved no allocation on any program"
        );
    }
}
