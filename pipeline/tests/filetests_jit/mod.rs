//! The file tests' JIT check (`jit/...` trials), judged in batches.
//!
//! Starting `mlir-opt-22` and `mlir-runner-22` costs more than lowering and running a test
//! chunk, so the trials do not run the tools one chunk at a time: the first `jit/...` trial to
//! run prepares the texts of every selected one (each chunk before and after its RUN line's
//! passes, each distinct text once) and judges them all with [`Jit::run_batch`], split over the
//! available cores. Every trial then checks its chunk against those outcomes; a chunk that fails
//! the check on batched outcomes is judged again alone ([`Jit::run`]), and that verdict is the
//! trial's, so a batch can never change a verdict (as `cargo xtask fuzz --jit` does).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

use interp::jit::{BatchStats, Jit, JitError, JitOutcome, mask_addresses};
use interp::{RunConfig, run_function};
use ir::Context;
use libtest_mimic::{Failed, Trial};
use pipeline::driver::{Options, parse_args};
use pipeline::manager::{PassManager, RunLog};

use super::{EXECUTION_MAX_STEPS, TestFile, directives, execution_args, parse_chunk};

/// A JIT outcome or why there is none.
type Judged = Result<JitOutcome, JitError>;

/// One chunk the JIT check judges: its RUN line's flags and its text (padded to its lines).
#[derive(Clone, Debug)]
struct JitChunk {
    args: Vec<String>,
    text: String,
}

/// The JIT judge shared by every `jit/...` trial, with the batched outcomes.
pub(super) struct JitBatch {
    jit: Jit,
    /// The chunks of the trials that will run; set once every trial is known.
    selected: OnceLock<Vec<JitChunk>>,
    /// The batched outcome of each distinct text of the selected chunks.
    outcomes: OnceLock<BTreeMap<String, Judged>>,
    /// The chunk of each `jit/...` trial, by the trial's index, until selection.
    registered: std::sync::Mutex<Vec<(usize, JitChunk)>>,
}

impl JitBatch {
    /// A batch judge around `jit`.
    pub(super) fn new(jit: Jit) -> Arc<JitBatch> {
        Arc::new(JitBatch {
            jit,
            selected: OnceLock::new(),
            outcomes: OnceLock::new(),
            registered: std::sync::Mutex::new(Vec::new()),
        })
    }

    /// Keeps, of the registered chunks, those whose trials `runs` says will run (filters and
    /// ignored trials of the command line applied).
    pub(super) fn select(&self, runs: impl Fn(usize) -> bool) {
        let registered =
            std::mem::take(&mut *self.registered.lock().unwrap_or_else(|e| e.into_inner()));
        let chosen = registered
            .into_iter()
            .filter(|(index, _)| runs(*index))
            .map(|(_, chunk)| chunk)
            .collect();
        let _ = self.selected.set(chosen);
    }

    /// The batched outcome of `text`, or its own run when no selected chunk has it.
    fn outcome(&self, text: &str) -> Judged {
        let outcomes = self.outcomes.get_or_init(|| self.judge_selected());
        match outcomes.get(text) {
            Some(judged) => judged.clone(),
            None => self.jit.run(text, "main"),
        }
    }

    /// Judges every distinct text of the selected chunks, in one batch per core.
    fn judge_selected(&self) -> BTreeMap<String, Judged> {
        let mut seen = BTreeSet::new();
        let mut texts: Vec<String> = Vec::new();
        for chunk in self.selected.get().map_or(&[][..], Vec::as_slice) {
            let Ok((input, output)) = texts_of(&chunk.args, &chunk.text) else {
                continue;
            };
            for text in [input, output] {
                if seen.insert(text.clone()) {
                    texts.push(text);
                }
            }
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let per_core = texts.len().div_ceil(cores).max(1);
        let judged: Vec<(Vec<Judged>, BatchStats)> = std::thread::scope(|scope| {
            let workers: Vec<_> = texts
                .chunks(per_core)
                .map(|part| {
                    scope.spawn(move || {
                        let borrowed: Vec<&str> = part.iter().map(String::as_str).collect();
                        self.jit.run_batch(&borrowed, "main")
                    })
                })
                .collect();
            workers.into_iter().filter_map(|w| w.join().ok()).collect()
        });
        let mut stats = BatchStats::default();
        for (_, part) in &judged {
            stats.add(*part);
        }
        eprintln!(
            "note: JIT: {} texts; {} batches lowered, {} run; {} texts run alone",
            texts.len(),
            stats.lowerings,
            stats.runs,
            stats.alone
        );
        let outcomes = judged.into_iter().flat_map(|(outcomes, _)| outcomes);
        texts.into_iter().zip(outcomes).collect()
    }
}

/// A chunk as the JIT judges it: printed before and after the RUN line's passes, and what the
/// interpreter printed running it before them.
struct ProgramTexts {
    input: String,
    output: String,
    interpreted: String,
}

/// The chunk printed before and after the RUN line's passes.
fn texts_of(args: &[String], text: &str) -> Result<(String, String), Failed> {
    let opts = parse_args(args).map_err(Failed::from)?;
    let Some((ctx, module)) = parse_chunk(&opts, text) else {
        return Err(Failed::from("the chunk does not parse"));
    };
    before_and_after_passes(&opts, ctx, module)
}

/// Parses the chunk, runs it in the interpreter and through the RUN line's passes.
fn program_texts(args: &[String], text: &str) -> Result<ProgramTexts, Failed> {
    let opts = parse_args(args).map_err(Failed::from)?;
    let Some((ctx, module)) = parse_chunk(&opts, text) else {
        return Err(Failed::from("the chunk does not parse"));
    };
    let mut cfg: RunConfig = opts.run.config;
    if cfg.max_steps == RunConfig::default().max_steps {
        cfg.max_steps = EXECUTION_MAX_STEPS;
    }
    let interpreted = run_function(&ctx, module, "main", &cfg).stdout;
    let (input, output) = before_and_after_passes(&opts, ctx, module)?;
    Ok(ProgramTexts {
        input,
        output,
        interpreted,
    })
}

/// The module printed before and after the RUN line's passes.
fn before_and_after_passes(
    opts: &Options,
    mut ctx: Context,
    module: ir::Op,
) -> Result<(String, String), Failed> {
    let input = ir::asm::print_module(&ctx, module, &Default::default());
    let pm = PassManager::build(&opts.pipeline, opts.instrumentation).map_err(Failed::from)?;
    let mut log = RunLog::default();
    if pm.run(&mut ctx, module, &mut log).is_err() {
        return Err(Failed::from("the passes failed (see the chunk's own test)"));
    }
    let output = ir::asm::print_module(&ctx, module, &Default::default());
    Ok((input, output))
}

fn describe_jit(outcome: &JitOutcome) -> String {
    format!(
        "allocs {} frees {} leaks {} bad frees {}",
        outcome.allocs, outcome.frees, outcome.leaks, outcome.bad_frees
    )
}

/// The JIT check of one chunk (see the module doc of `filetests.rs`), on batched outcomes,
/// then alone when those fail it.
fn check_jit(args: &[String], text: &str, batch: &JitBatch) -> Result<(), Failed> {
    let programs = program_texts(args, text)?;
    let batched = verdict(
        &programs,
        batch.outcome(&programs.input),
        batch.outcome(&programs.output),
    );
    if batched.is_ok() {
        return batched;
    }
    let jit = &batch.jit;
    verdict(
        &programs,
        jit.run(&programs.input, "main"),
        jit.run(&programs.output, "main"),
    )
}

/// Whether the JIT's runs before and after the passes pass the check.
fn verdict(programs: &ProgramTexts, before: Judged, after: Judged) -> Result<(), Failed> {
    let before =
        before.map_err(|e| Failed::from(format!("the input does not run under the JIT: {e}")))?;
    if mask_addresses(&before.stdout) != mask_addresses(&programs.interpreted) {
        return Err(Failed::from(format!(
            "the JIT and the interpreter disagree on the input:\n--- mlir-runner-22\n{}\n--- interpreter\n{}",
            before.stdout, programs.interpreted
        )));
    }
    let after =
        after.map_err(|e| Failed::from(format!("the output does not run under the JIT: {e}")))?;
    if mask_addresses(&after.stdout) != mask_addresses(&before.stdout) {
        return Err(Failed::from(format!(
            "the JIT prints differently after the passes:\n--- before\n{}\n--- after\n{}",
            before.stdout, after.stdout
        )));
    }
    if !after.is_clean() {
        return Err(Failed::from(format!(
            "the JIT run after the passes is not clean: {}",
            describe_jit(&after)
        )));
    }
    Ok(())
}

/// The `jit/...` trial of chunk `index` of `file`, the `trial_index`-th trial; registered with
/// `batch` (when the tools are installed) so that the batch judges it.
pub(super) fn jit_trial(
    file: &TestFile,
    index: usize,
    line_offset: usize,
    chunk: &str,
    batch: Option<&Arc<JitBatch>>,
    trial_index: usize,
) -> Trial {
    let name = format!("jit/{}:{}", file.rel, index);
    let args = execution_args(file);
    let padded = "\n".repeat(line_offset) + chunk;
    let exempt =
        !directives(chunk, "NO-JIT").is_empty() || interp::jit::unloadable_dialect(chunk).is_some();
    let batch = batch.cloned();
    if let (Some(batch), false) = (&batch, exempt) {
        let registered = JitChunk {
            args: args.clone(),
            text: padded.clone(),
        };
        batch
            .registered
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((trial_index, registered));
    }
    let ignored = batch.is_none() || exempt;
    Trial::test(name, move || match &batch {
        Some(batch) => check_jit(&args, &padded, batch),
        None => Ok(()),
    })
    .with_ignored_flag(ignored)
}
