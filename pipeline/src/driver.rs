//! The `dealloc-opt` driver: read, parse, verify, run passes, print.

use std::io::{Read, Write};

use ir::asm::{ParseOptions, PrintOptions, parse_module, print_module};
use ir::{Context, SourceMap};

/// Stack size of the driver thread (deeply nested input recurses in the parser and printer).
pub const STACK_SIZE: usize = 4 << 30;

/// Command-line options.
#[derive(Default, Debug)]
pub struct Options {
    /// Input file, `-` for stdin.
    pub input: String,
    /// Output file, `-` for stdout.
    pub output: String,
    /// Split the input at `// -----` lines.
    pub split_input_file: bool,
    /// Check `expected-*` annotations instead of printing diagnostics.
    pub verify_diagnostics: bool,
    /// Accept unknown dialects.
    pub allow_unregistered_dialect: bool,
    /// Print generic form.
    pub print_generic: bool,
}

/// Runs the driver on command-line arguments; returns the exit code.
pub fn run(args: &[String]) -> u8 {
    let mut opts = Options {
        input: "-".into(),
        output: "-".into(),
        ..Options::default()
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let flag = a.trim_start_matches('-');
        match flag {
            "split-input-file" => opts.split_input_file = true,
            "verify-diagnostics" => opts.verify_diagnostics = true,
            "allow-unregistered-dialect" => opts.allow_unregistered_dialect = true,
            "mlir-print-op-generic" => opts.print_generic = true,
            "o" => {
                i += 1;
                opts.output = args.get(i).cloned().unwrap_or_default();
            }
            _ if a.starts_with('-') && a != "-" => {
                eprintln!("dealloc-opt: Unknown command line argument '{a}'.");
                return 1;
            }
            _ => opts.input = a.to_string(),
        }
        i += 1;
    }
    let (name, text) = match read_input(&opts.input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("dealloc-opt: could not open input file '{}': {e}", opts.input);
            return 1;
        }
    };
    let chunks: Vec<(usize, &str)> = if opts.split_input_file {
        split_chunks(&text)
    } else {
        vec![(0, text.as_str())]
    };
    let mut out = String::new();
    let mut failed = false;
    for (k, (line_offset, chunk)) in chunks.iter().enumerate() {
        if k > 0 {
            out.push_str("// -----\n");
        }
        let padded = "\n".repeat(*line_offset) + chunk;
        let mut ctx = Context::new();
        let mut sources = SourceMap::default();
        sources.add(&name, &padded);
        let popts = ParseOptions {
            allow_unregistered: opts.allow_unregistered_dialect,
        };
        let module = match parse_module(&mut ctx, &name, &padded, &popts) {
            Ok(m) => m,
            Err(d) => {
                eprint!("{}", ir::diag::render(&ctx, &sources, &d));
                failed = true;
                continue;
            }
        };
        if let Err(diags) = ir::verify::verify(&ctx, module) {
            for d in diags {
                eprint!("{}", ir::diag::render(&ctx, &sources, &d));
            }
            failed = true;
            continue;
        }
        out.push_str(&print_module(
            &ctx,
            module,
            &PrintOptions {
                generic: opts.print_generic,
            },
        ));
        out.push('\n');
    }
    if write_output(&opts.output, &out).is_err() {
        eprintln!("dealloc-opt: could not write output");
        return 1;
    }
    u8::from(failed)
}

fn read_input(path: &str) -> std::io::Result<(String, String)> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        return Ok(("<stdin>".into(), s));
    }
    let bytes = std::fs::read(path)?;
    Ok((path.to_string(), String::from_utf8_lossy(&bytes).into_owned()))
}

fn write_output(path: &str, text: &str) -> std::io::Result<()> {
    if path == "-" {
        let mut so = std::io::stdout().lock();
        so.write_all(text.as_bytes())?;
        return so.flush();
    }
    std::fs::write(path, text)
}

/// Splits at lines that are exactly `// -----` (ignoring surrounding whitespace), returning each
/// chunk with the number of lines before it, so positions keep their original line numbers.
pub fn split_chunks(text: &str) -> Vec<(usize, &str)> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut start_line = 0;
    let mut line_no = 0;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "// -----" {
            chunks.push((start_line, &text[start..pos]));
            start = pos + line.len();
            start_line = line_no + 1;
        }
        pos += line.len();
        line_no += 1;
    }
    chunks.push((start_line, &text[start..]));
    chunks
}
