//! Runs every chunk of `tests/ownership-based-buffer-deallocation/*.mlir` that defines
//! `@main` through the interpreter before and after the pass: same output, and after the pass
//! no leak, double free, invalid free or use after free.

use std::path::{Path, PathBuf};

use dealloc::{DeallocOptions, deallocate_buffers};
use interp::{RunConfig, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};

fn test_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ownership-based-buffer-deallocation")
}

/// The `// -----` chunks of a file.
fn chunks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.lines() {
        if line.trim_start().starts_with("// -----") {
            out.push(String::new());
        } else if let Some(last) = out.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    out
}

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
    let mut files: Vec<PathBuf> = std::fs::read_dir(test_dir())
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for path in files {
        if path.extension().and_then(|e| e.to_str()) != Some("mlir") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if text.contains("expected-error") {
            continue;
        }
        let options = DeallocOptions {
            private_function_dynamic_ownership: text
                .lines()
                .next()
                .is_some_and(|l| l.contains("private-function-dynamic-ownership=true")),
        };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        for (i, chunk) in chunks(&text).iter().enumerate() {
            if !chunk.contains("@main") {
                continue;
            }
            checked += 1;
            if let Err(msg) = check_chunk(name, chunk, &options) {
                failures.push(format!("{name} chunk {i}: {msg}"));
            }
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
