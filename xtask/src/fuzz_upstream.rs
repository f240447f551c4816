//! `cargo xtask fuzz --against-mlir-opt`: our `--buffer-deallocation-pipeline` against
//! `mlir-opt-22`'s on generated programs, and the quality table of issue 13.
//!
//! `fuzz --against-mlir-opt [--count N] [--seed S] [--seconds T] [--files]`
//!
//! Program `i` is generated from seed `S + i` ([`crate::generator`], without the `cf` loops
//! and the program's own frees that upstream's pipeline rejects); with `--files`, the
//! inputs are instead every chunk of the `.mlir` file tests that has a `func.func @main` and
//! runs cleanly before any pass. Each input goes through our pipeline (in-process) and through
//! `mlir-opt-22 --buffer-deallocation-pipeline`; both outputs are counted statically (heap
//! allocations, clones, calls of the dealloc helper, `scf.if` that only guard frees, other
//! `scf.if`) and run in the interpreter (heap allocations and clones executed, peak bytes);
//! an output must print what the input
//! prints and leave a clean heap, or the input is left out (counted by reason: upstream's
//! pipeline has bugs of its own). A program is reported when our output
//! has more of any of these than upstream's (its text goes to
//! `target/fuzz-against-mlir-opt/<what>-<seed>.mlir`); a program whose peak exceeds the ideal
//! by more than 10% goes to `target/fuzz-against-mlir-opt/over-ideal/`. The summary also prints, for both
//! pipelines, the table of the issue: heap allocations executed over the program's own, peak
//! bytes over the ideal peak (every buffer freed right after its last access, as the
//! interpreter computes it on the input), how many programs are within 10% of that ideal, and
//! the clones executed.
//!
//! `mlir-opt-22`'s canonicalize drops a clone whose free it finds without asking whether
//! anything writes the clone or its source. Where its output has fewer ops writing a buffer a
//! clone may have made than ours (counted on the view-flow analysis; ours keeps every such
//! write), or holds fewer clones in a function than the input needs there (the source may be
//! written while the copy is still read: [`crate::clone_needs`]), the program is counted and
//! reported apart, under `target/fuzz-against-mlir-opt/upstream-drops-needed-clones/`:
//! upstream's output there is unsound in general, right only for some inputs. Our output
//! must never hold fewer clones than the input needs; a program where it does is reported as
//! a failure.
//!
//! With `--shrink`, each generated program on which our output executes more (peak bytes,
//! allocations, clones) or holds more allocations than upstream's is also shrunk, statement by
//! statement, for as long as that stays true, and written with both outputs to
//! `target/fuzz-against-mlir-opt/shrunk/<metric>-<seed>.mlir`: a starting point for finding
//! what upstream does better.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use analysis::alias::BufferViewFlowAnalysis;
use anyhow::Result;
use interp::RunOutcome;
use interp::jit::mask_addresses;
use ir::asm::{PrintOptions, print_module};
use ir::dialects::bufferization::CloneOp;
use ir::dialects::func::{CallOp, FuncOp};
use ir::dialects::memref::{AllocOp, DeallocOp};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::interfaces::own_value_effects;
use ir::{Context, EffectKind, Op, OpView, Value};
use pipeline::manager::RunLog;

use crate::clone_needs;
use crate::fuzz_pipeline::{self, Pipeline};
use crate::generator::{GenConfig, Program, generate};

/// The pipeline compared.
const PIPELINE: &str = "buffer-deallocation-pipeline";

/// Name prefix of the helper function of the generic dealloc lowering.
const HELPER_PREFIX: &str = "dealloc_helper";

/// What one output costs: static counts and the interpreter's numbers.
#[derive(Clone, Debug, Default)]
struct Cost {
    static_allocs: u64,
    static_clones: u64,
    helper_calls: u64,
    /// `scf.if` ops that only guard frees (`scf.if %c { memref.dealloc ... }`): where a free is
    /// placed, not what canonicalize left.
    free_guards: u64,
    /// Every other `scf.if`.
    ifs: u64,
    /// Ops that write a buffer some `bufferization.clone` may have made (see
    /// [`writes_into_clones`]).
    clone_writes: u64,
    /// How many clones each function holds (see [`crate::clone_needs`]).
    clones_by_function: BTreeMap<String, u64>,
    /// Whether the output holds fewer clones in a function than the input needs there.
    drops_needed_clones: bool,
    allocs: u64,
    clones: u64,
    peak: u64,
    /// The output itself.
    text: String,
}

impl Cost {
    fn with_text(self, text: String) -> Cost {
        Cost { text, ..self }
    }

    /// The metrics compared, with their names.
    fn metrics(&self) -> [(&'static str, u64); 8] {
        [
            ("static allocations", self.static_allocs),
            ("static clones", self.static_clones),
            ("helper calls", self.helper_calls),
            ("scf.if guarding frees", self.free_guards),
            ("scf.if (other)", self.ifs),
            ("allocations executed", self.allocs),
            ("clones executed", self.clones),
            ("peak bytes", self.peak),
        ]
    }
}

/// Totals over the programs for one pipeline: the table.
#[derive(Default)]
struct Quality {
    programs: u64,
    allocs: u64,
    clones: u64,
    /// Sum of ln(peak / ideal) over programs with an ideal peak.
    log_peak_ratio: f64,
    with_ideal: u64,
    within_10_percent: u64,
}

impl Quality {
    fn add(&mut self, cost: &Cost, ideal: u64) {
        self.programs += 1;
        self.allocs += cost.allocs;
        self.clones += cost.clones;
        if ideal > 0 {
            let ratio = cost.peak.max(1) as f64 / ideal as f64;
            self.log_peak_ratio += ratio.ln();
            self.with_ideal += 1;
            self.within_10_percent += u64::from(ratio <= 1.10);
        }
    }
}

/// Everything the run found.
#[derive(Default)]
struct Summary {
    inputs: u64,
    own_allocs: u64,
    /// Inputs left out, by reason.
    skipped: BTreeMap<&'static str, u64>,
    ours: Quality,
    upstream: Quality,
    /// Per metric: how many programs are worse than upstream, and the first few.
    worse: BTreeMap<&'static str, (u64, Vec<String>)>,
    /// The same for the programs where upstream dropped a clone the program needs: its output
    /// writes into fewer clones than ours (see [`writes_into_clones`]), or holds fewer clones
    /// in a function than the input needs there (see [`crate::clone_needs`]).
    worse_where_upstream_drops_needed_clones: BTreeMap<&'static str, (u64, Vec<String>)>,
    /// How many programs upstream dropped needed clones in.
    upstream_drops_needed_clones: u64,
    /// The programs where our output holds fewer clones in a function than the input needs
    /// there (a soundness bug of ours), the first few by name.
    ours_drops_needed_clones: (u64, Vec<String>),
    elapsed: Duration,
}

impl Summary {
    fn print(&self) {
        println!(
            "fuzz --against-mlir-opt: {} inputs compared, {:.1?}",
            self.inputs, self.elapsed
        );
        for (why, n) in &self.skipped {
            println!("  skipped, {why}: {n}");
        }
        println!("  {:<48} {:>14} {:>14}", "", "dealloc-opt", "mlir-opt-22");
        let own = self.own_allocs.max(1) as f64;
        let row = |name: &str, ours: String, theirs: String| {
            println!("  {name:<48} {ours:>14} {theirs:>14}");
        };
        row(
            "heap allocations executed / the program's own",
            format!("{:.2}x", self.ours.allocs as f64 / own),
            format!("{:.2}x", self.upstream.allocs as f64 / own),
        );
        let geo = |q: &Quality| (q.log_peak_ratio / q.with_ideal.max(1) as f64).exp();
        row(
            "peak bytes / ideal (geometric mean)",
            format!("{:.3}x", geo(&self.ours)),
            format!("{:.3}x", geo(&self.upstream)),
        );
        let within = |q: &Quality| format!("{} of {}", q.within_10_percent, q.with_ideal);
        row(
            "programs within 10% of the ideal peak",
            within(&self.ours),
            within(&self.upstream),
        );
        row(
            "clones executed",
            self.ours.clones.to_string(),
            self.upstream.clones.to_string(),
        );
        println!("  the program's own heap allocations: {}", self.own_allocs);
        if self.worse.is_empty() {
            println!("  no program where our output is worse than mlir-opt-22's");
        }
        for (metric, (count, examples)) in &self.worse {
            println!("  WORSE THAN UPSTREAM in {metric}: {count} programs");
            for e in examples {
                println!("    {e}");
            }
        }
        println!(
            "  programs where mlir-opt-22 drops a clone the program needs (it writes the copy, or writes the source while the copy is read later; unsound in general): {}",
            self.upstream_drops_needed_clones
        );
        for (metric, (count, examples)) in &self.worse_where_upstream_drops_needed_clones {
            println!("    of which our output has more {metric}: {count} programs");
            for e in examples {
                println!("      {e}");
            }
        }
        let (count, examples) = &self.ours_drops_needed_clones;
        if *count > 0 {
            println!(
                "  OUR OUTPUT DROPS A CLONE THE PROGRAM NEEDS in {count} programs: {}",
                examples.join(", ")
            );
        }
    }

    fn is_clean(&self) -> bool {
        self.worse.is_empty() && self.ours_drops_needed_clones.0 == 0
    }
}

/// One input: a name for reports, its text, and the generated program it renders (none for a
/// test chunk).
struct Input {
    name: String,
    text: String,
    program: Option<Program>,
}

/// What the comparison runs on.
pub enum Inputs {
    /// Every runnable chunk of the file tests.
    Files,
    /// `count` generated programs from `seed`; with `shrink`, each one we are worse on is also
    /// shrunk (see [`shrink_case`]).
    Generated { count: u64, seed: u64, shrink: bool },
}

/// Runs the comparison (see the module doc) on `inputs` until `deadline`.
pub fn run(inputs: Inputs, deadline: Option<Duration>) -> Result<()> {
    std::panic::set_hook(Box::new(|_| {}));
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || compare_all(&inputs, deadline))?;
    let summary = handle
        .join()
        .map_err(|_| anyhow::anyhow!("comparison thread died"))??;
    let _ = std::panic::take_hook();
    summary.print();
    if !summary.is_clean() {
        std::process::exit(1);
    }
    Ok(())
}

fn compare_all(inputs: &Inputs, deadline: Option<Duration>) -> Result<Summary> {
    let ours = fuzz_pipeline::build_pipeline(PIPELINE, None)?;
    let start = Instant::now();
    let mut summary = Summary::default();
    let out_dir = fuzz_pipeline::repo_root().join("target/fuzz-against-mlir-opt");
    let shrink = matches!(inputs, Inputs::Generated { shrink: true, .. });
    let mut next = input_stream(inputs);
    while let Some(input) = next() {
        if deadline.is_some_and(|d| start.elapsed() >= d) {
            break;
        }
        let worse_in = compare_one(&input, &ours, &out_dir, &mut summary);
        if shrink && let Some(metric) = worse_in {
            shrink_case(&input, &ours, metric, &out_dir.join("shrunk"));
        }
        if summary.inputs % 1000 == 0 && summary.inputs > 0 {
            eprintln!(
                "against mlir-opt: {} inputs, {:.0?}",
                summary.inputs,
                start.elapsed()
            );
        }
    }
    summary.elapsed = start.elapsed();
    Ok(summary)
}

/// The inputs, one at a time: generated programs, or the file tests' chunks.
fn input_stream(inputs: &Inputs) -> Box<dyn FnMut() -> Option<Input>> {
    let (count, seed) = match *inputs {
        Inputs::Files => {
            let mut chunks = test_chunks(&fuzz_pipeline::repo_root().join("tests")).into_iter();
            return Box::new(move || chunks.next());
        }
        Inputs::Generated { count, seed, .. } => (count, seed),
    };
    let mut i = 0;
    Box::new(move || {
        if i >= count {
            return None;
        }
        let s = seed.wrapping_add(i);
        i += 1;
        let (program, _) = generate(s, comparable_config());
        Some(Input {
            name: format!("seed-{s}"),
            text: program.render(),
            program: Some(program),
        })
    })
}

/// The generator's configuration without what `mlir-opt-22`'s pipeline rejects: `cf` loops
/// ("Only structured control-flow loops are supported") and frees the program does itself
/// ("memory free side-effect on MemRef value not supported").
fn comparable_config() -> GenConfig {
    GenConfig {
        cf_loops: false,
        own_frees: false,
        ..GenConfig::default()
    }
}

/// Every `// -----` chunk with `func.func @main` of the `.mlir` files under `dir` whose RUN
/// line does not expect diagnostics.
fn test_chunks(dir: &Path) -> Vec<Input> {
    let mut paths: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(|e| e.ok())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let run_line = text.lines().next().unwrap_or("");
        if run_line.contains("verify-diagnostics") || run_line.contains("allow-unregistered") {
            continue;
        }
        let rel = path
            .strip_prefix(dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (k, chunk) in text.split("\n// -----\n").enumerate() {
            if chunk.contains("func.func @main()") {
                out.push(Input {
                    name: format!("{}-{k}", rel.replace('/', "_")),
                    text: chunk.to_string(),
                    program: None,
                });
            }
        }
    }
    out
}

/// Compares one input; inputs that do not run cleanly, or that either side rejects, are
/// skipped and counted by reason (the ordinary fuzzer judges our pipeline's correctness).
/// Compares one input and adds it to the summary; returns the metric worth shrinking the
/// input for, if we are worse than upstream in one (see [`SHRUNK_METRICS`]).
fn compare_one(
    input: &Input,
    ours: &Pipeline,
    out_dir: &Path,
    summary: &mut Summary,
) -> Option<&'static str> {
    match costs(&input.text, ours) {
        Ok((before, our, upstream)) => {
            let worse = worse_metric(&our, &upstream);
            record(input, out_dir, summary, &before, our, upstream);
            worse
        }
        Err(skip) => {
            if let Some(stderr) = &skip.upstream_stderr {
                write_upstream_failure(&out_dir.join("upstream-fails"), input, stderr);
            }
            *summary.skipped.entry(skip.reason).or_default() += 1;
            None
        }
    }
}

/// Keeps an input `mlir-opt-22` rejects, with its error output as comments.
fn write_upstream_failure(dir: &Path, input: &Input, stderr: &str) {
    let text = format!(
        "{}\n// mlir-opt-22:\n// {}",
        input.text,
        stderr.replace('\n', "\n// ")
    );
    let _ = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(dir.join(format!("{}.mlir", input.name)), text));
}

/// The metrics a program is shrunk for, most telling first: what the output executes, then
/// the allocations it holds. Static clones, `scf.if` and helper calls are not shrunk for.
const SHRUNK_METRICS: [&str; 4] = [
    "peak bytes",
    "allocations executed",
    "clones executed",
    "static allocations",
];

/// The first of [`SHRUNK_METRICS`] in which `ours` exceeds `upstream`.
fn worse_metric(ours: &Cost, upstream: &Cost) -> Option<&'static str> {
    SHRUNK_METRICS
        .into_iter()
        .find(|m| metric(ours, m) > metric(upstream, m))
}

/// The value of the metric named `name`.
fn metric(cost: &Cost, name: &str) -> u64 {
    cost.metrics()
        .into_iter()
        .find_map(|(n, v)| (n == name).then_some(v))
        .unwrap_or(0)
}

/// Deletes statements of the generated `input` while our output stays worse than upstream's in
/// `metric` (both outputs still running cleanly), and writes the result to
/// `dir/<metric>-<name>.mlir` with both outputs.
fn shrink_case(input: &Input, ours: &Pipeline, metric_name: &str, dir: &Path) {
    let Some(program) = &input.program else {
        return;
    };
    let still_worse = |text: &str| {
        costs(text, ours).is_ok_and(|(_, a, b)| metric(&a, metric_name) > metric(&b, metric_name))
    };
    let small = fuzz_pipeline::shrink_while(program, still_worse);
    let shrunk = Input {
        name: format!("{}-{}", metric_name.replace(' ', "-"), input.name),
        text: small.render(),
        program: None,
    };
    let Ok((_, a, b)) = costs(&shrunk.text, ours) else {
        return;
    };
    let header = format!(
        "shrunk from {}: {metric_name} {} > {}",
        input.name,
        metric(&a, metric_name),
        metric(&b, metric_name)
    );
    let _ = write_case(dir, &shrunk, &header, &a.text, &b.text);
    eprintln!(
        "shrunk {} ({metric_name}) into {}",
        input.name,
        dir.display()
    );
}

/// Why an input is left out, with `mlir-opt-22`'s error output when it failed on it.
struct Skip {
    reason: &'static str,
    upstream_stderr: Option<String>,
}

impl From<&'static str> for Skip {
    fn from(reason: &'static str) -> Self {
        Skip {
            reason,
            upstream_stderr: None,
        }
    }
}

/// The input's own run and both outputs' costs for program `text`, or why it is left out.
fn costs(text: &str, ours: &Pipeline) -> Result<(RunOutcome, Cost, Cost), Skip> {
    let (_, before) = fuzz_pipeline::prepare(text).map_err(|_| "the input does not run cleanly")?;
    let our_text = run_ours(text, ours).ok_or("our pipeline fails")?;
    let our_cost = cost_of(&our_text, &before).map_err(|why| match why {
        Unfit::DoesNotRun => "our output does not run",
        Unfit::PrintsDifferently => "our output prints differently",
        Unfit::HeapErrors => "our output has heap errors",
    })?;
    let upstream_text = run_upstream(text).map_err(|stderr| Skip {
        reason: "mlir-opt-22 fails",
        upstream_stderr: Some(stderr),
    })?;
    let upstream_cost = cost_of(&upstream_text, &before).map_err(|why| match why {
        Unfit::DoesNotRun => "mlir-opt-22's output does not run",
        Unfit::PrintsDifferently => "mlir-opt-22's output prints differently (upstream bug)",
        Unfit::HeapErrors => "mlir-opt-22's output has heap errors (upstream bug)",
    })?;
    let needed = needed_clones_after_canonicalize(text);
    let judged = |cost: Cost, text: String| Cost {
        drops_needed_clones: clone_needs::drops_needed_clones(&needed, &cost.clones_by_function),
        ..cost.with_text(text)
    };
    Ok((
        before,
        judged(our_cost, our_text),
        judged(upstream_cost, upstream_text),
    ))
}

thread_local! {
    /// `canonicalize` alone, for [`needed_clones_after_canonicalize`].
    static CANONICALIZE: Option<Pipeline> = fuzz_pipeline::build_pipeline("canonicalize", None).ok();
}

/// The clones program `text` needs per function (see [`crate::clone_needs`]), counted after
/// our `canonicalize` (which both pipelines start with): a clone needed only on a path a
/// constant condition rules out, or a clone nothing reads, is not needed.
fn needed_clones_after_canonicalize(text: &str) -> BTreeMap<String, u64> {
    let canonical = CANONICALIZE
        .with(|canonicalize| canonicalize.as_ref().and_then(|p| run_ours(text, p)))
        .unwrap_or_else(|| text.to_string());
    fuzz_pipeline::parse_verified(&canonical)
        .map(|(ctx, module)| clone_needs::needed_clones(&ctx, module))
        .unwrap_or_default()
}

/// Adds one compared input to the summary; writes it out if we are worse.
fn record(
    input: &Input,
    out_dir: &Path,
    summary: &mut Summary,
    before: &RunOutcome,
    ours: Cost,
    upstream: Cost,
) {
    summary.inputs += 1;
    summary.own_allocs += before.report.allocs;
    let ideal = before.report.ideal_peak_bytes;
    summary.ours.add(&ours, ideal);
    summary.upstream.add(&upstream, ideal);
    if ours.drops_needed_clones {
        let (count, examples) = &mut summary.ours_drops_needed_clones;
        *count += 1;
        if examples.len() < 5 {
            examples.push(input.name.clone());
        }
        let dir = out_dir.join("ours-drops-needed-clones");
        let header = "our output holds fewer clones in a function than the input needs there";
        let _ = write_case(&dir, input, header, &ours.text, &upstream.text);
    }
    let upstream_drops_needed =
        upstream.clone_writes < ours.clone_writes || upstream.drops_needed_clones;
    summary.upstream_drops_needed_clones += u64::from(upstream_drops_needed);
    let worse = if upstream_drops_needed {
        &mut summary.worse_where_upstream_drops_needed_clones
    } else {
        &mut summary.worse
    };
    let mut worse_in = Vec::new();
    for ((metric, a), (_, b)) in ours.metrics().into_iter().zip(upstream.metrics()) {
        if a > b {
            worse_in.push(format!("{metric} {a} > {b}"));
            let entry = worse.entry(metric).or_default();
            entry.0 += 1;
            if entry.1.len() < 5 {
                entry.1.push(format!("{}: {a} > {b}", input.name));
            }
        }
    }
    if !worse_in.is_empty() {
        let (dir, note) = if upstream_drops_needed {
            let note = format!(
                " (mlir-opt-22 dropped a clone the program needs: it writes into {} clones, ours into {}; a function holds fewer clones than the input needs: {})",
                upstream.clone_writes, ours.clone_writes, upstream.drops_needed_clones
            );
            (out_dir.join("upstream-drops-needed-clones"), note)
        } else {
            (out_dir.to_path_buf(), String::new())
        };
        let header = format!("worse than mlir-opt-22 in: {}{note}", worse_in.join("; "));
        let _ = write_case(&dir, input, &header, &ours.text, &upstream.text);
    }
    if ideal > 0 && ours.peak as f64 > 1.10 * ideal as f64 {
        let header = format!(
            "peak bytes {} over the ideal {ideal} by more than 10% (mlir-opt-22: {})",
            ours.peak, upstream.peak
        );
        let dir = out_dir.join("over-ideal");
        let _ = write_case(&dir, input, &header, &ours.text, &upstream.text);
    }
}

/// Our pipeline's printed output, or `None` if it fails.
fn run_ours(text: &str, p: &Pipeline) -> Option<String> {
    let (mut ctx, module) = fuzz_pipeline::parse_verified(text).ok()?;
    let mut log = RunLog::default();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        p.pm.run(&mut ctx, module, &mut log)
    }));
    matches!(ran, Ok(Ok(()))).then(|| print_module(&ctx, module, &PrintOptions::default()))
}

/// How long one `mlir-opt-22` run may take before it counts as failing (a run takes well
/// under a second).
const UPSTREAM_TIME_LIMIT: Duration = Duration::from_secs(60);

/// `mlir-opt-22 --buffer-deallocation-pipeline` on `text`, or its error output if it fails
/// (or why it gave none: it could not start, or ran over [`UPSTREAM_TIME_LIMIT`]).
fn run_upstream(text: &str) -> Result<String, String> {
    let flags = [format!("--{PIPELINE}")];
    let out = interp::jit::mlir_opt_on_stdin_within(&flags, text, UPSTREAM_TIME_LIMIT)
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    String::from_utf8(out.stdout).map_err(|e| e.to_string())
}

/// Why an output's costs are not comparable.
enum Unfit {
    DoesNotRun,
    PrintsDifferently,
    HeapErrors,
}

/// The static counts and the run of an output, which must print what the input printed
/// (`before`) and leave a clean heap.
fn cost_of(text: &str, before: &RunOutcome) -> Result<Cost, Unfit> {
    let (ctx, module) = fuzz_pipeline::parse_verified(text).map_err(|_| Unfit::DoesNotRun)?;
    let run: RunOutcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        interp::run_function(
            &ctx,
            module,
            "main",
            &fuzz_pipeline::run_config_after(before),
        )
    }))
    .map_err(|_| Unfit::DoesNotRun)?;
    if run.error.is_some() {
        return Err(Unfit::DoesNotRun);
    }
    // Buffer addresses that `printMemref` prints move when allocations do.
    if mask_addresses(&run.stdout) != mask_addresses(&before.stdout) {
        return Err(Unfit::PrintsDifferently);
    }
    if !run.report.has_no_errors() {
        return Err(Unfit::HeapErrors);
    }
    let mut cost = static_counts(&ctx, module);
    cost.clone_writes = writes_into_clones(&ctx, module);
    cost.clones_by_function = clone_needs::clones_by_function(&ctx, module);
    cost.allocs = run.report.allocs;
    cost.clones = run.report.clones;
    cost.peak = run.report.peak_bytes;
    Ok(cost)
}

/// Whether the `scf.if` `op` has no results and its regions hold only `memref.dealloc`s of
/// values defined outside it (and their yields).
fn only_guards_frees(ctx: &Context, op: Op) -> bool {
    ctx.results(op).is_empty()
        && ctx.regions(op).iter().all(|&region| {
            ctx.blocks(region).all(|block| {
                ctx.block_ops(block)
                    .all(|inner| DeallocOp::is(ctx, inner) || YieldOp::is(ctx, inner))
            })
        })
}

/// Heap allocations, clones, helper calls and `scf.if` (those that only guard frees apart)
/// outside the helper functions.
fn static_counts(ctx: &Context, module: Op) -> Cost {
    let mut cost = Cost::default();
    for op in ctx.walk_preorder(module) {
        if in_helper(ctx, op) {
            continue;
        }
        if AllocOp::is(ctx, op) {
            cost.static_allocs += 1;
        } else if CloneOp::is(ctx, op) {
            cost.static_clones += 1;
        } else if IfOp::is(ctx, op) {
            if only_guards_frees(ctx, op) {
                cost.free_guards += 1;
            } else {
                cost.ifs += 1;
            }
        } else if CallOp::of(ctx, op)
            .and_then(|call| call.callee(ctx))
            .is_some_and(|callee| callee.starts_with(HELPER_PREFIX))
        {
            cost.helper_calls += 1;
        }
    }
    cost
}

/// The ops of the module that write a buffer a `bufferization.clone` may have made, by the
/// view-flow analysis of each function. Neither pipeline adds such writes, and ours never
/// removes one; where `mlir-opt-22`'s output has fewer than the input, its canonicalize
/// dropped a clone the program writes, so its writes go to the clone's source, which is
/// unsound unless nothing reads the source afterwards.
fn writes_into_clones(ctx: &Context, module: Op) -> u64 {
    let mut count = 0;
    for func in ctx.walk_preorder(module) {
        if !FuncOp::is(ctx, func) || FuncOp(func).entry_block(ctx).is_none() {
            continue;
        }
        let flow = BufferViewFlowAnalysis::compute(ctx, func);
        let from_clone = |v: Value| {
            flow.resolve_reverse(v)
                .any(|origin| ctx.defining_op(origin).is_some_and(|d| CloneOp::is(ctx, d)))
        };
        for op in ctx.walk_preorder(func) {
            // A clone writes its own result (the copy it makes), as an allocation with an
            // initial value would: not a write into a buffer made before.
            let writes_clone = own_value_effects(ctx, op).is_some_and(|effects| {
                effects.iter().any(|e| {
                    e.kind == EffectKind::Write
                        && e.value
                            .is_some_and(|v| ctx.defining_op(v) != Some(op) && from_clone(v))
                })
            });
            count += u64::from(writes_clone);
        }
    }
    count
}

/// Whether `op` is inside a function named like the dealloc helper.
fn in_helper(ctx: &Context, op: Op) -> bool {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        let name = FuncOp::of(ctx, p).and_then(|f| f.sym_name(ctx));
        if name.is_some_and(|n| n.starts_with(HELPER_PREFIX)) {
            return true;
        }
        cur = ctx.parent_op(p);
    }
    false
}

fn write_case(
    dir: &Path,
    input: &Input,
    header: &str,
    ours: &str,
    upstream: &str,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut text = format!("// {header}\n");
    text.push_str(&input.text);
    text.push_str("\n// ----- ours\n");
    text.push_str(ours);
    text.push_str("\n// ----- mlir-opt-22\n");
    text.push_str(upstream);
    std::fs::write(dir.join(format!("{}.mlir", input.name)), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(static_allocs: u64, clones: u64, peak: u64) -> Cost {
        Cost {
            static_allocs,
            clones,
            peak,
            ..Cost::default()
        }
    }

    fn clone_writes(text: &str) -> u64 {
        let (ctx, module) = fuzz_pipeline::parse_verified(text).unwrap();
        writes_into_clones(&ctx, module)
    }

    #[test]
    fn writes_into_clones_counts_writes_after_the_clone_only() {
        let read_only = "func.func @f(%m: memref<2xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %b = bufferization.clone %m : memref<2xi64> to memref<2xi64>
  %v = memref.load %b[%c0] : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return %v : i64
}";
        assert_eq!(clone_writes(read_only), 0);
        let written = "func.func @f(%m: memref<2xi64>, %x: i64) {
  %c0 = arith.constant 0 : index
  %b = bufferization.clone %m : memref<2xi64> to memref<2xi64>
  %s = memref.subview %b[1] [1] [1] : memref<2xi64> to memref<1xi64, strided<[1], offset: 1>>
  memref.store %x, %b[%c0] : memref<2xi64>
  memref.store %x, %s[%c0] : memref<1xi64, strided<[1], offset: 1>>
  memref.store %x, %m[%c0] : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return
}";
        assert_eq!(clone_writes(written), 2);
    }

    #[test]
    fn the_executed_metrics_come_first_when_shrinking() {
        let ours = cost(5, 2, 64);
        assert_eq!(worse_metric(&ours, &cost(4, 1, 32)), Some("peak bytes"));
        assert_eq!(
            worse_metric(&ours, &cost(4, 1, 64)),
            Some("clones executed")
        );
        assert_eq!(
            worse_metric(&ours, &cost(4, 2, 64)),
            Some("static allocations")
        );
        assert_eq!(worse_metric(&ours, &cost(5, 2, 64)), None);
        // Static clones alone are not worth a shrink.
        let cloned = Cost {
            static_clones: 3,
            ..cost(5, 2, 64)
        };
        assert_eq!(worse_metric(&cloned, &ours), None);
    }
}
