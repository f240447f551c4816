//! Runs `@main` of a `.mlir` file and prints its output, the heap report and any error.
//!
//! `cargo run -p interp --example run -- FILE.mlir [--json] [--time]`

use ir::Context;
use ir::asm::{ParseOptions, parse_module_diagnostics};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: run FILE.mlir [--json] [--time]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mut ctx = Context::new();
    let opts = ParseOptions {
        allow_unregistered: false,
    };
    let module = match parse_module_diagnostics(&mut ctx, path, &text, &opts) {
        Ok(m) => m,
        Err(diags) => {
            for d in diags {
                eprintln!("parse error: {}", d.message);
            }
            std::process::exit(1);
        }
    };
    if let Err(diags) = ir::verify::verify(&ctx, module) {
        for d in diags {
            eprintln!("verifier: {}", d.message);
        }
        std::process::exit(1);
    }
    let start = std::time::Instant::now();
    let out = interp::run_function(&ctx, module, "main", &interp::RunConfig::default());
    let elapsed = start.elapsed();
    print!("{}", out.stdout);
    if args.iter().any(|a| a == "--json") {
        println!("{}", out.report.to_json());
    } else {
        eprint!("{}", out.report.to_table());
    }
    if let Some(e) = &out.error {
        eprintln!("error: {e}");
    }
    if args.iter().any(|a| a == "--time") {
        let steps = out.report.steps as f64;
        eprintln!(
            "{} ops in {:.3} s: {:.1} M ops/s",
            out.report.steps,
            elapsed.as_secs_f64(),
            steps / elapsed.as_secs_f64() / 1e6
        );
    }
}
