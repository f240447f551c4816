//! Side-by-side comparison of deallocation strategies: which one should a program use?
//!
//! [`compare`] runs every [`Strategy`] over every [`Program`] and measures, with the
//! interpreter's run report (the same numbers `dealloc-opt --run --run-report` gives on the
//! strategy's output):
//! - the verdict: the output runs to completion, prints what the input printed, and its checked
//!   heap records no error (leaks included); with [`CompareOptions::jit`], the same under
//!   `mlir-runner-22` with a checked heap (the outputs of 64 rows judged in one batch, a row the
//!   batch fails judged again alone);
//! - heap allocations executed against the input's own, peak bytes against the input's ideal
//!   peak (every buffer freed right after its last access), clones, bytes copied, runtime alias
//!   checks;
//! - static op counts of the output (ops, allocating ops, freeing ops, clones);
//! - the transform time (for external commands: the whole process, start-up included).
//!
//! Strategies whose pipeline or option is not registered in this build, or whose tool is not
//! installed, are skipped with a note in [`Comparison::notes`]. [`render`] writes the result as
//! a terminal table, JSON, CSV or Markdown; `dealloc-opt FILE --compare` and
//! `cargo xtask compare` are its two front ends.

mod render;
mod strategy;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use interp::jit::{Jit, JitError, JitOutcome, mask_addresses, unloadable_dialect};
use interp::{RunConfig, RunOutcome, run_function};
use ir::asm::{ParseOptions, PrintOptions, parse_module, print_module};
use ir::dialects::bufferization::CloneOp;
use ir::registry::{EffectKind, Effects};
use ir::{Context, Op, OpView};

use crate::manager::{PassManager, RunLog};

pub use render::{Format, render};
pub use strategy::{
    Prepared, Strategy, StrategyKind, default_strategies, registered_pipelines, tool_is_installed,
};

/// One program to compare strategies on: a file, or one `// -----` chunk of it.
#[derive(Clone, Debug)]
pub struct Program {
    /// The file name, with `#k` for the k-th chunk of a split file.
    pub name: String,
    /// The MLIR text.
    pub text: String,
}

impl Program {
    /// The programs of a file: the whole text, or each chunk when it has `// -----` lines.
    /// Chunks keep their line numbers (they are padded with the lines before them).
    pub fn of_file(name: &str, text: &str) -> Vec<Program> {
        let chunks = crate::driver::split_chunks(text);
        if chunks.len() == 1 {
            return vec![Program {
                name: name.to_string(),
                text: text.to_string(),
            }];
        }
        chunks
            .iter()
            .enumerate()
            .map(|(k, (lines_before, chunk))| Program {
                name: format!("{name}#{}", k + 1),
                text: "\n".repeat(*lines_before) + chunk,
            })
            .collect()
    }
}

/// How to run the comparison.
#[derive(Clone, Debug)]
pub struct CompareOptions {
    /// The entry function (no arguments, no results).
    pub entry: String,
    /// Interpreter budgets.
    pub run: RunConfig,
    /// Also judge each output with the real MLIR JIT (`mlir-runner-22`).
    pub jit: bool,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            entry: "main".into(),
            run: RunConfig {
                max_steps: 50_000_000,
                ..RunConfig::default()
            },
            jit: false,
        }
    }
}

/// Static op counts of a module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StaticCounts {
    /// Every op, the module and functions included.
    pub ops: u64,
    /// Ops known to allocate memory.
    pub allocs: u64,
    /// Ops known to free memory.
    pub frees: u64,
    /// `bufferization.clone` ops.
    pub clones: u64,
}

/// What one strategy's output did when run, and what it looks like.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Metrics {
    /// Heap allocations executed.
    pub allocs: u64,
    /// Stack allocations executed.
    pub stack_allocs: u64,
    /// Heap frees executed.
    pub frees: u64,
    /// Peak live heap plus stack bytes.
    pub peak_bytes: u64,
    /// Clones executed.
    pub clones: u64,
    /// Bytes moved by copies, clones and reallocs.
    pub bytes_copied: u64,
    /// Runtime alias checks executed.
    pub alias_checks: u64,
    /// Ops executed.
    pub steps: u64,
    /// The output's static op counts.
    pub static_counts: StaticCounts,
}

/// One program under one strategy.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The program's name.
    pub program: String,
    /// The strategy's name.
    pub strategy: String,
    /// `ok`, or what went wrong (transform failure, run error, heap errors, other output).
    pub verdict: String,
    /// The JIT's verdict, with [`CompareOptions::jit`].
    pub jit: Option<String>,
    /// Ops of the input program (its size).
    pub input_ops: u64,
    /// Heap allocations the input executes (its own, before any strategy).
    pub own_allocs: u64,
    /// The input's ideal peak: every buffer freed right after its last access.
    pub ideal_peak_bytes: u64,
    /// What the output did, when the strategy produced one that ran.
    pub metrics: Option<Metrics>,
    /// Transform wall-clock time.
    pub transform_time: Duration,
    /// The transformed program as printed, when the strategy produced one.
    pub output: Option<String>,
}

impl Row {
    /// Whether the output ran cleanly (and under the JIT too, when judged there; an output
    /// the JIT cannot run, [`JIT_NOT_RUN`], counts as judged by the interpreter alone).
    pub fn is_ok(&self) -> bool {
        self.verdict == "ok"
            && self
                .jit
                .as_deref()
                .is_none_or(|v| v == "ok" || v.starts_with(JIT_NOT_RUN))
    }
}

/// The result of [`compare`].
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    /// The strategies that ran, in order.
    pub strategies: Vec<String>,
    /// One row per program and strategy that ran, program-major.
    pub rows: Vec<Row>,
    /// Strategies skipped, programs skipped, judges missing: one sentence each.
    pub notes: Vec<String>,
}

/// A strategy made ready, with its name.
struct Ready<'a> {
    strategy: &'a Strategy,
    prepared: Prepared,
}

/// The input's own run: the reference the strategies are measured against.
struct Baseline {
    outcome: RunOutcome,
    stdout: String,
    ops: u64,
}

/// Runs every strategy over every program; `on_row` sees each row as it is finished (for
/// progress bars).
pub fn compare(
    programs: &[Program],
    strategies: &[Strategy],
    options: &CompareOptions,
    on_row: &mut dyn FnMut(&Row),
) -> Comparison {
    let mut comparison = Comparison::default();
    let ready = prepare_all(strategies, &mut comparison);
    let jit = options.jit.then(Jit::new).and_then(|made| match made {
        Ok(jit) => Some(jit),
        Err(why) => {
            comparison.notes.push(format!("JIT skipped: {why}"));
            None
        }
    });
    let mut unjudged = Vec::new();
    for program in programs {
        let baseline = match baseline(program, options) {
            Ok(b) => b,
            Err(why) => {
                comparison
                    .notes
                    .push(format!("program {} skipped: {why}", program.name));
                continue;
            }
        };
        for r in &ready {
            let row = run_strategy(program, r, &baseline, options);
            match &jit {
                Some(_) => unjudged.push((row, baseline.stdout.clone())),
                None => {
                    on_row(&row);
                    comparison.rows.push(row);
                }
            }
        }
        if let Some(jit) = &jit
            && unjudged.len() >= JIT_BATCH_ROWS
        {
            let judged = judge_by_jit(jit, std::mem::take(&mut unjudged), &options.entry);
            finish_rows(judged, on_row, &mut comparison.rows);
        }
    }
    if let Some(jit) = &jit {
        let judged = judge_by_jit(jit, unjudged, &options.entry);
        finish_rows(judged, on_row, &mut comparison.rows);
    }
    comparison
}

/// How a JIT verdict starts when the output was not run (it uses a dialect the JIT lacks).
pub const JIT_NOT_RUN: &str = "not run";

/// Rows judged by the JIT together (their outputs in one [`Jit::run_batch`]).
const JIT_BATCH_ROWS: usize = 64;

/// Hands each row to `on_row` and keeps it.
fn finish_rows(judged: Vec<Row>, on_row: &mut dyn FnMut(&Row), rows: &mut Vec<Row>) {
    for row in judged {
        on_row(&row);
        rows.push(row);
    }
}

/// Sets the JIT verdict of each row with an output (paired with its input's masked output):
/// the distinct outputs are judged in one batch, and a row the batch fails is judged again
/// alone, whose verdict it keeps (a batch never changes a verdict).
fn judge_by_jit(jit: &Jit, rows: Vec<(Row, String)>, entry: &str) -> Vec<Row> {
    let mut texts: Vec<&str> = Vec::new();
    let mut index = std::collections::BTreeMap::new();
    for (row, _) in &rows {
        if let Some(output) = row.output.as_deref()
            && unloadable_dialect(output).is_none()
        {
            index.entry(output).or_insert_with(|| {
                texts.push(output);
                texts.len() - 1
            });
        }
    }
    let (outcomes, _) = jit.run_batch(&texts, entry);
    let verdicts: Vec<Option<String>> = rows
        .iter()
        .map(|(row, expected)| {
            let output = row.output.as_deref()?;
            if let Some(dialect) = unloadable_dialect(output) {
                return Some(format!(
                    "{JIT_NOT_RUN}: ops of the {dialect} dialect, which mlir-runner-22 cannot load"
                ));
            }
            let batched = jit_verdict(&outcomes[index[output]], expected);
            Some(if batched == "ok" {
                batched
            } else {
                jit_verdict(&jit.run(output, entry), expected)
            })
        })
        .collect();
    rows.into_iter()
        .zip(verdicts)
        .map(|((mut row, _), verdict)| {
            row.jit = verdict;
            row
        })
        .collect()
}

fn prepare_all<'a>(strategies: &'a [Strategy], comparison: &mut Comparison) -> Vec<Ready<'a>> {
    let mut ready = Vec::new();
    for strategy in strategies {
        match strategy.prepare() {
            Ok(prepared) => {
                comparison.strategies.push(strategy.name.clone());
                ready.push(Ready { strategy, prepared });
            }
            Err(why) => comparison.notes.push(format!(
                "strategy {} skipped ({}): {}",
                strategy.name,
                strategy.describe(),
                short_reason(&why)
            )),
        }
    }
    ready
}

/// The first line of why a strategy cannot run, without the list of every registered name.
fn short_reason(why: &str) -> &str {
    let line = why.lines().next().unwrap_or("");
    line.split_once("; valid ones are")
        .map_or(line, |(reason, _)| reason)
}

/// Parses and verifies `text`, naming the buffer `name`, with room for what `pipeline` will
/// build from it when one will run ([`PassManager::reserve_for`], as `dealloc-opt` does, so
/// that the transform times are the tool's).
fn parse_verified(
    name: &str,
    text: &str,
    pipeline: Option<&PassManager>,
) -> Result<(Context, Op), String> {
    let mut ctx = Context::new();
    if let Some(pipeline) = pipeline {
        pipeline.reserve_for(&mut ctx, text.len());
    }
    let module = parse_module(&mut ctx, name, text, &ParseOptions::default())
        .map_err(|d| format!("does not parse: {}", d.message))?;
    ir::verify::verify(&ctx, module).map_err(|errors| {
        let first = errors.first().map(|d| d.message.as_str()).unwrap_or("");
        format!("does not verify: {first}")
    })?;
    Ok((ctx, module))
}

/// Runs the input itself; it must have the entry function and run without errors (leaks
/// aside: an input has no frees yet).
fn baseline(program: &Program, options: &CompareOptions) -> Result<Baseline, String> {
    let (ctx, module) = parse_verified(&program.name, &program.text, None)?;
    if !crate::run::has_void_entry(&ctx, module, &options.entry) {
        return Err(format!("no @{}() to run", options.entry));
    }
    let outcome = run_function(&ctx, module, &options.entry, &options.run);
    if let Some(why) = outcome.unfit_as_input() {
        return Err(format!("the input's own run is not clean: {why}"));
    }
    let stdout = mask_addresses(&outcome.stdout);
    let ops = ctx.walk_preorder(module).len() as u64;
    Ok(Baseline {
        outcome,
        stdout,
        ops,
    })
}

fn run_strategy(
    program: &Program,
    ready: &Ready<'_>,
    baseline: &Baseline,
    options: &CompareOptions,
) -> Row {
    let mut row = Row {
        program: program.name.clone(),
        strategy: ready.strategy.name.clone(),
        verdict: String::new(),
        jit: None,
        input_ops: baseline.ops,
        own_allocs: baseline.outcome.report.allocs,
        ideal_peak_bytes: baseline.outcome.report.ideal_peak_bytes,
        metrics: None,
        transform_time: Duration::ZERO,
        output: None,
    };
    let start = Instant::now();
    let transformed = transform(program, ready);
    row.transform_time = start.elapsed();
    let (ctx, module) = match transformed {
        Ok(done) => done,
        Err(why) => {
            row.verdict = format!("transform failed: {why}");
            return row;
        }
    };
    let output = print_module(&ctx, module, &PrintOptions::default());
    let outcome = run_function(&ctx, module, &options.entry, &options.run);
    row.verdict = interpreter_verdict(&outcome, baseline);
    row.metrics = Some(metrics(&ctx, module, &outcome));
    row.output = Some(output);
    row
}

/// Runs the strategy on the program; the transformed module, or why there is none.
fn transform(program: &Program, ready: &Ready<'_>) -> Result<(Context, Op), String> {
    match (&ready.prepared, &ready.strategy.kind) {
        (Prepared::Passes(manager), _) => {
            let (mut ctx, module) = parse_verified(&program.name, &program.text, Some(manager))?;
            let mut log = RunLog::default();
            manager.run(&mut ctx, module, &mut log).map_err(|failed| {
                failed
                    .diagnostics
                    .first()
                    .map_or_else(|| "a pass failed".to_string(), |d| d.message.clone())
            })?;
            Ok((ctx, module))
        }
        (
            Prepared::External,
            StrategyKind::External {
                program: tool,
                args,
            },
        ) => {
            let printed = run_external(tool, args, &program.text)?;
            parse_verified(&program.name, &printed, None).map_err(|why| format!("its output {why}"))
        }
        (Prepared::External, StrategyKind::Pipeline(_)) => Err("not an external tool".into()),
    }
}

/// Feeds `input` to `tool args` on stdin; its stdout, or its first line of stderr.
fn run_external(tool: &str, args: &[String], input: &str) -> Result<String, String> {
    use std::io::Write as _;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {tool}: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .map_err(|e| format!("cannot feed {tool}: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{tool} failed: {e}"))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "{tool} failed: {}",
            stderr.lines().next().unwrap_or("no message")
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `ok`, or what is wrong with the run of a strategy's output.
fn interpreter_verdict(outcome: &RunOutcome, baseline: &Baseline) -> String {
    if let Some(error) = &outcome.error {
        return format!("stopped: {}", error.kind.name());
    }
    if !outcome.report.errors.is_empty() {
        let mut kinds: Vec<&str> = outcome
            .report
            .errors
            .iter()
            .map(|e| e.kind.name())
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        return format!("heap errors: {}", kinds.join(", "));
    }
    if mask_addresses(&outcome.stdout) != baseline.stdout {
        return "prints differently".to_string();
    }
    "ok".to_string()
}

/// `ok`, or what is wrong with the output's run under the JIT; `expected` is what the input
/// printed, addresses masked.
fn jit_verdict(run: &Result<JitOutcome, JitError>, expected: &str) -> String {
    match run {
        Err(e) => format!(
            "fails: {}",
            e.to_string().lines().next().unwrap_or_default()
        ),
        Ok(run) if run.leaks > 0 || run.bad_frees > 0 => {
            format!("leaks {}, bad frees {}", run.leaks, run.bad_frees)
        }
        Ok(run) if mask_addresses(&run.stdout) != expected => "prints differently".to_string(),
        Ok(_) => "ok".to_string(),
    }
}

fn metrics(ctx: &Context, module: Op, outcome: &RunOutcome) -> Metrics {
    let report = &outcome.report;
    Metrics {
        allocs: report.allocs,
        stack_allocs: report.stack_allocs,
        frees: report.frees,
        peak_bytes: report.peak_bytes,
        clones: report.clones,
        bytes_copied: report.bytes_copied,
        alias_checks: report.alias_checks,
        steps: report.steps,
        static_counts: static_counts(ctx, module),
    }
}

/// Counts the ops of `module`, those known to allocate or free memory, and the clones.
pub fn static_counts(ctx: &Context, module: Op) -> StaticCounts {
    let mut counts = StaticCounts::default();
    for op in ctx.walk_preorder(module) {
        counts.ops += 1;
        if let Effects::Known(effects) = ctx.memory_effects(op) {
            counts.allocs += u64::from(effects.iter().any(|e| e.kind == EffectKind::Allocate));
            counts.frees += u64::from(effects.iter().any(|e| e.kind == EffectKind::Free));
        }
        counts.clones += u64::from(CloneOp::of(ctx, op).is_some());
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEAKY: &str = "func.func private @printI64(i64)\nfunc.func @main() {\n  %c0 = arith.constant 0 : index\n  %c7 = arith.constant 7 : i64\n  %m = memref.alloc() : memref<2xi64>\n  memref.store %c7, %m[%c0] : memref<2xi64>\n  %v = memref.load %m[%c0] : memref<2xi64>\n  call @printI64(%v) : (i64) -> ()\n  return\n}\n";

    #[test]
    fn the_ownership_strategy_frees_what_the_input_leaks() {
        let programs = Program::of_file("leaky.mlir", LEAKY);
        let strategies = [
            Strategy::pipeline("ownership", "buffer-deallocation-pipeline"),
            Strategy::pipeline("nothing", "canonicalize"),
        ];
        let mut seen = 0;
        let result = compare(
            &programs,
            &strategies,
            &CompareOptions::default(),
            &mut |_| seen += 1,
        );
        assert_eq!(seen, 2);
        let [ownership, nothing] = result.rows.as_slice() else {
            panic!("two rows expected: {:?}", result.rows);
        };
        assert_eq!(ownership.verdict, "ok");
        assert_eq!(ownership.own_allocs, 1);
        let m = ownership.metrics.as_ref().expect("ran");
        assert_eq!((m.allocs, m.frees, m.peak_bytes), (1, 1, 16));
        assert_eq!(m.static_counts.frees, 1);
        assert_eq!(nothing.verdict, "heap errors: leak");
    }

    #[test]
    fn programs_without_an_entry_are_skipped_with_a_note() {
        let programs = Program::of_file("lib.mlir", "func.func @f() {\n  return\n}\n");
        let strategies = [Strategy::pipeline(
            "ownership",
            "buffer-deallocation-pipeline",
        )];
        let result = compare(
            &programs,
            &strategies,
            &CompareOptions::default(),
            &mut |_| {},
        );
        assert!(result.rows.is_empty());
        assert_eq!(
            result.notes,
            ["program lib.mlir skipped: no @main() to run"]
        );
    }

    #[test]
    fn dealloc_opt_compare_prints_every_strategy() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let out = crate::driver::run_captured(&args(&["--compare=csv", "-"]), Some(LEAKY));
        assert_eq!(out.code, 0, "{}", out.stderr);
        let ownership = out
            .stdout
            .lines()
            .find(|l| l.starts_with("<stdin>,ownership,ok,,1,1,0,1,16,16,"));
        assert!(ownership.is_some(), "{}", out.stdout);
        let passes = crate::driver::run_captured(&args(&["--compare", "--cse", "-"]), Some(LEAKY));
        assert!(
            passes.stderr.contains("takes no passes"),
            "{}",
            passes.stderr
        );
        let format = crate::driver::run_captured(&args(&["--compare=xml", "-"]), Some(LEAKY));
        assert!(
            format.stderr.contains("unknown format 'xml'"),
            "{}",
            format.stderr
        );
    }

    #[test]
    fn split_files_give_one_program_per_chunk_with_their_lines() {
        let programs = Program::of_file("f.mlir", "a\n// -----\nb\n");
        assert_eq!(programs.len(), 2);
        assert_eq!(programs[1].name, "f.mlir#2");
        assert_eq!(programs[1].text, "\n\nb\n");
    }
}
