//! The deallocation strategies `compare` runs: the one list, and how each is made ready.
//!
//! A strategy is either a textual pipeline of registered passes (so a named pipeline or an
//! option that is not registered in this build is skipped with a note, and picked up as soon as
//! it is) or an external command that reads MLIR on stdin and prints the transformed module
//! (skipped with a note when the tool is not installed).

use std::process::Command;

use crate::manager::{Instrumentation, PassManager};
use crate::pipeline_text::{expand, parse_pipeline};

/// How a strategy transforms a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategyKind {
    /// A textual pipeline of registered passes, e.g. `buffer-deallocation-pipeline{hoist=true}`.
    Pipeline(String),
    /// A command reading the program on stdin and printing the result on stdout.
    External {
        /// The program, looked up on `PATH`.
        program: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

/// A named way of deallocating a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// The short name shown in tables (`ownership`, `legacy+hoist`, `mlir-opt-22`).
    pub name: String,
    /// What it runs.
    pub kind: StrategyKind,
}

impl Strategy {
    /// A strategy running a textual pipeline of registered passes.
    pub fn pipeline(name: &str, pipeline: &str) -> Strategy {
        Strategy {
            name: name.to_string(),
            kind: StrategyKind::Pipeline(pipeline.to_string()),
        }
    }

    /// A strategy running an external command.
    pub fn external(name: &str, program: &str, args: &[&str]) -> Strategy {
        Strategy {
            name: name.to_string(),
            kind: StrategyKind::External {
                program: program.to_string(),
                args: args.iter().map(|a| a.to_string()).collect(),
            },
        }
    }

    /// Parses `NAME=PIPELINE` (a textual pipeline, `builtin.module(...)` or a pass list) or
    /// `NAME=!COMMAND ARGS...` (an external command, arguments split at spaces).
    pub fn parse(spec: &str) -> Result<Strategy, String> {
        let (name, what) = spec
            .split_once('=')
            .filter(|(name, what)| !name.trim().is_empty() && !what.trim().is_empty())
            .ok_or_else(|| format!("strategy '{spec}' is not NAME=PIPELINE or NAME=!COMMAND"))?;
        let name = name.trim();
        match what.trim().strip_prefix('!') {
            Some(command) => {
                let mut words = command.split_whitespace();
                let program = words
                    .next()
                    .ok_or_else(|| format!("strategy '{name}' names no command"))?;
                let args: Vec<&str> = words.collect();
                Ok(Strategy::external(name, program, &args))
            }
            None => Ok(Strategy::pipeline(name, what.trim())),
        }
    }

    /// The pipeline text or the command line, for notes and reports.
    pub fn describe(&self) -> String {
        match &self.kind {
            StrategyKind::Pipeline(text) => text.clone(),
            StrategyKind::External { program, args } => std::iter::once(program.as_str())
                .chain(args.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// Makes the strategy ready to run, or says why it cannot run in this build or on this
    /// machine.
    pub fn prepare(&self) -> Result<Prepared, String> {
        match &self.kind {
            StrategyKind::Pipeline(text) => {
                let elements = parse_pipeline(text).and_then(|p| expand(p, 0))?;
                let manager = PassManager::build(&elements, Instrumentation::default())?;
                Ok(Prepared::Passes(manager))
            }
            StrategyKind::External { program, .. } => {
                if tool_is_installed(program) {
                    Ok(Prepared::External)
                } else {
                    Err(format!("'{program}' is not installed"))
                }
            }
        }
    }
}

/// A strategy ready to run.
pub enum Prepared {
    /// The built pass manager.
    Passes(PassManager),
    /// The external command was found.
    External,
}

/// The strategies `compare` runs by default: ownership-based, legacy and MLIR-HLO, each alone,
/// with hoisting and stack promotion, and with buffer reuse; then upstream's tools. Those not
/// registered in this build or not installed are skipped with a note.
pub fn default_strategies() -> Vec<Strategy> {
    let families = [
        ("ownership", "buffer-deallocation-pipeline"),
        ("legacy", "legacy-buffer-deallocation-pipeline"),
        ("hlo", "hlo-deallocation-pipeline"),
    ];
    let variants = [
        ("", ""),
        ("+hoist", "{hoist=true}"),
        ("+reuse", "{reuse=true}"),
    ];
    let mut list: Vec<Strategy> = families
        .iter()
        .flat_map(|(family, pipeline)| {
            variants.iter().map(move |(suffix, options)| {
                Strategy::pipeline(
                    &format!("{family}{suffix}"),
                    &format!("{pipeline}{options}"),
                )
            })
        })
        .collect();
    list.push(Strategy::external(
        "mlir-opt-22",
        "mlir-opt-22",
        &["--buffer-deallocation-pipeline"],
    ));
    list.push(Strategy::external(
        "mlir-opt-16",
        "mlir-opt-16",
        &["--buffer-deallocation"],
    ));
    list
}

/// The registered pipelines among the default strategies, each with every option combination
/// this build accepts: what `cargo xtask fuzz` runs by default.
pub fn registered_pipelines() -> Vec<String> {
    default_strategies()
        .into_iter()
        .filter_map(|s| match &s.kind {
            StrategyKind::Pipeline(text) if s.prepare().is_ok() => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Whether `program` can be started (`--version` succeeds).
pub fn tool_is_installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_as_pipelines_or_commands() {
        let s = Strategy::parse("mine=buffer-deallocation-pipeline{hoist=true}").unwrap();
        assert_eq!(
            s.kind,
            StrategyKind::Pipeline("buffer-deallocation-pipeline{hoist=true}".into())
        );
        let s = Strategy::parse("up = !mlir-opt-22 --buffer-deallocation-pipeline").unwrap();
        assert_eq!(s.name, "up");
        assert_eq!(s.describe(), "mlir-opt-22 --buffer-deallocation-pipeline");
        assert!(Strategy::parse("nothing").is_err());
        assert!(Strategy::parse("=x").is_err());
        assert!(Strategy::parse("x=!").is_err());
    }

    #[test]
    fn unregistered_pipelines_and_options_are_reported_not_run() {
        let unknown = Strategy::pipeline("x", "no-such-pipeline");
        assert!(unknown.prepare().is_err());
        let bad_option = Strategy::pipeline("x", "buffer-deallocation-pipeline{no-such=true}");
        assert!(bad_option.prepare().is_err());
        assert!(
            Strategy::pipeline("x", "buffer-deallocation-pipeline")
                .prepare()
                .is_ok()
        );
        let missing = Strategy::external("x", "no-such-tool-for-compare", &[]);
        assert!(matches!(missing.prepare(), Err(why) if why.contains("not installed")));
    }

    #[test]
    fn the_ownership_pipeline_is_always_fuzzed() {
        let names = registered_pipelines();
        assert!(names.contains(&"buffer-deallocation-pipeline".to_string()));
        assert!(names.contains(&"buffer-deallocation-pipeline{hoist=true}".to_string()));
    }
}
