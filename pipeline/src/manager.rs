//! The pass manager: runs a pipeline tree over a module.
//!
//! Passes anchored on an op name (`func.func`) run on every such op nested directly in the
//! current op; `Nest` elements do the same explicitly. Unless `verify_each` is off, the ops each
//! pass touched are verified before the next pass runs, and those of the last pass at the end
//! (see [`PassManager::run`]); failures name the pass.

use std::time::{Duration, Instant};

use ir::verify::{ChangeRecord, ChangeVerifier};
use ir::{Context, Diagnostic, Op};

use crate::pass::{Instance, Pass, PassFailed, PassOutput, lookup, unknown_pass};
use crate::pipeline_text::PipelineElement;

/// A built pipeline stage.
pub enum Stage {
    /// A pass instance.
    Pass(Box<dyn Pass>),
    /// A nested pipeline run on ops with this name.
    Nest {
        /// Op name.
        op: String,
        /// Nested stages.
        inner: Vec<Stage>,
    },
}

/// Instrumentation settings.
#[derive(Clone, Copy, Debug)]
pub struct Instrumentation {
    /// Verify the module after every pass.
    pub verify_each: bool,
    /// Print the IR after every pass (to stderr).
    pub print_ir_after_all: bool,
    /// With `print_ir_after_all`, print only after passes that changed the IR.
    pub print_ir_after_change: bool,
    /// Collect per-pass wall-clock times.
    pub timing: bool,
}

impl Default for Instrumentation {
    fn default() -> Self {
        Instrumentation {
            verify_each: true,
            print_ir_after_all: false,
            print_ir_after_change: false,
            timing: false,
        }
    }
}

/// What running a pipeline produced besides the IR.
#[derive(Default)]
pub struct RunLog {
    /// Text for stdout (analysis printers), in pass order.
    pub stdout: String,
    /// Text for stderr (IR dumps, pass remarks).
    pub stderr: String,
    /// Wall-clock time per pass name, in first-run order.
    pub timings: Vec<(String, Duration)>,
}

/// How many times the room its text needs a context reserves for a program a pipeline will
/// transform ([`PassManager::reserve_for`]). The deallocation pipelines multiply a program's
/// ops by up to 3.9, its values by 4.1 and its operands by 3.6 (`gen.py`'s `while-loops`
/// shape), and the parser's own reservation has room for 1.6 to 2.6 times the ops of
/// `gen.py`'s shapes: with four times that, a program of 262,144 ops regrows no arena in the
/// pipeline, where it regrew the values twice and the ops and operands once.
pub const GROWTH_RESERVED: usize = 4;

/// A pipeline ready to run.
pub struct PassManager {
    stages: Vec<Stage>,
    instr: Instrumentation,
}

impl PassManager {
    /// Builds the stages of an (expanded) pipeline.
    pub fn build(elements: &[PipelineElement], instr: Instrumentation) -> Result<Self, String> {
        Ok(PassManager {
            stages: build_stages(elements)?,
            instr,
        })
    }

    /// Whether the pipeline has no passes.
    pub fn is_empty(&self) -> bool {
        self.stages.is_empty()
    }

    /// The pipeline as `mlir-opt --dump-pass-pipeline` prints it: rooted at `builtin.module`,
    /// one pass per line with every option spelled out.
    pub fn dump(&self) -> String {
        let root: &[Stage] = match self.stages.as_slice() {
            [Stage::Nest { op, inner }] if op == "builtin.module" => inner,
            stages => stages,
        };
        let mut s = format!("Pass Manager with {} passes:\nbuiltin.module(", root.len());
        dump_stages(root, 1, &mut s);
        s.push_str("\n)\n\n");
        s
    }

    /// Reserves room in the empty `ctx` for a program of `text_len` bytes of text and what
    /// this pipeline builds from it ([`GROWTH_RESERVED`]), before the program is parsed, so
    /// that no arena regrows in the middle of a pass. Nothing for an empty pipeline.
    pub fn reserve_for(&self, ctx: &mut Context, text_len: usize) {
        if !self.stages.is_empty() {
            ctx.reserve_for_text(text_len.saturating_mul(GROWTH_RESERVED));
        }
    }

    /// Runs the pipeline on `module`.
    ///
    /// With `verify_each`, the ops each pass touched are verified after it (see
    /// [`ir::verify::verify_changed`], which checks every rule a change can break): a broken
    /// pass is caught where it breaks the IR, at the cost of the touched ops rather than of the
    /// whole module per pass. The touched ops of a pass are verified right before the next pass
    /// runs, and those of the last pass at the end.
    pub fn run(&self, ctx: &mut Context, module: Op, log: &mut RunLog) -> Result<(), PassFailed> {
        let mut pending = Checks::default();
        // A top-level `builtin.module(...)` nest anchors on the module itself.
        for stage in &self.stages {
            match stage {
                Stage::Nest { op, inner } if op == "builtin.module" => {
                    self.run_stages(ctx, module, module, inner, log, &mut pending)?
                }
                _ => self.run_stages(
                    ctx,
                    module,
                    module,
                    std::slice::from_ref(stage),
                    log,
                    &mut pending,
                )?,
            }
        }
        pending.verify(ctx)
    }

    fn run_stages(
        &self,
        ctx: &mut Context,
        module: Op,
        anchor: Op,
        stages: &[Stage],
        log: &mut RunLog,
        pending: &mut Checks,
    ) -> Result<(), PassFailed> {
        for stage in stages {
            match stage {
                Stage::Pass(pass) => match pass.anchor() {
                    Some(name) if ctx.op_name_str(anchor) != name => {
                        for child in children_named(ctx, anchor, name) {
                            self.run_pass(ctx, module, child, pass.as_ref(), log, pending)?;
                        }
                    }
                    _ => self.run_pass(ctx, module, anchor, pass.as_ref(), log, pending)?,
                },
                Stage::Nest { op, inner } => {
                    for child in children_named(ctx, anchor, op) {
                        self.run_stages(ctx, module, child, inner, log, pending)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn run_pass(
        &self,
        ctx: &mut Context,
        module: Op,
        target: Op,
        pass: &dyn Pass,
        log: &mut RunLog,
        pending: &mut Checks,
    ) -> Result<(), PassFailed> {
        // The previous pass's check, before this pass sees the IR.
        pending.verify(ctx)?;
        // Every event the pass emits is inside this span, which `--debug-only=NAME` selects.
        let _span = tracing::info_span!("pass", name = pass.name()).entered();
        let start = Instant::now();
        let mut out = PassOutput::default();
        if self.instr.verify_each {
            ctx.start_recording_changes();
        }
        let result = pass.run(ctx, target, &mut out);
        let touched = ctx.take_recorded_changes().unwrap_or_default();
        let elapsed = start.elapsed();
        match &result {
            Ok(changed) => tracing::debug!(changed = changed.is_yes(), "pass finished"),
            Err(failed) => tracing::debug!(errors = failed.diagnostics.len(), "pass failed"),
        }
        log.stdout.push_str(&out.stdout);
        log.stderr.push_str(&out.stderr);
        if self.instr.timing {
            match log.timings.iter_mut().find(|(n, _)| n == pass.name()) {
                Some(entry) => entry.1 += elapsed,
                None => log.timings.push((pass.name().to_string(), elapsed)),
            }
        }
        let changed = result?;
        if self.instr.print_ir_after_all && (changed.is_yes() || !self.instr.print_ir_after_change)
        {
            log.stderr.push_str(&format!(
                "// -----// IR Dump After {} ({}) //----- //\n",
                pass.name(),
                pass.name()
            ));
            log.stderr.push_str(&ir::asm::print_module(
                ctx,
                module,
                &ir::asm::PrintOptions::default(),
            ));
            log.stderr.push('\n');
        }
        // As in MLIR, what the pass changed is verified (never the whole module after each
        // function of a pass anchored on functions, which would make it quadratic in the number
        // of functions), and only when the pass changed it: MLIR skips the verifier when a pass
        // preserves all analyses. Only the ops the pass touched are checked (before the next
        // pass, see `run`).
        if self.instr.verify_each && changed.is_yes() {
            pending.pending = Some(PendingCheck {
                target,
                touched,
                pass: pass.name().to_string(),
            });
        }
        Ok(())
    }
}

/// The check of the ops a pass touched, not yet run.
pub struct PendingCheck {
    /// The op the pass ran on.
    target: Op,
    /// What it touched.
    touched: ChangeRecord,
    /// Its name, for the error.
    pass: String,
}

/// The verification of touched ops over a run: the check not yet run, and the verifier whose
/// tables every check of the run reuses (a pass anchored on functions is checked once per
/// function).
#[derive(Default)]
pub struct Checks {
    /// The check of the last pass that changed the IR, not yet run.
    pending: Option<PendingCheck>,
    verifier: ChangeVerifier,
}

impl Checks {
    /// Runs the pending check, if any: a failure names the pass that touched the ops.
    fn verify(&mut self, ctx: &Context) -> Result<(), PassFailed> {
        let Some(PendingCheck {
            target,
            touched,
            pass,
        }) = self.pending.take()
        else {
            return Ok(());
        };
        self.verifier
            .verify(ctx, target, touched)
            .map_err(|mut diagnostics| {
                diagnostics.push(Diagnostic::error(
                    ctx.op_loc(target),
                    format!("verification failed after pass '{pass}'"),
                ));
                PassFailed { diagnostics }
            })
    }
}

/// Appends `stages`, one per line at `depth`, separated by commas.
fn dump_stages(stages: &[Stage], depth: usize, s: &mut String) {
    let indent = "  ".repeat(depth);
    for (k, stage) in stages.iter().enumerate() {
        s.push_str(if k == 0 { "\n" } else { ",\n" });
        s.push_str(&indent);
        match stage {
            Stage::Pass(pass) => {
                s.push_str(pass.name());
                s.push_str(&pass.options_text());
            }
            Stage::Nest { op, inner } => {
                s.push_str(op);
                s.push('(');
                dump_stages(inner, depth + 1, s);
                s.push('\n');
                s.push_str(&indent);
                s.push(')');
            }
        }
    }
}

fn children_named(ctx: &Context, op: Op, name: &str) -> Vec<Op> {
    let mut out = Vec::new();
    for &r in ctx.regions(op) {
        for b in ctx.blocks(r) {
            for child in ctx.block_ops(b) {
                if ctx.op_name_str(child) == name {
                    out.push(child);
                }
            }
        }
    }
    out
}

fn build_stages(elements: &[PipelineElement]) -> Result<Vec<Stage>, String> {
    let mut out = Vec::new();
    for e in elements {
        match e {
            PipelineElement::Pass { name, options } => {
                let registered = lookup(name).ok_or_else(|| unknown_pass(name))?;
                match registered.instantiate(options)? {
                    Instance::Pass(pass) => out.push(Stage::Pass(pass)),
                    Instance::Pipeline(_) => {
                        return Err(format!("'{name}' is a pipeline; expand it first"));
                    }
                }
            }
            PipelineElement::Nest { op, inner } => out.push(Stage::Nest {
                op: op.clone(),
                inner: build_stages(inner)?,
            }),
        }
    }
    Ok(out)
}

/// Renders a timing report in the spirit of `mlir-opt --mlir-timing`.
pub fn timing_report(parse: Duration, passes: &[(String, Duration)], print: Duration) -> String {
    let total: Duration = parse + print + passes.iter().map(|(_, d)| *d).sum::<Duration>();
    let pct = |d: Duration| {
        if total.is_zero() {
            0.0
        } else {
            100.0 * d.as_secs_f64() / total.as_secs_f64()
        }
    };
    let mut s = String::new();
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str("                         ... Execution time report ...\n");
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str(&format!(
        "  Total Execution Time: {:.4} seconds\n\n",
        total.as_secs_f64()
    ));
    s.push_str("  ----Wall Time----  ----Name----\n");
    let mut row = |d: Duration, name: &str| {
        s.push_str(&format!(
            "  {:>8.4} ({:>5.1}%)  {name}\n",
            d.as_secs_f64(),
            pct(d)
        ));
    };
    row(parse, "Parser");
    for (name, d) in passes {
        row(*d, name);
    }
    row(print, "Output");
    row(total, "Total");
    s
}
