//! `dealloc-opt --run`: execute a function of the (transformed) module with the interpreter.
//!
//! The driver calls [`execute`] after the pass pipeline of a chunk succeeded. The program's
//! prints are returned for stdout; the verdict and the report table for stderr; the report as
//! one JSON object for `--run-report=FILE`. A run *fails* — and the driver exits non-zero — when
//! it stopped early (failed `cf.assert`, step or memory budget, unsupported op, unknown
//! function...) or when the checked heap recorded any error, leaks included.
//!
//! Flags (parsed by [`RunOptions::apply_flag`]):
//! - `--run`: run the entry function, print the program's output instead of the IR;
//! - `-e NAME`, `--entry-point=NAME`: the entry function (default `main`, no arguments);
//! - `--run-report=FILE`: write the report as JSON (`-` for stdout);
//! - `--run-max-steps=N`: stop after N executed ops;
//! - `--run-max-bytes=N`: stop when more than N heap plus stack bytes are live (and refuse
//!   single allocations above N);
//! - `--run-uninitialized=error|warn|ignore`: how to treat loads of never-written bytes.

use interp::heap::UninitializedReadPolicy;
use interp::{RunConfig, RunOutcome, run_function};
use ir::{AttrData, Context, Op, SourceMap, TypeData};

/// What `--run` and its companion flags ask for.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOptions {
    /// Whether `--run` was given.
    pub enabled: bool,
    /// The entry function's symbol name, without `@`.
    pub entry: String,
    /// Where to write the JSON report (`-` for stdout), if anywhere.
    pub report_file: Option<String>,
    /// Budgets and heap configuration.
    pub config: RunConfig,
    /// The companion flags given (to reject them without `--run`).
    companions: Vec<String>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            enabled: false,
            entry: "main".into(),
            report_file: None,
            config: RunConfig::default(),
            companions: Vec::new(),
        }
    }
}

/// The result of [`RunOptions::apply_flag`].
#[derive(Debug, PartialEq, Eq)]
pub enum FlagUse {
    /// The flag is not a run flag.
    NotMine,
    /// The flag was consumed without a value.
    Consumed,
    /// The flag needs a value, which was not attached with `=`: call again with it.
    NeedsValue,
}

impl RunOptions {
    /// Applies one flag (`name` without dashes, `value` after `=` or the next argument).
    pub fn apply_flag(&mut self, name: &str, value: Option<&str>) -> Result<FlagUse, String> {
        let takes_value = matches!(
            name,
            "e" | "entry-point"
                | "run-report"
                | "run-max-steps"
                | "run-max-bytes"
                | "run-uninitialized"
        );
        if name == "run" {
            self.enabled = true;
            return Ok(FlagUse::Consumed);
        }
        if !takes_value {
            return Ok(FlagUse::NotMine);
        }
        let Some(value) = value else {
            return Ok(FlagUse::NeedsValue);
        };
        self.companions.push(name.to_string());
        match name {
            "e" | "entry-point" => self.entry = value.trim_start_matches('@').to_string(),
            "run-report" => self.report_file = Some(value.to_string()),
            "run-max-steps" => self.config.max_steps = parse_count(name, value)?,
            "run-max-bytes" => {
                let bytes = parse_count(name, value)?;
                self.config.max_live_bytes = bytes;
                self.config.heap.max_allocation_bytes = bytes;
            }
            _ => self.config.heap.uninitialized_reads = parse_policy(value)?,
        }
        Ok(FlagUse::Consumed)
    }

    /// Rejects companion flags given without `--run`.
    pub fn validate(&self) -> Result<(), String> {
        match self.companions.first() {
            Some(flag) if !self.enabled => Err(format!("'--{flag}' requires '--run'")),
            _ => Ok(()),
        }
    }
}

fn parse_count(flag: &str, value: &str) -> Result<u64, String> {
    value
        .replace('_', "")
        .parse::<u64>()
        .map_err(|_| format!("invalid value '{value}' for '--{flag}': expected a count"))
}

fn parse_policy(value: &str) -> Result<UninitializedReadPolicy, String> {
    match value {
        "error" => Ok(UninitializedReadPolicy::Error),
        "warn" => Ok(UninitializedReadPolicy::Warn),
        "ignore" => Ok(UninitializedReadPolicy::Ignore),
        _ => Err(format!(
            "invalid value '{value}' for '--run-uninitialized': expected error, warn or ignore"
        )),
    }
}

/// What one run produced, ready for the driver's sinks.
#[derive(Debug)]
pub struct Execution {
    /// The interpreter's outcome.
    pub outcome: RunOutcome,
    /// The verdict and report table, for stderr.
    pub table: String,
}

impl Execution {
    /// The run stopped early or recorded an error (leaks included).
    pub fn failed(&self) -> bool {
        !self.outcome.is_success()
    }
}

/// Runs the entry function of `module`; its findings are rendered as MLIR diagnostics over
/// `sources` (the input's text, for source lines and carets).
pub fn execute(ctx: &Context, module: Op, opts: &RunOptions, sources: &SourceMap) -> Execution {
    let outcome = run_function(ctx, module, &opts.entry, &opts.config);
    let table = outcome.to_diagnostic_table(&opts.entry, sources);
    Execution { outcome, table }
}

/// Renders the JSON reports of a file's runs (each already pretty-printed): the object itself
/// for one run, an array for none or several (one per `--split-input-file` chunk that ran).
pub fn reports_json(reports: &[String]) -> String {
    match reports {
        [] => "[]\n".to_string(),
        [single] => format!("{single}\n"),
        many => format!("[\n{}\n]\n", many.join(",\n")),
    }
}

/// Whether `module` has a `func.func` named `name` with a body, no arguments and no results:
/// the shape the file-test harness and `mlir-runner-22 --entry-point-result=void` can run.
pub fn has_void_entry(ctx: &Context, module: Op, name: &str) -> bool {
    ctx.walk_preorder(module).into_iter().any(|op| {
        ctx.op_name_str(op) == "func.func"
            && matches!(
                ctx.get_attr(op, "sym_name").map(|a| ctx.attr_data(a)),
                Some(AttrData::String(s)) if s == name
            )
            && is_void_function(ctx, op)
    })
}

fn is_void_function(ctx: &Context, func: Op) -> bool {
    let Some(entry) = ctx.regions(func).first().and_then(|&r| ctx.entry_block(r)) else {
        return false;
    };
    if !ctx.block_args(entry).is_empty() {
        return false;
    }
    match ctx
        .get_attr(func, "function_type")
        .map(|a| ctx.attr_data(a))
    {
        Some(AttrData::Type(ty)) => matches!(
            ctx.type_data(*ty),
            TypeData::Function { inputs, results } if inputs.is_empty() && results.is_empty()
        ),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{parse_args, run_captured};

    const PROGRAM: &str = "func.func private @printI64(i64)\nfunc.func @main() {\n  %c = arith.constant 7 : i64\n  call @printI64(%c) : (i64) -> ()\n  return\n}\nfunc.func @leaky() {\n  %m = memref.alloc() : memref<4xi32>\n  return\n}\n";

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn temp_path(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("dealloc-run-{}-{name}", std::process::id()))
    }

    #[test]
    fn flags_are_parsed_with_either_spelling() {
        let opts = parse_args(&args(&[
            "--run",
            "-e",
            "@leaky",
            "--run-max-steps=1_000",
            "--run-max-bytes",
            "4096",
            "--run-uninitialized=error",
        ]))
        .expect("valid flags");
        assert!(opts.run.enabled);
        assert_eq!(opts.run.entry, "leaky");
        assert_eq!(opts.run.config.max_steps, 1000);
        assert_eq!(opts.run.config.max_live_bytes, 4096);
        assert_eq!(
            opts.run.config.heap.uninitialized_reads,
            UninitializedReadPolicy::Error
        );
        let opts = parse_args(&args(&["--run", "--entry-point=f"])).expect("valid flags");
        assert_eq!(opts.run.entry, "f");
    }

    #[test]
    fn bad_flags_are_clear_errors() {
        let err = |list: &[&str]| parse_args(&args(list)).err().unwrap_or_default();
        assert_eq!(
            err(&["--run-max-steps=5"]),
            "'--run-max-steps' requires '--run'"
        );
        assert!(err(&["--run", "--run-max-steps=many"]).contains("expected a count"));
        assert!(err(&["--run", "--run-uninitialized=maybe"]).contains("error, warn or ignore"));
        assert!(err(&["--run", "-e"]).contains("requires a value"));
    }

    #[test]
    fn run_prints_program_output_not_ir() {
        let out = run_captured(&args(&["--run", "-"]), Some(PROGRAM));
        assert_eq!(out.stdout, "7");
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(
            out.stderr
                .starts_with("run of @main completed without errors\n")
        );
    }

    #[test]
    fn leaks_fail_the_run_and_reach_the_json_report() {
        let report = temp_path("report.json");
        let report_flag = format!("--run-report={}", report.display());
        let out = run_captured(
            &args(&["--run", "-e", "leaky", &report_flag, "-"]),
            Some(PROGRAM),
        );
        assert_eq!(out.code, 1);
        assert!(
            out.stderr.contains(
                "<stdin>:8:8: error: heap buffer #0 (16 bytes) is never freed\n  %m = memref.alloc() : memref<4xi32>\n       ^\n<stdin>:9:3: note: still live when the entry function returned here\n"
            ),
            "{}",
            out.stderr
        );
        let json = std::fs::read_to_string(&report).expect("report written");
        let _ = std::fs::remove_file(&report);
        for key in ["\"leaks\": 1", "\"leaked_bytes\": 16", "\"kind\": \"leak\""] {
            assert!(json.contains(key), "{key} missing from {json}");
        }
        assert!(json.contains("\"alloc_site\": \"<stdin>:8:8\""), "{json}");
    }

    #[test]
    fn ir_goes_to_the_output_file_with_run() {
        let ir = temp_path("out.mlir");
        let ir_arg = ir.display().to_string();
        let out = run_captured(&args(&["--run", "-o", &ir_arg, "-"]), Some(PROGRAM));
        let printed = std::fs::read_to_string(&ir).expect("IR written");
        let _ = std::fs::remove_file(&ir);
        assert_eq!(out.stdout, "7");
        assert!(printed.contains("func.func @leaky()"), "{printed}");
    }

    #[test]
    fn a_missing_entry_is_an_error() {
        let out = run_captured(&args(&["--run", "-e", "nope", "-"]), Some(PROGRAM));
        assert_eq!(out.code, 1);
        assert!(
            out.stderr.contains("no function named @nope"),
            "{}",
            out.stderr
        );
    }
}
