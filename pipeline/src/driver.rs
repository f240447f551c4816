//! The `dealloc-opt` driver: read, parse, verify, run passes, print.
//!
//! Accepts `mlir-opt`'s spellings: single- or double-dash long options, `--pass=opts`,
//! `--pass-pipeline='builtin.module(...)'`, `--split-input-file`, `--verify-diagnostics`,
//! `--allow-unregistered-dialect`, `--mlir-print-op-generic`, `--mlir-print-ir-after-all`,
//! `--mlir-print-ir-after-change`, `--mlir-timing`, `--verify-each[=false]`,
//! `--dump-pass-pipeline`, `--debug-only=PASS[,PASS]` (see [`crate::logging`]), `-o FILE`.
//! Everything the driver writes goes through [`Captured`], so tests run it in-process (the
//! debug log aside: [`run`] installs it, [`run_captured`] does not), except the printed IR:
//! it streams to the `-o` file, or to stdout through a buffer (see
//! [`ir::asm::print_module_to`]), so that no copy of the whole output is held.
//!
//! `--run` (see [`crate::run`]) executes the entry function of each chunk after its passes:
//! the program's prints go to stdout instead of the IR (which is written only with `-o FILE`),
//! the verdict and report table to stderr, and the exit status is 1 when a run stops early or
//! its heap records any error, leaks included.
//!
//! `--compare[=table|json|csv|markdown]` runs every deallocation strategy on the input instead
//! (see [`crate::compare`]) and prints what each costs.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use ir::asm::{ParseOptions, PrintOptions, parse_module_diagnostics, print_module_to};
use ir::{Context, Diagnostic, Op, SourceMap};

use crate::manager::{Instrumentation, PassManager, RunLog, timing_report};
use crate::pass;
use crate::pipeline_text::{PipelineElement, expand, parse_pipeline};
use crate::run::{self, FlagUse, RunOptions};
use crate::verify_diags;

/// Stack size of the driver thread (deeply nested input recurses in the parser and printer).
pub const STACK_SIZE: usize = 4 << 30;

/// Command-line options.
#[derive(Debug)]
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
    /// Pass instrumentation.
    pub instrumentation: Instrumentation,
    /// The pipeline, in order.
    pub pipeline: Vec<PipelineElement>,
    /// Print help and exit.
    pub help: bool,
    /// Do not free the IR of each chunk (the process is about to exit; freeing millions of
    /// small nodes costs more than parsing them). Only the binary sets this.
    pub skip_teardown: bool,
    /// `--run` and its companion flags.
    pub run: RunOptions,
    /// Passes whose debug log to print (`--debug-only`).
    pub debug_only: Vec<String>,
    /// Print the pipeline before running it (`--dump-pass-pipeline`).
    pub dump_pass_pipeline: bool,
    /// Compare every deallocation strategy on the input instead (`--compare[=FORMAT]`).
    pub compare: Option<crate::compare::Format>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            input: "-".into(),
            output: "-".into(),
            split_input_file: false,
            verify_diagnostics: false,
            allow_unregistered_dialect: false,
            print_generic: false,
            instrumentation: Instrumentation::default(),
            pipeline: Vec::new(),
            help: false,
            skip_teardown: false,
            run: RunOptions::default(),
            debug_only: Vec::new(),
            dump_pass_pipeline: false,
            compare: None,
        }
    }
}

/// The output of one driver invocation.
#[derive(Default, Debug)]
pub struct Captured {
    /// What goes to stdout (or the `-o` file).
    pub stdout: String,
    /// What goes to stderr.
    pub stderr: String,
    /// Process exit code.
    pub code: u8,
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "" | "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// Parses command-line arguments.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut opts = Options::default();
    let mut pipeline_text: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if arg == "-" || !arg.starts_with('-') {
            opts.input = arg.to_string();
            continue;
        }
        let flag = arg.trim_start_matches('-');
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (flag, None),
        };
        let take_value = |i: &mut usize| -> Result<String, String> {
            if let Some(v) = value {
                return Ok(v.to_string());
            }
            let v = args
                .get(*i)
                .cloned()
                .ok_or_else(|| format!("option '{arg}' requires a value"))?;
            *i += 1;
            Ok(v)
        };
        match opts.run.apply_flag(name, value)? {
            FlagUse::Consumed => continue,
            FlagUse::NeedsValue => {
                let v = take_value(&mut i)?;
                opts.run.apply_flag(name, Some(&v))?;
                continue;
            }
            FlagUse::NotMine => {}
        }
        match name {
            "o" => opts.output = take_value(&mut i)?,
            "split-input-file" => opts.split_input_file = true,
            "verify-diagnostics" => opts.verify_diagnostics = true,
            "allow-unregistered-dialect" => opts.allow_unregistered_dialect = true,
            "mlir-print-op-generic" => opts.print_generic = true,
            "mlir-print-ir-after-all" => opts.instrumentation.print_ir_after_all = true,
            "mlir-print-ir-after-change" => opts.instrumentation.print_ir_after_change = true,
            "dump-pass-pipeline" => opts.dump_pass_pipeline = true,
            "debug-only" => opts
                .debug_only
                .extend(take_value(&mut i)?.split(',').map(str::to_string)),
            "mlir-timing" => opts.instrumentation.timing = true,
            "mlir-disable-threading" | "mlir-print-debuginfo" => {}
            "verify-each" => {
                opts.instrumentation.verify_each = parse_bool(value.unwrap_or(""))
                    .ok_or_else(|| format!("invalid value for '{arg}'"))?
            }
            "pass-pipeline" => pipeline_text = Some(take_value(&mut i)?),
            "compare" => {
                opts.compare = Some(crate::compare::Format::parse(value.unwrap_or("table"))?)
            }
            "help" | "h" => opts.help = true,
            _ => match pass::lookup(name) {
                Some(_) => opts.pipeline.push(PipelineElement::Pass {
                    name: name.to_string(),
                    options: value.unwrap_or("").to_string(),
                }),
                None => {
                    return Err(format!(
                        "Unknown command line argument '{arg}'.  Try: 'dealloc-opt --help'\nvalid passes are: {}",
                        pass::valid_names()
                    ));
                }
            },
        }
    }
    opts.run.validate()?;
    if let Some(text) = pipeline_text {
        if !opts.pipeline.is_empty() {
            return Err(
                "'--pass-pipeline' cannot be used with individual pass options".to_string(),
            );
        }
        opts.pipeline = parse_pipeline(&text)?;
    }
    opts.pipeline = expand(std::mem::take(&mut opts.pipeline), 0)?;
    Ok(opts)
}

/// Runs the driver with real stdio; returns the exit code.
pub fn run(args: &[String]) -> u8 {
    let mut stdout_ir = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = match parse_args(args) {
        Ok(opts) => match crate::logging::install(&opts.debug_only) {
            Ok(()) => run_parsed(opts, None, true, &mut stdout_ir),
            Err(e) => usage_error(&e),
        },
        Err(e) => usage_error(&e),
    };
    let _ = stdout_ir.flush();
    drop(stdout_ir);
    let _ = std::io::stderr().write_all(result.stderr.as_bytes());
    let _ = std::io::stdout().write_all(result.stdout.as_bytes());
    let _ = std::io::stdout().flush();
    result.code
}

/// Runs the driver, capturing its output. `stdin` replaces the real stdin when given.
pub fn run_captured(args: &[String], stdin: Option<&str>) -> Captured {
    let opts = match parse_args(args) {
        Ok(opts) => opts,
        Err(e) => return usage_error(&e),
    };
    let mut stdout_ir = Vec::new();
    let mut cap = run_parsed(opts, stdin, false, &mut stdout_ir);
    if !stdout_ir.is_empty() {
        let ir = String::from_utf8(stdout_ir).expect("the printer writes UTF-8");
        cap.stdout.insert_str(0, &ir);
    }
    cap
}

/// What the driver reports for bad flags or pass options.
fn usage_error(message: &str) -> Captured {
    Captured {
        stderr: format!("dealloc-opt: {message}\n"),
        code: 1,
        ..Captured::default()
    }
}

/// Runs the driver on parsed options; the IR printed for stdout goes to `stdout_ir`, the rest
/// of stdout into the result.
fn run_parsed(
    opts: Options,
    stdin: Option<&str>,
    skip_teardown: bool,
    stdout_ir: &mut dyn Write,
) -> Captured {
    let mut cap = Captured::default();
    let opts = Options {
        skip_teardown,
        ..opts
    };
    if opts.help {
        cap.stdout = crate::help::help_text();
        return cap;
    }
    if let Some(format) = opts.compare {
        return compare_strategies(&opts, format, stdin);
    }
    let pm = match PassManager::build(&opts.pipeline, opts.instrumentation) {
        Ok(pm) => pm,
        Err(e) => return usage_error(&e),
    };
    if opts.dump_pass_pipeline {
        cap.stderr.push_str(&pm.dump());
    }
    let (name, text) = match read_input(&opts.input, stdin) {
        Ok(t) => t,
        Err(e) => {
            cap.stderr = format!(
                "dealloc-opt: could not open input file '{}': {e}\n",
                opts.input
            );
            cap.code = 1;
            return cap;
        }
    };
    let chunks: Vec<(usize, &str)> = if opts.split_input_file {
        split_chunks(&text)
    } else {
        vec![(0, text.as_str())]
    };
    let mut discarded = std::io::sink();
    let mut file = None;
    let mut open_error = None;
    let writer: &mut dyn Write = if opts.output == "-" {
        // With `--run`, stdout carries the program's prints instead of the IR.
        if opts.run.enabled {
            &mut discarded
        } else {
            stdout_ir
        }
    } else {
        match std::fs::File::create(&opts.output) {
            Ok(f) => file.insert(std::io::BufWriter::with_capacity(1 << 16, f)),
            Err(e) => {
                open_error = Some(e);
                &mut discarded
            }
        }
    };
    let mut out = IrOut {
        writer,
        error: open_error,
    };
    let mut runs = RunSinks::default();
    let mut failed = false;
    for (k, (line_offset, chunk)) in chunks.iter().enumerate() {
        if k > 0 && opts.split_input_file {
            out.write(b"// -----\n");
        }
        // Pad with the lines before the chunk so positions keep their line numbers.
        let padded: std::borrow::Cow<'_, str> = if *line_offset == 0 {
            std::borrow::Cow::Borrowed(chunk)
        } else {
            std::borrow::Cow::Owned("\n".repeat(*line_offset) + chunk)
        };
        let ok = process_chunk(
            &opts,
            &pm,
            &name,
            &padded,
            &mut out,
            &mut runs,
            &mut cap.stderr,
        );
        failed |= !ok;
    }
    if opts.run.enabled {
        cap.stdout = std::mem::take(&mut runs.stdout);
        failed |= !write_run_reports(&opts.run, &runs.reports, &mut cap);
        if opts.output == "-" {
            cap.code = u8::from(failed);
            return cap;
        }
    }
    out.flush();
    if opts.output != "-"
        && let Some(e) = out.error
    {
        cap.stderr.push_str(&format!(
            "dealloc-opt: could not write '{}': {e}\n",
            opts.output
        ));
        failed = true;
    }
    cap.code = u8::from(failed);
    cap
}

/// Where the printed IR goes, and the first error writing it (later writes are dropped).
struct IrOut<'w> {
    writer: &'w mut dyn Write,
    error: Option<std::io::Error>,
}

impl IrOut<'_> {
    fn write(&mut self, bytes: &[u8]) {
        let result = self.writer.write_all(bytes);
        self.note(result);
    }

    fn print_module(&mut self, ctx: &Context, module: Op, opts: &PrintOptions) {
        if self.error.is_none() {
            let result = print_module_to(ctx, module, opts, self.writer);
            self.note(result);
        }
    }

    fn flush(&mut self) {
        let result = self.writer.flush();
        self.note(result);
    }

    fn note(&mut self, result: std::io::Result<()>) {
        if let Err(e) = result {
            self.error.get_or_insert(e);
        }
    }
}

/// `--compare`: every deallocation strategy on the input, side by side.
fn compare_strategies(
    opts: &Options,
    format: crate::compare::Format,
    stdin: Option<&str>,
) -> Captured {
    use crate::compare::{CompareOptions, Program, compare, default_strategies, render};
    if !opts.pipeline.is_empty() {
        return usage_error("'--compare' runs the registered strategies and takes no passes");
    }
    let (name, text) = match read_input(&opts.input, stdin) {
        Ok(t) => t,
        Err(e) => return usage_error(&format!("could not open input file '{}': {e}", opts.input)),
    };
    let options = CompareOptions {
        entry: opts.run.entry.clone(),
        ..CompareOptions::default()
    };
    let programs = Program::of_file(&name, &text);
    let comparison = compare(&programs, &default_strategies(), &options, &mut |_| {});
    Captured {
        code: u8::from(comparison.rows.is_empty()),
        stdout: render(&comparison, format),
        ..Captured::default()
    }
}

/// What the `--run`s of a file produce, across its chunks.
#[derive(Default)]
struct RunSinks {
    /// The programs' prints.
    stdout: String,
    /// One pretty-printed JSON report per run.
    reports: Vec<String>,
}

/// Writes the JSON reports to the `--run-report` file (or stdout); false if writing failed.
fn write_run_reports(opts: &RunOptions, reports: &[String], cap: &mut Captured) -> bool {
    let Some(file) = &opts.report_file else {
        return true;
    };
    let text = run::reports_json(reports);
    if file == "-" {
        cap.stdout.push_str(&text);
        return true;
    }
    match std::fs::write(file, text) {
        Ok(()) => true,
        Err(e) => {
            cap.stderr
                .push_str(&format!("dealloc-opt: could not write '{file}': {e}\n"));
            false
        }
    }
}

/// Runs the entry function of a transformed chunk. Returns whether the run succeeded.
fn run_chunk(
    opts: &RunOptions,
    (ctx, module): (&Context, Op),
    (name, text): (&str, &str),
    runs: &mut RunSinks,
    err: &mut String,
) -> bool {
    let mut sources = SourceMap::default();
    sources.add(name, text);
    let execution = run::execute(ctx, module, opts, &sources);
    runs.stdout.push_str(&execution.outcome.stdout);
    runs.reports.push(execution.outcome.to_json());
    err.push_str(&execution.table);
    !execution.failed()
}

/// Parses, verifies, transforms, prints and (with `--run`) runs one chunk. Returns whether it
/// succeeded.
fn process_chunk(
    opts: &Options,
    pm: &PassManager,
    name: &str,
    text: &str,
    out: &mut IrOut<'_>,
    runs: &mut RunSinks,
    err: &mut String,
) -> bool {
    let mut ctx = Context::new();
    pm.reserve_for(&mut ctx, text.len());
    let mut diags: Vec<Diagnostic> = Vec::new();
    let mut log = RunLog::default();
    let parse_start = Instant::now();
    let module = parse_and_verify(&mut ctx, opts, name, text, &mut diags);
    let parse_time = parse_start.elapsed();
    let mut print_time = Duration::ZERO;
    let mut run_ok = true;
    if let Some(module) = module {
        match pm.run(&mut ctx, module, &mut log) {
            Ok(()) => {
                let start = Instant::now();
                out.write(log.stdout.as_bytes());
                let print_options = PrintOptions {
                    generic: opts.print_generic,
                };
                out.print_module(&ctx, module, &print_options);
                // mlir-opt ends every printed module with a blank line.
                out.write(b"\n");
                print_time = start.elapsed();
                if opts.run.enabled {
                    run_ok = run_chunk(&opts.run, (&ctx, module), (name, text), runs, err);
                }
            }
            Err(failure) => {
                out.write(log.stdout.as_bytes());
                diags.extend(failure.diagnostics);
            }
        }
    }
    err.push_str(&log.stderr);
    if opts.instrumentation.timing {
        err.push_str(&timing_report(parse_time, &log.timings, print_time));
    }
    if opts.verify_diagnostics {
        let mut expectations = match verify_diags::parse_expectations(text) {
            Ok(e) => e,
            Err(e) => {
                err.push_str(&format!("{name}:{e}\n"));
                return false;
            }
        };
        let errors = verify_diags::check(&ctx, name, &mut expectations, &diags);
        for e in &errors {
            err.push_str(e);
        }
        return errors.is_empty() && run_ok;
    }
    let mut sources: Option<SourceMap> = None;
    for d in &diags {
        // The source text is only needed to render diagnostics: copy it lazily.
        let sources = sources.get_or_insert_with(|| {
            let mut map = SourceMap::default();
            map.add(name, text);
            map
        });
        err.push_str(&ir::diag::render(&ctx, sources, d));
    }
    if opts.skip_teardown {
        std::mem::forget(ctx);
    }
    run_ok && !diags.iter().any(|d| d.severity == ir::Severity::Error)
}

fn parse_and_verify(
    ctx: &mut Context,
    opts: &Options,
    name: &str,
    text: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Op> {
    let popts = ParseOptions {
        allow_unregistered: opts.allow_unregistered_dialect,
    };
    let module = match parse_module_diagnostics(ctx, name, text, &popts) {
        Ok(m) => m,
        Err(errors) => {
            diags.extend(errors);
            return None;
        }
    };
    if let Err(errors) = ir::verify::verify(ctx, module) {
        diags.extend(errors);
        return None;
    }
    Some(module)
}

fn read_input(path: &str, stdin: Option<&str>) -> std::io::Result<(String, String)> {
    if path == "-" {
        if let Some(s) = stdin {
            return Ok(("<stdin>".into(), s.to_string()));
        }
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        return Ok(("<stdin>".into(), s));
    }
    let bytes = std::fs::read(path)?;
    Ok((
        path.to_string(),
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    ))
}

/// Splits at lines that are exactly `// -----` (ignoring surrounding whitespace), returning each
/// chunk with the number of lines before it, so positions keep their original line numbers.
pub fn split_chunks(text: &str) -> Vec<(usize, &str)> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut start_line = 0;
    let mut pos = 0;
    for (line_no, line) in text.split_inclusive('\n').enumerate() {
        if line.trim() == "// -----" {
            chunks.push((start_line, &text[start..pos]));
            start = pos + line.len();
            start_line = line_no + 1;
        }
        pos += line.len();
    }
    chunks.push((start_line, &text[start..]));
    chunks
}
