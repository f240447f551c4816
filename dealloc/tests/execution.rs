//! Runs every chunk of `tests/ownership-based-buffer-deallocation/*.mlir` that defines
//! `@main` through the interpreter before and after the pass: same output, and after the pass
//! no leak, double free, invalid free or use after free.

mod common;

use dealloc::{DeallocOptions, deallocate_buffers};
use interp::{RunConfig, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};

/// Parses, runs, transforms, verifies and runs one chunk; returns a failure message.
fn check_chunk(name: &str, src: &str, options: &DeallocOptions) -> Result<(), String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, name, src, &ParseOptions::default())
        .map_err(|d| format!("parse error: {}", d.message))?;
    let cfg = RunConfig::default();
    let before = run_function(&ctx, module, "main", &cfg);
    if let Some(e) = &before.error {
        return Err(format!("input does not run: {e:?}"));
    }
    deallocate_buffers(&mut ctx, module, options).map_err(|ds| {
        let msgs: Vec<String> = ds.iter().map(|d| d.message.clone()).collect();
        format!("pass failed: {}", msgs.join("; "))
    })?;
    ir::verify::verify(&ctx, module).map_err(|ds| {
        let msgs: Vec<String> = ds.iter().map(|d| d.message.clone()).collect();
        let text = ir::asm::print_module(&ctx, module, &Default::default());
        format!("output does not verify: {}\n{text}", msgs.join("; "))
    })?;
    let after = run_function(&ctx, module, "main", &cfg);
    let text = ir::asm::print_module(&ctx, module, &Default::default());
    if let Some(e) = &after.error {
        return Err(format!("output does not run: {e:?}\n{text}"));
    }
    if before.stdout != after.stdout {
        return Err(format!(
            "stdout differs:\n--- before\n{}--- after\n{}\n{text}",
            before.stdout, after.stdout
        ));
    }
    let r = &after.report;
    if !r.deallocation_is_clean() {
        return Err(format!(
            "not clean: leaks {} double frees {} invalid frees {} use after free {}\n{}\n{text}",
            r.leaks,
            r.double_frees,
            r.invalid_frees,
            r.use_after_free,
            r.to_table()
        ));
    }
    Ok(())
}

#[test]
fn execution_before_and_after() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for program in common::programs() {
        checked += 1;
        if let Err(msg) = check_chunk(&program.file, &program.text, &program.options) {
            failures.push(format!("{} chunk {}: {msg}", program.file, program.index));
        }
    }
    assert!(checked > 0, "no test chunk found");
    assert!(
        failures.is_empty(),
        "{} of {checked} chunks failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
