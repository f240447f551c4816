//! Passes and named pipelines, each declared once, and the one registry of them.
//!
//! A pass is a plain library function in its crate, of the one shape
//! `fn(&mut Context, Op, &Options) -> TransformResult`, plus one `static` [`Declaration`] in
//! [`crate::passes`]: its flag name, a summary and a longer description for `--help`, its typed
//! options ([`pass_option!`](crate::pass_option): flag name, field and Rust type, description;
//! the default is the options struct's `Default`), and, as its [`Kind::Pass`], the op it
//! anchors on and the call of the library function. A named pipeline is the same with
//! [`Kind::Pipeline`]: the passes it stands for, built from their declarations with typed
//! options ([`Declaration::element`]).
//!
//! Everything else derives from the declarations: `name{opt=val}` parsing with `mlir-opt`'s
//! errors ([`crate::options`]), the options text of a pipeline dump, `--help`, the pass
//! manager's `tracing` span (named `pass`, with the pass's name as its `name` field, which
//! `--debug-only` selects). [`registry`] lists every declaration once; the pipeline parser,
//! the CLI and `--help` all read it.

use std::fmt;

use ir::{Changed, Context, Diagnostic, Op, TransformResult};

use crate::options::{OptionDecl, parse_options, print_assignments, print_options};
use crate::pipeline_text::PipelineElement;

/// Why a pass failed: the diagnostics it reported (already located at ops).
#[derive(Debug, Default)]
pub struct PassFailed {
    /// The errors.
    pub diagnostics: Vec<Diagnostic>,
}

/// A configured pass, ready for the pass manager: a declaration with parsed options.
pub trait Pass: Send {
    /// The registered name (the `mlir-opt` flag).
    fn name(&self) -> &'static str;
    /// The op this pass runs on (`"func.func"`), or `None` for the root module / any op.
    fn anchor(&self) -> Option<&'static str>;
    /// Runs the pass on `op` (an op with the anchor's name, or the module).
    fn run(&self, ctx: &mut Context, op: Op, out: &mut PassOutput) -> Result<Changed, PassFailed>;
    /// Every option with its value as printed in pipelines (`{a=1 b=2}`), empty if none.
    fn options_text(&self) -> String;
}

/// Side output of a pass: text for stderr or stdout (used by `--test-print-*` passes).
#[derive(Default)]
pub struct PassOutput {
    /// Text to write to stdout before the IR.
    pub stdout: String,
    /// Text to write to stderr.
    pub stderr: String,
}

/// How a pass calls its library function.
pub type RunFn<O> = fn(&mut Context, Op, &O, &mut PassOutput) -> TransformResult;

/// How a pipeline lists the passes it stands for, given its options.
pub type ExpandFn<O> = fn(&O) -> Vec<PipelineElement>;

/// The one declaration of a pass or named pipeline whose options struct is `O`.
pub struct Declaration<O: 'static> {
    /// The flag name (`--name`, `name{...}` in pipelines).
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// A few more lines for `--help`: what it does, in this project.
    pub description: &'static str,
    /// Its options, in the order they are printed (alphabetical, as `mlir-opt` prints them).
    pub options: &'static [OptionDecl<O>],
    /// A pass or a pipeline.
    pub kind: Kind<O>,
}

/// What a declaration stands for.
pub enum Kind<O: 'static> {
    /// A pass.
    Pass {
        /// The op it runs on (`"func.func"`): the manager runs it on each such op nested
        /// directly in the current one. `None` runs it on the current op (the module at top
        /// level).
        anchor: Option<&'static str>,
        /// Calls the library function.
        run: RunFn<O>,
    },
    /// A named pipeline.
    Pipeline {
        /// The passes (or pipelines) it stands for.
        expand: ExpandFn<O>,
    },
}

impl<O> Kind<O> {
    /// A pass that runs on the op it is given (the module at top level), calling `run`.
    pub const fn pass(run: RunFn<O>) -> Self {
        Kind::Pass { anchor: None, run }
    }

    /// A pass that runs on every `func.func` nested in the op it is given, calling `run` on
    /// each.
    pub const fn per_function(run: RunFn<O>) -> Self {
        Kind::Pass {
            anchor: Some("func.func"),
            run,
        }
    }
}

impl<O> Declaration<O> {
    /// This pass or pipeline with `options`, as a pipeline element (options spelled out in
    /// full).
    pub fn element(&self, options: &O) -> PipelineElement {
        PipelineElement::Pass {
            name: self.name.to_string(),
            options: print_assignments(self.options, options),
        }
    }
}

/// What a registered name stands for once its options are parsed.
pub enum Instance {
    /// A pass for the manager.
    Pass(Box<dyn Pass>),
    /// A pipeline's elements, to expand further.
    Pipeline(Vec<PipelineElement>),
}

/// One option as `--help` shows it.
pub struct OptionHelp {
    /// Flag name.
    pub name: &'static str,
    /// Type name (`bool`, `long`, `value`).
    pub type_name: &'static str,
    /// What it does.
    pub description: &'static str,
    /// The default, spelled as it is parsed.
    pub default: String,
    /// The spellings of an enum, with their meanings.
    pub choices: &'static [(&'static str, &'static str)],
}

/// A declaration of any options type: what the registry, the pipeline parser and `--help` use.
pub trait Registered: Sync {
    /// The flag name.
    fn name(&self) -> &'static str;
    /// One line for `--help`.
    fn summary(&self) -> &'static str;
    /// More lines for `--help`.
    fn description(&self) -> &'static str;
    /// Whether this is a named pipeline.
    fn is_pipeline(&self) -> bool;
    /// The options with their defaults.
    fn option_help(&self) -> Vec<OptionHelp>;
    /// Parses `options` (the text inside `{...}`) and builds what the name stands for.
    fn instantiate(&'static self, options: &str) -> Result<Instance, String>;
}

fn option_help<O: Default>(options: &[OptionDecl<O>]) -> Vec<OptionHelp> {
    let defaults = O::default();
    options
        .iter()
        .map(|o| OptionHelp {
            name: o.name,
            type_name: o.type_name,
            description: o.description,
            default: (o.get)(&defaults),
            choices: o.choices,
        })
        .collect()
}

impl<O: Default + Send + Sync + 'static> Registered for Declaration<O> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn summary(&self) -> &'static str {
        self.summary
    }
    fn description(&self) -> &'static str {
        self.description
    }
    fn is_pipeline(&self) -> bool {
        matches!(self.kind, Kind::Pipeline { .. })
    }
    fn option_help(&self) -> Vec<OptionHelp> {
        option_help(self.options)
    }
    fn instantiate(&'static self, options: &str) -> Result<Instance, String> {
        let options = parse_options(self.name, self.options, options)?;
        Ok(match self.kind {
            Kind::Pass { anchor, run } => Instance::Pass(Box::new(Configured {
                name: self.name,
                anchor,
                run,
                declared: self.options,
                options,
            })),
            Kind::Pipeline { expand } => Instance::Pipeline(expand(&options)),
        })
    }
}

/// A pass declaration with its parsed options: the only implementation of [`Pass`].
struct Configured<O: 'static> {
    name: &'static str,
    anchor: Option<&'static str>,
    run: RunFn<O>,
    declared: &'static [OptionDecl<O>],
    options: O,
}

impl<O: Send + Sync + 'static> Pass for Configured<O> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn anchor(&self) -> Option<&'static str> {
        self.anchor
    }
    fn run(&self, ctx: &mut Context, op: Op, out: &mut PassOutput) -> Result<Changed, PassFailed> {
        (self.run)(ctx, op, &self.options, out).map_err(|diagnostics| PassFailed { diagnostics })
    }
    fn options_text(&self) -> String {
        print_options(self.declared, &self.options)
    }
}

impl fmt::Debug for dyn Registered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// All registered passes and pipelines, sorted by name.
pub fn registry() -> Vec<&'static dyn Registered> {
    let mut list = crate::passes::all().to_vec();
    list.sort_by_key(|p| p.name());
    list
}

/// Looks up a registered pass or pipeline by name.
pub fn lookup(name: &str) -> Option<&'static dyn Registered> {
    crate::passes::all()
        .iter()
        .copied()
        .find(|p| p.name() == name)
}

/// The error for a name that is neither a pass nor a pipeline, listing the valid ones.
pub fn unknown_pass(name: &str) -> String {
    format!(
        "'{name}' does not refer to a registered pass or pass pipeline; valid ones are: {}",
        valid_names()
    )
}

/// The names of every registered pass and pipeline, for error messages.
pub fn valid_names() -> String {
    let names: Vec<&str> = registry().iter().map(|p| p.name()).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_texts_present() {
        let all = registry();
        for pair in all.windows(2) {
            assert_ne!(pair[0].name(), pair[1].name(), "declared twice");
        }
        for p in &all {
            assert!(
                !p.summary().is_empty() && !p.description().is_empty(),
                "{p:?}"
            );
            assert!(p.option_help().iter().all(|o| !o.description.is_empty()));
        }
    }

    #[test]
    fn defaults_print_as_declared_and_parse_back() {
        for p in registry() {
            let defaults: Vec<String> = p
                .option_help()
                .iter()
                .map(|o| format!("{}={}", o.name, o.default))
                .collect();
            assert!(p.instantiate(&defaults.join(" ")).is_ok(), "{p:?}");
            if let Ok(Instance::Pass(pass)) = p.instantiate("") {
                let expected = if defaults.is_empty() {
                    String::new()
                } else {
                    format!("{{{}}}", defaults.join(" "))
                };
                assert_eq!(pass.options_text(), expected);
            }
        }
    }
}
