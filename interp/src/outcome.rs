//! Rendering a whole run: the heap's [`Report`](crate::report::Report) plus the fatal error
//! that may have ended the run early, as one JSON object or as a text table.
//!
//! The JSON object is the report's (every statistic, `errors`, `warnings`, `ops_executed`, in
//! the report's field order) with two additions: `completed` (first: whether the entry function
//! returned) and, when the run stopped
//! early, the fatal error appended to `errors` with the same four keys as a heap error
//! (`kind`, `message`, `location`, `alloc_site`), its kind in snake case
//! (`step_budget_exceeded`, `assertion_failed`...).
//!
//! [`RunOutcome::to_diagnostics`] renders the findings as `mlir-opt` renders its diagnostics:
//! `file:line:col: error: message`, the source line and a caret, then `note:` lines (where the
//! buffer was first freed, where it was allocated, where the entry function returned with it
//! still live).

use std::fmt::Write as _;

use ir::diag::render_located;
use ir::{Severity, SourceMap};
use serde_json::{Map, Value, json};

use crate::exec::{RunError, RunErrorKind, RunOutcome};
use crate::report::{HeapError, HeapErrorKind};

impl RunErrorKind {
    /// The snake-case name used in JSON (`"step_budget_exceeded"`).
    pub fn name(self) -> &'static str {
        match self {
            RunErrorKind::AssertionFailed => "assertion_failed",
            RunErrorKind::StepBudgetExceeded => "step_budget_exceeded",
            RunErrorKind::MemoryBudgetExceeded => "memory_budget_exceeded",
            RunErrorKind::CallDepthExceeded => "call_depth_exceeded",
            RunErrorKind::UnsupportedOp => "unsupported_op",
            RunErrorKind::UnknownFunction => "unknown_function",
            RunErrorKind::UndefinedBehavior => "undefined_behavior",
            RunErrorKind::AllocationFailed => "allocation_failed",
            RunErrorKind::HeapError => "heap_error",
            RunErrorKind::InvalidProgram => "invalid_program",
        }
    }
}

impl RunError {
    /// The error as a JSON object shaped like a heap error.
    pub fn to_json_value(&self) -> Value {
        json!({
            "kind": self.kind.name(),
            "message": self.message,
            "location": self.location,
            "alloc_site": Value::Null,
        })
    }
}

impl RunOutcome {
    /// The run completed and found no error of any kind (leaks included); warnings allowed.
    pub fn is_success(&self) -> bool {
        self.error.is_none() && self.report.has_no_errors()
    }

    /// The report as one JSON object, with `completed` and the fatal error (if any) appended
    /// to `errors`.
    pub fn to_json_value(&self) -> Value {
        let mut object = Map::new();
        object.insert("completed".into(), Value::Bool(self.error.is_none()));
        if let Value::Object(report) = self.report.to_json_value() {
            object.extend(report);
        }
        if let Some(error) = &self.error {
            match object.get_mut("errors") {
                Some(Value::Array(errors)) => errors.push(error.to_json_value()),
                _ => {
                    object.insert("errors".into(), json!([error.to_json_value()]));
                }
            }
        }
        Value::Object(object)
    }

    /// Why this run cannot serve as the reference run of a program that frees nothing yet
    /// (the input of a deallocation strategy): its fatal error, or its first heap error that is
    /// not a leak.
    pub fn unfit_as_input(&self) -> Option<String> {
        if let Some(error) = &self.error {
            return Some(format!("stopped: {error}"));
        }
        self.report
            .errors
            .iter()
            .find(|e| e.kind != HeapErrorKind::Leak)
            .map(|e| format!("heap error: {} {}", e.kind.name(), e.message))
    }

    /// [`RunOutcome::to_json_value`], pretty-printed.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_json_value()).unwrap_or_default()
    }

    /// Every error, warning and the fatal error as MLIR diagnostics over `sources` (see the
    /// module doc), in the order they happened.
    pub fn to_diagnostics(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        for error in &self.report.errors {
            out.push_str(&render_heap_error(sources, Severity::Error, error));
        }
        for warning in &self.report.warnings {
            out.push_str(&render_heap_error(sources, Severity::Warning, warning));
        }
        if let Some(error) = &self.error {
            let location = error.location.as_deref();
            out.push_str(&render_located(
                sources,
                Severity::Error,
                location,
                &error.message,
                true,
            ));
        }
        out
    }

    /// The diagnostics of [`RunOutcome::to_diagnostics`], then the verdict and the statistics.
    pub fn to_diagnostic_table(&self, entry: &str, sources: &SourceMap) -> String {
        let mut out = self.to_diagnostics(sources);
        out.push_str(&self.verdict(entry));
        out.push_str(&self.report.statistics_table());
        out
    }

    /// A one-line verdict followed by the report's table.
    pub fn to_table(&self, entry: &str) -> String {
        let mut out = self.verdict(entry);
        out.push_str(&self.report.to_table());
        out
    }

    /// `run of @entry completed without errors` (or with how many, or why it stopped).
    fn verdict(&self, entry: &str) -> String {
        let mut out = String::new();
        let errors = self.report.errors.len();
        match &self.error {
            Some(error) => {
                let _ = writeln!(
                    out,
                    "run of @{entry} stopped: {} error: {error}",
                    error.kind.name()
                );
            }
            None if errors == 0 => {
                let _ = writeln!(out, "run of @{entry} completed without errors");
            }
            None => {
                let _ = writeln!(out, "run of @{entry} completed with {errors} error(s)");
            }
        }
        out
    }
}

/// One heap finding as an MLIR diagnostic with its notes. A leak is reported at the
/// allocation, with a note where the entry function returned; every other finding at the
/// offending op, with notes where the buffer was freed and where it was allocated.
fn render_heap_error(sources: &SourceMap, severity: Severity, error: &HeapError) -> String {
    let mut notes: Vec<(&str, String)> = Vec::new();
    let primary = if error.kind == HeapErrorKind::Leak {
        if let Some(end) = &error.location {
            notes.push((
                end,
                "still live when the entry function returned here".into(),
            ));
        }
        error.alloc_site.as_deref().or(error.location.as_deref())
    } else {
        if let Some(freed) = &error.freed_at {
            let what = match error.kind {
                HeapErrorKind::DoubleFree => "first freed here",
                _ => "freed here",
            };
            notes.push((freed, what.into()));
        }
        if let Some(site) = &error.alloc_site {
            notes.push((site, "allocated here".into()));
        }
        error.location.as_deref()
    };
    let mut out = render_located(sources, severity, primary, &error.message, true);
    for (location, message) in notes {
        // As in MLIR, a note at its diagnostic's own location shows no source line again.
        let show_line = Some(location) != primary;
        out.push_str(&render_located(
            sources,
            Severity::Note,
            Some(location),
            &message,
            show_line,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Report;

    fn stopped() -> RunOutcome {
        RunOutcome {
            stdout: String::new(),
            report: Report::default(),
            error: Some(RunError {
                kind: RunErrorKind::StepBudgetExceeded,
                message: "step budget of 10 ops exceeded".into(),
                location: Some("a.mlir:3:5".into()),
            }),
        }
    }

    #[test]
    fn fatal_error_is_appended_to_errors() {
        let json = stopped().to_json_value();
        assert_eq!(json["completed"], false);
        assert_eq!(json["errors"][0]["kind"], "step_budget_exceeded");
        assert_eq!(json["errors"][0]["location"], "a.mlir:3:5");
        assert!(json["errors"][0]["alloc_site"].is_null());
        assert!(!stopped().is_success());
    }

    #[test]
    fn double_frees_render_as_mlir_diagnostics_with_notes() {
        let mut sources = SourceMap::default();
        sources.add(
            "df.mlir",
            "func.func @main() {\n  %m = memref.alloc() : memref<4xi32>\n  memref.dealloc %m : memref<4xi32>\n  memref.dealloc %m : memref<4xi32>\n  return\n}\n",
        );
        let mut report = Report::default();
        report.errors.push(HeapError {
            kind: HeapErrorKind::DoubleFree,
            message: "double free of heap buffer #0 (16 bytes)".into(),
            location: Some("df.mlir:4:3".into()),
            alloc_site: Some("df.mlir:2:8".into()),
            freed_at: Some("df.mlir:3:3".into()),
        });
        report.errors.push(HeapError {
            kind: HeapErrorKind::Leak,
            message: "heap buffer #1 (8 bytes) is never freed".into(),
            location: Some("df.mlir:5:3".into()),
            alloc_site: Some("df.mlir:2:8".into()),
            freed_at: None,
        });
        let outcome = RunOutcome {
            stdout: String::new(),
            report,
            error: None,
        };
        let text = outcome.to_diagnostics(&sources);
        let expected = "\
df.mlir:4:3: error: double free of heap buffer #0 (16 bytes)
  memref.dealloc %m : memref<4xi32>
  ^
df.mlir:3:3: note: first freed here
  memref.dealloc %m : memref<4xi32>
  ^
df.mlir:2:8: note: allocated here
  %m = memref.alloc() : memref<4xi32>
       ^
df.mlir:2:8: error: heap buffer #1 (8 bytes) is never freed
  %m = memref.alloc() : memref<4xi32>
       ^
df.mlir:5:3: note: still live when the entry function returned here
  return
  ^
";
        assert_eq!(text, expected);
    }

    #[test]
    fn table_starts_with_the_verdict() {
        let table = stopped().to_table("main");
        assert!(table.starts_with(
            "run of @main stopped: step_budget_exceeded error: a.mlir:3:5: step budget"
        ));
        let clean = RunOutcome {
            error: None,
            ..stopped()
        };
        assert!(clean.is_success());
        assert!(
            clean
                .to_table("f")
                .starts_with("run of @f completed without errors\n")
        );
    }
}
