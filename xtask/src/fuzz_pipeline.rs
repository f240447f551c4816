//! `cargo xtask fuzz`: differential fuzzing of the deallocation pipelines.
//!
//! `fuzz [--count N] [--seed S] [--pipeline PIPELINE]... [--seconds T] [--repros K] [--jit]`
//!
//! Program `i` is generated from seed `S + i` by [`crate::generator`]. Each program must parse,
//! verify and run cleanly in the interpreter (leaks allowed); anything else is a generator bug
//! and is reported as such. Then, for each pipeline (unless `--pipeline` picks some: every
//! registered deallocation pipeline of `compare`'s strategy list with each option combination
//! this build accepts, and `ownership-based-buffer-deallocation` alone), in-process: run the
//! passes (verifying after each), run the result. The run after must print the same text,
//! finish, and have no heap error at all (no leak, double free, invalid free, use after
//! free...); the printed result must parse and verify again. A failure is shrunk by deleting statements of the generator's tree while the
//! same failure persists, and the reproducer is written to
//! `tests/fuzz-regressions/pending/<pipeline>-<seed>.mlir.pending` (the file-test harness skips
//! that extension; rename to `.mlir` and bless once fixed). At most `K` (default 2) reproducers
//! are written per distinct failure signature; the rest are counted.
//!
//! With `--jit`, every program that passes is also judged by the real MLIR JIT
//! ([`interp::jit`]): the input must print under `mlir-runner-22` what it prints in the
//! interpreter, and the pipeline's printed output must print the same with no leak and no free
//! of a pointer that is not live. Programs are judged in chunks of 16: the interpreter first,
//! then the JIT in batches ([`Jit::run_batch`], one `mlir-opt-22` and one `mlir-runner-22` run
//! for many texts) on each input once and each distinct output once, as pipelines often print
//! the same text; each program and pipeline gets the verdict single runs would give it.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Result;
use interp::jit::{BatchStats, Jit, JitError, JitOutcome};
use interp::{RunConfig, RunOutcome, run_function};
use ir::Context;
use ir::asm::{ParseOptions, PrintOptions, parse_module, print_module};
use pipeline::manager::{Instrumentation, PassManager, RunLog};
use pipeline::pipeline_text::{expand, parse_pipeline};

use crate::generator::{Coverage, GenConfig, Program, generate};

/// Pipelines fuzzed by default besides every registered named pipeline and option combination
/// of `compare`'s strategy list ([`pipeline::compare::registered_pipelines`]).
const EXTRA_PIPELINES: &[&str] = &["ownership-based-buffer-deallocation"];

/// Step budget of each interpreter run.
const MAX_STEPS: u64 = 2_000_000;

/// Candidate programs tried while shrinking one failure, at most.
const SHRINK_BUDGET: usize = 3000;

/// Command-line settings.
struct Settings {
    count: u64,
    seed: u64,
    pipelines: Vec<String>,
    deadline: Option<Duration>,
    repros_per_signature: usize,
    gen_config: GenConfig,
    /// The `--avoid` text, repeated in reproducers.
    avoid: String,
    /// The JIT judge, with `--jit`.
    jit: Option<Jit>,
}

/// The generator's configuration minus the constructs `--avoid a,b` names (to look past a
/// known bug): `region-cfg` (`cf` inside `scf.execute_region`), `cf-loops`.
fn gen_config(avoid: Option<&str>) -> Result<GenConfig> {
    let mut cfg = GenConfig::default();
    for what in avoid.unwrap_or("").split(',').filter(|w| !w.is_empty()) {
        match what {
            "region-cfg" => cfg.region_cfg = false,
            "cf-loops" => cfg.cf_loops = false,
            other => anyhow::bail!("--avoid: unknown construct '{other}' (region-cfg, cf-loops)"),
        }
    }
    Ok(cfg)
}

/// `cargo xtask fuzz`.
#[derive(clap::Args)]
pub struct FuzzArgs {
    /// Programs to generate
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Seed of the first program (program i uses seed + i)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A pipeline to fuzz, `name` or `name{options}` (repeatable; default: every registered
    /// deallocation pipeline with each option combination, and the ownership-based pass alone)
    #[arg(long = "pipeline", value_name = "PIPELINE")]
    pipelines: Vec<String>,
    /// Stop after this many seconds
    #[arg(long)]
    seconds: Option<u64>,
    /// Reproducers written per distinct failure
    #[arg(long, default_value_t = 2)]
    repros: usize,
    /// Constructs not to generate, comma-separated: region-cfg, cf-loops
    #[arg(long, default_value = "")]
    avoid: String,
    /// Also judge every program by the real MLIR JIT (mlir-runner-22)
    #[arg(long)]
    jit: bool,
    /// Instead of judging by execution, compare our pipeline's output with mlir-opt-22's
    /// (static allocations, clones, helper calls, scf.if; allocations, clones, peak when run)
    #[arg(long)]
    against_mlir_opt: bool,
    /// With --against-mlir-opt: compare on the test chunks instead of generated programs
    #[arg(long, requires = "against_mlir_opt")]
    files: bool,
    /// With --against-mlir-opt: shrink each generated program where our output executes more
    /// (peak bytes, allocations, clones) or holds more allocations than mlir-opt-22's, keeping
    /// that difference, into target/fuzz-against-mlir-opt/shrunk/
    #[arg(long, requires = "against_mlir_opt", conflicts_with = "files")]
    shrink: bool,
}

/// The default pipelines: every registered one of the strategy list, then the extras.
fn default_pipelines() -> Vec<String> {
    let mut list = pipeline::compare::registered_pipelines();
    list.extend(EXTRA_PIPELINES.iter().map(|p| p.to_string()));
    list
}

/// Runs the fuzzer (see the module doc); `--against-mlir-opt` runs [`crate::fuzz_upstream`]
/// instead.
pub fn run(args: FuzzArgs) -> Result<()> {
    if args.against_mlir_opt {
        let deadline = args.seconds.map(Duration::from_secs);
        let inputs = if args.files {
            crate::fuzz_upstream::Inputs::Files
        } else {
            crate::fuzz_upstream::Inputs::Generated {
                count: args.count,
                seed: args.seed,
                shrink: args.shrink,
            }
        };
        return crate::fuzz_upstream::run(inputs, deadline);
    }
    let settings = Settings {
        count: args.count,
        seed: args.seed,
        pipelines: if args.pipelines.is_empty() {
            default_pipelines()
        } else {
            args.pipelines
                .iter()
                .map(|p| p.trim_start_matches('-').to_string())
                .collect()
        },
        deadline: args.seconds.map(Duration::from_secs),
        repros_per_signature: args.repros,
        gen_config: gen_config(Some(&args.avoid))?,
        avoid: args.avoid,
        jit: if args.jit {
            Some(Jit::new().map_err(|why| anyhow::anyhow!("--jit: {why}"))?)
        } else {
            None
        },
    };
    println!("fuzz: pipelines {}", settings.pipelines.join(", "));
    std::panic::set_hook(Box::new(|_| {}));
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || fuzz_loop(&settings))?;
    let result = handle
        .join()
        .map_err(|_| anyhow::anyhow!("fuzz thread died"))?;
    let _ = std::panic::take_hook();
    let stats = result?;
    stats.print();
    if stats.failures > 0 || stats.generator_bugs > 0 {
        // The summary says it all; exit without an error backtrace.
        std::process::exit(1);
    }
    Ok(())
}

/// A pipeline ready to run, with its name.
pub(crate) struct Pipeline {
    name: String,
    pub(crate) pm: PassManager,
    /// Also judge by the real MLIR JIT.
    jit: Option<Jit>,
}

/// Builds `name` or `name{options}` (any textual pipeline).
pub(crate) fn build_pipeline(name: &str, jit: Option<Jit>) -> Result<Pipeline> {
    let elements = parse_pipeline(name)
        .and_then(|p| expand(p, 0))
        .map_err(|e| anyhow::anyhow!("bad pipeline '{name}': {e}"))?;
    let pm = PassManager::build(&elements, Instrumentation::default())
        .map_err(|e| anyhow::anyhow!("bad pipeline '{name}': {e}"))?;
    Ok(Pipeline {
        name: name.to_string(),
        pm,
        jit,
    })
}

/// What went wrong with one program under one pipeline.
#[derive(Clone, Debug)]
struct Failure {
    /// A short, name- and number-free description: failures with the same signature are
    /// considered the same bug.
    signature: String,
    /// The full story for the reproducer's header.
    detail: String,
}

impl Failure {
    fn new(signature: impl Into<String>, detail: impl Into<String>) -> Failure {
        Failure {
            signature: signature.into(),
            detail: detail.into(),
        }
    }
}

/// One distinct failure signature and where it was seen.
#[derive(Default)]
struct Bug {
    count: u64,
    first_seed: u64,
    reproducers: Vec<PathBuf>,
}

#[derive(Default)]
struct Stats {
    programs: u64,
    ops: u64,
    checks: u64,
    failures: u64,
    generator_bugs: u64,
    elapsed: Duration,
    shrink_time: Duration,
    seed: u64,
    coverage: Coverage,
    bugs: BTreeMap<(String, String), Bug>,
    generator_bug_examples: Vec<(u64, String)>,
    /// With `--jit`: outputs that passed in process (one per program and pipeline).
    jit_outputs: u64,
    /// With `--jit`: texts the JIT judged (each input once, each distinct output once).
    jit_texts: u64,
    jit_batches: BatchStats,
}

impl Stats {
    fn print(&self) {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let fuzz_secs = (self.elapsed - self.shrink_time).as_secs_f64().max(1e-9);
        println!("fuzz: seeds {}..{}", self.seed, self.seed + self.programs);
        println!(
            "  programs generated: {} ({} ops total, {:.1} ops/program)",
            self.programs,
            self.ops,
            self.ops as f64 / self.programs.max(1) as f64
        );
        println!(
            "  pipeline runs: {}; failing programs: {}; distinct failures: {}; generator bugs: {}",
            self.checks,
            self.failures,
            self.bugs.len(),
            self.generator_bugs
        );
        println!(
            "  time: {:.1?} ({:.1?} shrinking); throughput: {:.0} programs/min overall, {:.0} programs/min excluding shrinking",
            self.elapsed,
            self.shrink_time,
            self.programs as f64 * 60.0 / secs,
            self.programs as f64 * 60.0 / fuzz_secs
        );
        if self.jit_texts > 0 {
            let b = &self.jit_batches;
            println!(
                "  jit: {} texts judged for {} programs and {} outputs; {} batches lowered, {} run; {} texts run alone",
                self.jit_texts, self.programs, self.jit_outputs, b.lowerings, b.runs, b.alone
            );
        }
        println!("  coverage (constructs generated):");
        for (name, n) in &self.coverage.counts {
            println!("    {name:<40} {n}");
        }
        for ((pipeline, sig), bug) in &self.bugs {
            println!(
                "  FAILURE [{pipeline}] {sig}: {} programs, first seed {}",
                bug.count, bug.first_seed
            );
            for r in &bug.reproducers {
                println!("    reproducer: {}", r.display());
            }
        }
        for (seed, what) in &self.generator_bug_examples {
            println!("  GENERATOR BUG seed {seed}: {what}");
        }
    }
}

/// Programs generated and judged by the interpreter before the JIT judges them in one batch.
const JIT_CHUNK: u64 = 16;

/// One generated program and what each pipeline made of it (its printed output when the
/// in-process checks passed).
struct Judged {
    seed: u64,
    program: Program,
    text: String,
    before: RunOutcome,
    verdicts: Vec<Result<String, Failure>>,
}

fn fuzz_loop(s: &Settings) -> Result<Stats> {
    let pipelines: Vec<Pipeline> = s
        .pipelines
        .iter()
        .map(|p| build_pipeline(p, s.jit.clone()))
        .collect::<Result<_>>()?;
    let start = Instant::now();
    let mut stats = Stats {
        seed: s.seed,
        ..Stats::default()
    };
    let chunk = if s.jit.is_some() { JIT_CHUNK } else { 1 };
    let mut i = 0;
    while i < s.count && s.deadline.is_none_or(|d| start.elapsed() < d) {
        let end = (i + chunk).min(s.count);
        let mut judged: Vec<Judged> = (i..end)
            .filter_map(|n| generate_and_judge(s, &pipelines, s.seed.wrapping_add(n), &mut stats))
            .collect();
        if let Some(jit) = &s.jit {
            judge_chunk_by_jit(jit, &mut judged, &mut stats);
        }
        for j in judged {
            record_verdicts(s, &pipelines, j, &mut stats)?;
        }
        if (i / 5000) != (end / 5000) {
            eprintln!(
                "fuzz: {end} programs, {} failing, {:.0?}",
                stats.failures,
                start.elapsed()
            );
        }
        i = end;
    }
    stats.elapsed = start.elapsed();
    Ok(stats)
}

/// Generates program `seed`, checks it is a valid test and runs every pipeline on it in
/// process; `None` (counted as a generator bug) when it is not a valid test.
fn generate_and_judge(
    s: &Settings,
    pipelines: &[Pipeline],
    seed: u64,
    stats: &mut Stats,
) -> Option<Judged> {
    let (program, cov) = generate(seed, s.gen_config);
    stats.coverage.merge(&cov);
    stats.programs += 1;
    let text = program.render();
    let before = match prepare(&text) {
        Ok((ops, before)) => {
            stats.ops += ops;
            before
        }
        Err(why) => {
            stats.generator_bugs += 1;
            if stats.generator_bug_examples.len() < 5 {
                let dir = repo_root().join("target/fuzz-generator-bugs");
                let path = dir.join(format!("{seed}.mlir"));
                let _ = std::fs::create_dir_all(&dir)
                    .and_then(|()| std::fs::write(&path, format!("// {why}\n{text}")));
                stats
                    .generator_bug_examples
                    .push((seed, format!("{why} ({})", path.display())));
            }
            return None;
        }
    };
    let verdicts = pipelines
        .iter()
        .map(|p| judge_in_process(&text, p, &before))
        .collect();
    Some(Judged {
        seed,
        program,
        text,
        before,
        verdicts,
    })
}

/// The `--jit` check of a chunk of programs in one batch: each input once, each distinct
/// output once (pipelines often print the same text), then the verdict of each pipeline.
fn judge_chunk_by_jit(jit: &Jit, judged: &mut [Judged], stats: &mut Stats) {
    let mut texts: Vec<&str> = Vec::new();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut input_of = Vec::new();
    for j in judged.iter() {
        input_of.push(texts.len());
        texts.push(&j.text);
        for output in j.verdicts.iter().flatten() {
            stats.jit_outputs += 1;
            index.entry(output).or_insert_with(|| {
                texts.push(output);
                texts.len() - 1
            });
        }
    }
    stats.jit_texts += texts.len() as u64;
    let (outcomes, batch) = jit.run_batch(&texts, "main");
    stats.jit_batches.add(batch);
    let outputs: Vec<Option<usize>> = judged
        .iter()
        .flat_map(|j| {
            j.verdicts
                .iter()
                .map(|v| v.as_ref().ok().map(|o| index[o.as_str()]))
        })
        .collect();
    let mut outputs = outputs.into_iter();
    for (j, input) in judged.iter_mut().zip(input_of) {
        let before = &j.before;
        for verdict in &mut j.verdicts {
            let Some(output) = outputs.next().flatten() else {
                continue;
            };
            if let Ok(printed) = verdict {
                let by_jit = jit_verdict(&outcomes[input], &outcomes[output], printed, before);
                if let Err(failure) = by_jit {
                    *verdict = Err(failure);
                }
            }
        }
    }
}

/// Counts the verdicts of one program and shrinks and saves its failures.
fn record_verdicts(
    s: &Settings,
    pipelines: &[Pipeline],
    j: Judged,
    stats: &mut Stats,
) -> Result<()> {
    let mut failed = false;
    for (p, verdict) in pipelines.iter().zip(j.verdicts) {
        stats.checks += 1;
        if let Err(failure) = verdict {
            failed = true;
            record_failure(s, p, &j.program, j.seed, &failure, stats)?;
        }
    }
    stats.failures += u64::from(failed);
    Ok(())
}

/// Notes one failure; shrinks it and writes a reproducer while its signature has fewer than
/// `--repros` of them.
fn record_failure(
    s: &Settings,
    p: &Pipeline,
    program: &Program,
    seed: u64,
    failure: &Failure,
    stats: &mut Stats,
) -> Result<()> {
    let key = (p.name.clone(), failure.signature.clone());
    let wanted = stats
        .bugs
        .get(&key)
        .is_none_or(|b| b.reproducers.len() < s.repros_per_signature);
    let mut reproducer = None;
    if wanted {
        let t = Instant::now();
        let small = shrink(program, p, &failure.signature);
        stats.shrink_time += t.elapsed();
        let out_dir = repo_root().join("tests/fuzz-regressions/pending");
        let path = out_dir.join(format!("{}-{seed}.mlir.pending", file_stem(&p.name)));
        let mut command = format!(
            "cargo xtask fuzz --seed {seed} --count 1 --pipeline '{}'",
            p.name
        );
        if s.jit.is_some() {
            command.push_str(" --jit");
        }
        if !s.avoid.is_empty() {
            command.push_str(&format!(" --avoid {}", s.avoid));
        }
        write_reproducer(&path, p, &command, failure, &small)?;
        eprintln!(
            "fuzz: seed {seed} [{}] {} -> {}",
            p.name,
            failure.signature,
            path.display()
        );
        reproducer = Some(path);
    }
    let bug = stats.bugs.entry(key).or_insert_with(|| Bug {
        first_seed: seed,
        ..Bug::default()
    });
    bug.count += 1;
    bug.reproducers.extend(reproducer);
    Ok(())
}

pub(crate) fn repo_root() -> PathBuf {
    let xtask = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().map(PathBuf::from).unwrap_or(xtask)
}

pub(crate) fn run_config() -> RunConfig {
    RunConfig {
        max_steps: MAX_STEPS,
        ..RunConfig::default()
    }
}

/// The configuration of a run of a pass's output whose input ran `before`: deallocation adds
/// ops (frees, flags, pointer checks), so an input close to [`MAX_STEPS`] may exceed it after
/// the passes and still be correct; the budget grows to four times the input's steps.
pub(crate) fn run_config_after(before: &RunOutcome) -> RunConfig {
    RunConfig {
        max_steps: MAX_STEPS.max(before.report.steps.saturating_mul(4)),
        ..RunConfig::default()
    }
}

pub(crate) fn parse_verified(text: &str) -> Result<(Context, ir::Op), String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "<fuzz>", text, &ParseOptions::default())
        .map_err(|d| format!("parse error: {}", d.message))?;
    ir::verify::verify(&ctx, module).map_err(|errs| {
        let first = errs.first().map(|d| d.message.clone()).unwrap_or_default();
        format!("verifier error: {first}")
    })?;
    Ok((ctx, module))
}

/// Parses, verifies and runs the input; its op count and run, or why it is not a valid test.
pub(crate) fn prepare(text: &str) -> Result<(u64, RunOutcome), String> {
    let (ctx, module) = parse_verified(text)?;
    let ops = ctx.walk_preorder(module).len() as u64;
    let before = catch_unwind(AssertUnwindSafe(|| {
        run_function(&ctx, module, "main", &run_config())
    }))
    .map_err(|p| format!("interpreter panicked: {}", panic_text(&p)))?;
    if let Some(why) = before.unfit_as_input() {
        return Err(format!("run before the passes: {why}"));
    }
    if let Some(w) = before.report.warnings.first() {
        return Err(format!(
            "run before the passes has a warning: {} {}",
            w.kind.name(),
            w.message
        ));
    }
    Ok((ops, before))
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic)".to_string()
    }
}

/// Replaces digits and SSA names so messages of the same bug compare equal.
fn normalize(msg: &str) -> String {
    let first = msg.lines().next().unwrap_or("");
    let mut out = String::new();
    let mut chars = first.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push('N');
        } else {
            out.push(c);
        }
    }
    out.chars().take(120).collect()
}

/// Runs `p` on `text` and judges the result against `before` (by the JIT too with `--jit`).
fn judge(text: &str, p: &Pipeline, before: &RunOutcome) -> Result<(), Failure> {
    let printed = judge_in_process(text, p, before)?;
    match &p.jit {
        Some(jit) => judge_by_jit(jit, text, &printed, before),
        None => Ok(()),
    }
}

/// Runs `p` on `text` and judges the result against `before` in process (interpreter,
/// printer, parser); the printed result when it passes.
fn judge_in_process(text: &str, p: &Pipeline, before: &RunOutcome) -> Result<String, Failure> {
    let pm = &p.pm;
    let (mut ctx, module) = parse_verified(text).map_err(|e| Failure::new("input rejected", e))?;
    let mut log = RunLog::default();
    let ran = catch_unwind(AssertUnwindSafe(|| pm.run(&mut ctx, module, &mut log)));
    match ran {
        Err(p) => {
            let msg = panic_text(&p);
            return Err(Failure::new(
                format!("pass panicked: {}", normalize(&msg)),
                msg,
            ));
        }
        Ok(Err(failed)) => {
            let msgs: Vec<String> = failed
                .diagnostics
                .iter()
                .map(|d| d.message.clone())
                .collect();
            let first = msgs.first().cloned().unwrap_or_default();
            return Err(Failure::new(
                format!("pass failed: {}", normalize(&first)),
                msgs.join("\n"),
            ));
        }
        Ok(Ok(())) => {}
    }
    let printed = catch_unwind(AssertUnwindSafe(|| {
        print_module(&ctx, module, &PrintOptions::default())
    }))
    .map_err(|p| Failure::new("printer panicked", panic_text(&p)))?;
    // Run the transformed IR itself, so locations refer to the input's lines.
    let after = catch_unwind(AssertUnwindSafe(|| {
        run_function(&ctx, module, "main", &run_config_after(before))
    }))
    .map_err(|p| Failure::new("interpreter panicked after the passes", panic_text(&p)))?;
    if let Some(e) = &after.error {
        return Err(Failure::new(
            format!("run after the passes failed: {:?}", e.kind),
            format!("{e}\n{printed}"),
        ));
    }
    if after.stdout != before.stdout {
        return Err(Failure::new(
            "printed output differs",
            format!(
                "before:\n{}after:\n{}\n{printed}",
                before.stdout, after.stdout
            ),
        ));
    }
    if !after.report.has_no_errors() {
        let mut kinds: Vec<&str> = after.report.errors.iter().map(|e| e.kind.name()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let detail: Vec<String> = after
            .report
            .errors
            .iter()
            .take(5)
            .map(|e| {
                format!(
                    "{} at {}: {} (allocated at {})",
                    e.kind.name(),
                    e.location.as_deref().unwrap_or("?"),
                    e.message,
                    e.alloc_site.as_deref().unwrap_or("?")
                )
            })
            .collect();
        return Err(Failure::new(
            format!("heap errors after the passes: {}", kinds.join(", ")),
            format!("{}\n{printed}", detail.join("\n")),
        ));
    }
    parse_verified(&printed).map_err(|e| {
        Failure::new(
            format!("output rejected: {}", normalize(&e)),
            format!("{e}\n{printed}"),
        )
    })?;
    Ok(printed)
}

/// The `--jit` check: the input under the JIT prints what the interpreter printed, and the
/// output prints the same, with a clean heap.
fn judge_by_jit(jit: &Jit, input: &str, output: &str, before: &RunOutcome) -> Result<(), Failure> {
    let original = jit.run(input, "main");
    let transformed = jit.run(output, "main");
    jit_verdict(&original, &transformed, output, before)
}

/// The signatures of the failures only the JIT finds.
const INPUT_FAILS: &str = "the input fails under the JIT";
const INPUT_DISAGREES: &str = "the JIT and the interpreter disagree on the input";
const OUTPUT_FAILS: &str = "the output fails under the JIT";
const OUTPUT_PRINTS_DIFFERENTLY: &str = "the JIT prints differently after the passes";
const OUTPUT_HEAP_UNCLEAN: &str = "the JIT heap is not clean after the passes";
const JIT_SIGNATURES: &[&str] = &[
    INPUT_FAILS,
    INPUT_DISAGREES,
    OUTPUT_FAILS,
    OUTPUT_PRINTS_DIFFERENTLY,
    OUTPUT_HEAP_UNCLEAN,
];

/// The `--jit` verdict from the JIT's runs of the input and of the output.
fn jit_verdict(
    original: &Result<JitOutcome, JitError>,
    transformed: &Result<JitOutcome, JitError>,
    output: &str,
    before: &RunOutcome,
) -> Result<(), Failure> {
    let original = original
        .as_ref()
        .map_err(|e| Failure::new(INPUT_FAILS, e.to_string()))?;
    if original.stdout != before.stdout {
        return Err(Failure::new(
            INPUT_DISAGREES,
            format!(
                "mlir-runner-22:\n{}\ninterpreter:\n{}",
                original.stdout, before.stdout
            ),
        ));
    }
    let transformed = transformed
        .as_ref()
        .map_err(|e| Failure::new(OUTPUT_FAILS, format!("{e}\n{output}")))?;
    if transformed.stdout != original.stdout {
        return Err(Failure::new(
            OUTPUT_PRINTS_DIFFERENTLY,
            format!(
                "before:\n{}\nafter:\n{}\n{output}",
                original.stdout, transformed.stdout
            ),
        ));
    }
    if !transformed.is_clean() {
        return Err(Failure::new(
            OUTPUT_HEAP_UNCLEAN,
            format!(
                "leaks {} bad frees {}\n{output}",
                transformed.leaks, transformed.bad_frees
            ),
        ));
    }
    Ok(())
}

/// Whether `text` is a valid test that still fails `p` with `signature` (the JIT judges only
/// when the signature is one of its own).
fn still_fails(text: &str, p: &Pipeline, signature: &str) -> bool {
    let Ok((_, before)) = prepare(text) else {
        return false;
    };
    let verdict = match (&p.jit, judge_in_process(text, p, &before)) {
        (_, Err(f)) => Err(f),
        (Some(jit), Ok(printed)) if JIT_SIGNATURES.contains(&signature) => {
            judge_by_jit(jit, text, &printed, &before)
        }
        (_, Ok(_)) => Ok(()),
    };
    matches!(verdict, Err(f) if f.signature == signature)
}

/// Deletes statements of `program` while the failure persists.
fn shrink(program: &Program, p: &Pipeline, signature: &str) -> Program {
    shrink_while(program, |text| still_fails(text, p, signature))
}

/// Deletes statements of `program` while `keeps(rendered text)` holds, within
/// [`SHRINK_BUDGET`] tries.
pub fn shrink_while(program: &Program, mut keeps: impl FnMut(&str) -> bool) -> Program {
    let mut cur = program.clone();
    let mut tries = 0;
    loop {
        let mut progress = false;
        let mut i = 0;
        while i < cur.node_count() && tries < SHRINK_BUDGET {
            let mut cand = cur.clone();
            let mut k = i;
            delete_nth(&mut cand.nodes, &mut k);
            tries += 1;
            if keeps(&cand.render()) {
                cur = cand;
                progress = true;
            } else {
                i += 1;
            }
        }
        if !progress || tries >= SHRINK_BUDGET {
            return cur;
        }
    }
}

/// Deletes the node with pre-order index `*k`; returns whether it was found.
fn delete_nth(nodes: &mut Vec<crate::generator::Node>, k: &mut usize) -> bool {
    let mut i = 0;
    while i < nodes.len() {
        if *k == 0 {
            nodes.remove(i);
            return true;
        }
        *k -= 1;
        if let crate::generator::Node::Group { regions, .. } = &mut nodes[i] {
            for r in regions.iter_mut() {
                if delete_nth(r, k) {
                    return true;
                }
            }
        }
        i += 1;
    }
    false
}

/// The command-line flag running pipeline `name` or `name{options}`: `--name=options`.
fn pipeline_flag(pipeline: &str) -> String {
    match pipeline.split_once('{') {
        Some((name, options)) => format!("--{name}={}", options.trim_end_matches('}')),
        None => format!("--{pipeline}"),
    }
}

/// `pipeline` with the characters file names should not hold replaced.
fn file_stem(pipeline: &str) -> String {
    pipeline
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes a reproducer: RUN line, how it was found, the failure, the program, then the
/// failure's details as trailing comments (their locations refer to the file's own lines).
fn write_reproducer(
    path: &PathBuf,
    p: &Pipeline,
    command: &str,
    failure: &Failure,
    program: &Program,
) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut text = format!("// RUN: dealloc-opt %s {}\n", pipeline_flag(&p.name));
    text.push_str(&format!("// Fuzz reproducer, shrunk from `{command}`.\n"));
    text.push_str(&format!("// Failure: {}\n\n", failure.signature));
    text.push_str(&program.render());
    // Judge the file's own text so the locations in the details match its lines.
    let detail = prepare(&text)
        .ok()
        .and_then(|(_, before)| judge(&text, p, &before).err())
        .map_or_else(|| failure.detail.clone(), |f| f.detail);
    text.push_str("\n// Details:\n");
    // The messages, not the printed IR that follows them.
    for line in detail
        .lines()
        .take_while(|l| !l.starts_with("module") && !l.starts_with("func.func"))
        .take(8)
    {
        text.push_str(&format!("//   {line}\n"));
    }
    std::fs::write(path, text)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipelines_with_options_become_flags_and_file_names() {
        assert_eq!(
            pipeline_flag("buffer-deallocation-pipeline{hoist=true}"),
            "--buffer-deallocation-pipeline=hoist=true"
        );
        assert_eq!(pipeline_flag("expand-realloc"), "--expand-realloc");
        assert_eq!(
            file_stem("buffer-deallocation-pipeline{hoist=true}"),
            "buffer-deallocation-pipeline_hoist_true_"
        );
    }

    #[test]
    fn every_registered_pipeline_builds() {
        let defaults = default_pipelines();
        assert!(defaults.contains(&"buffer-deallocation-pipeline{hoist=true}".to_string()));
        for name in defaults {
            assert!(build_pipeline(&name, None).is_ok(), "{name}");
        }
    }

    /// Judging a chunk in JIT batches gives each program and pipeline the verdict that judging
    /// it alone gives (when the tools are installed).
    #[test]
    fn batched_jit_verdicts_are_those_of_single_runs() {
        let Ok(jit) = Jit::new() else {
            eprintln!("jit: SKIPPED (mlir-opt-22, mlir-runner-22 or cc missing)");
            return;
        };
        let names = ["buffer-deallocation-pipeline", "hlo-deallocation-pipeline"];
        let pipelines: Vec<Pipeline> = names
            .iter()
            .map(|n| build_pipeline(n, Some(jit.clone())).unwrap())
            .collect();
        let settings = Settings {
            count: 4,
            seed: 1,
            pipelines: names.iter().map(|n| n.to_string()).collect(),
            deadline: None,
            repros_per_signature: 0,
            gen_config: GenConfig::default(),
            avoid: String::new(),
            jit: Some(jit.clone()),
        };
        let mut stats = Stats::default();
        let mut judged: Vec<Judged> = (1..=4)
            .filter_map(|seed| generate_and_judge(&settings, &pipelines, seed, &mut stats))
            .collect();
        judge_chunk_by_jit(&jit, &mut judged, &mut stats);
        assert!(stats.jit_texts > 4 && stats.jit_batches.runs > 0);
        let signature = |v: Result<(), Failure>| v.err().map(|f| f.signature);
        for j in &judged {
            for (p, batched) in pipelines.iter().zip(&j.verdicts) {
                let alone = judge(&j.text, p, &j.before);
                let batched = batched.as_ref().map(|_| ()).map_err(Clone::clone);
                assert_eq!(signature(batched), signature(alone), "seed {}", j.seed);
            }
        }
    }
}
