//! The `Pass` trait, pass options and the one pass registry.
//!
//! A pass is a plain library function in its own crate plus a thin registered wrapper here whose
//! name is the `mlir-opt` flag. [`registry`] lists every pass once; the pipeline parser, the CLI
//! and `--help` all read it.

use std::fmt;

use ir::{Context, Diagnostic, Op};

/// Why a pass failed: the diagnostics it reported (already located at ops).
#[derive(Debug, Default)]
pub struct PassFailed {
    /// The errors.
    pub diagnostics: Vec<Diagnostic>,
}

impl PassFailed {
    /// A failure with a single error.
    pub fn single(d: Diagnostic) -> Self {
        PassFailed {
            diagnostics: vec![d],
        }
    }
}

/// A transformation or analysis printer run by the pass manager.
pub trait Pass: Send {
    /// The registered name (the `mlir-opt` flag).
    fn name(&self) -> &'static str;
    /// The op this pass runs on (`"func.func"`), or `None` for the root module / any op.
    fn anchor(&self) -> Option<&'static str> {
        None
    }
    /// Runs the pass on `op` (an op with the anchor's name, or the module).
    fn run(&self, ctx: &mut Context, op: Op, out: &mut PassOutput) -> Result<(), PassFailed>;
    /// The option string as printed in pipelines (`{a=1 b=2}`), empty if none.
    fn options_text(&self) -> String {
        String::new()
    }
}

/// Side output of a pass: text for stderr or stdout (used by `--test-print-*` passes).
#[derive(Default)]
pub struct PassOutput {
    /// Text to write to stdout before the IR.
    pub stdout: String,
    /// Text to write to stderr.
    pub stderr: String,
}

/// Parsed `key=value` options of a pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassOptions {
    /// The options in the order given.
    pub entries: Vec<(String, String)>,
}

impl PassOptions {
    /// Parses `a=1 b=true` (space separated; values may be quoted or brace-nested).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut entries = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            if i >= chars.len() {
                break;
            }
            let start = i;
            while i < chars.len() && chars[i] != '=' && !chars[i].is_whitespace() {
                i += 1;
            }
            let key: String = chars[start..i].iter().collect();
            let mut value = String::new();
            if i < chars.len() && chars[i] == '=' {
                i += 1;
                let mut depth = 0;
                let mut quote = false;
                while i < chars.len() {
                    let c = chars[i];
                    if c == '"' {
                        quote = !quote;
                    } else if !quote && matches!(c, '{' | '(' | '[') {
                        depth += 1;
                    } else if !quote && matches!(c, '}' | ')' | ']') {
                        depth -= 1;
                    } else if !quote && depth == 0 && c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    i += 1;
                }
                value = value.trim_matches('"').to_string();
            }
            if key.is_empty() {
                return Err(format!("invalid pass option syntax: '{text}'"));
            }
            entries.push((key, value));
        }
        Ok(PassOptions { entries })
    }

    /// Takes a boolean option (`true`/`false`/`1`/`0`, or bare = true).
    pub fn take_bool(&mut self, key: &str, default: bool) -> Result<bool, String> {
        match self.take(key) {
            None => Ok(default),
            Some(v) => match v.as_str() {
                "" | "true" | "1" | "True" => Ok(true),
                "false" | "0" | "False" => Ok(false),
                _ => Err(format!("invalid value '{v}' for boolean option '{key}'")),
            },
        }
    }

    /// Takes an integer option.
    pub fn take_int(&mut self, key: &str, default: i64) -> Result<i64, String> {
        match self.take(key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("invalid value '{v}' for integer option '{key}'")),
        }
    }

    /// Takes a string option.
    pub fn take(&mut self, key: &str) -> Option<String> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(i).1)
    }

    /// Fails if options remain that the pass did not take.
    pub fn finish(self, pass: &str) -> Result<(), String> {
        match self.entries.first() {
            None => Ok(()),
            Some((k, _)) => Err(format!("'{k}' is not a valid option of pass '{pass}'")),
        }
    }
}

/// Constructs a pass from its options.
pub type PassFactory = fn(PassOptions) -> Result<Box<dyn Pass>, String>;

/// A registered pass or named pipeline.
pub struct PassInfo {
    /// The flag name.
    pub name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// The options it takes (`name`, description).
    pub options: &'static [(&'static str, &'static str)],
    /// What to build.
    pub kind: PassKind,
}

/// A pass or a named pipeline expanding to other passes.
pub enum PassKind {
    /// A single pass.
    Pass(PassFactory),
    /// A textual pipeline (may depend on options), parsed like `--pass-pipeline`.
    Pipeline(fn(&mut PassOptions) -> Result<String, String>),
}

impl fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// All registered passes and pipelines, sorted by name.
pub fn registry() -> Vec<PassInfo> {
    let mut list = crate::passes::all();
    list.sort_by_key(|p| p.name);
    list
}

/// Looks up a registered pass by name.
pub fn lookup(name: &str) -> Option<PassInfo> {
    registry().into_iter().find(|p| p.name == name)
}

/// The names of every registered pass, for error messages.
pub fn valid_names() -> String {
    registry()
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}
