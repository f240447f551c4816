//! Rendering a whole run: the heap's [`Report`](crate::report::Report) plus the fatal error
//! that may have ended the run early, as one JSON object or as a text table.
//!
//! The JSON object is the report's (every statistic, `errors`, `warnings`, `ops_executed`, in
//! the report's field order) with two additions: `completed` (first: whether the entry function
//! returned) and, when the run stopped
//! early, the fatal error appended to `errors` with the same four keys as a heap error
//! (`kind`, `message`, `location`, `alloc_site`), its kind in snake case
//! (`step_budget_exceeded`, `assertion_failed`...).

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::exec::{RunError, RunErrorKind, RunOutcome};

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

    /// [`RunOutcome::to_json_value`], pretty-printed.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_json_value()).unwrap_or_default()
    }

    /// A one-line verdict followed by the report's table.
    pub fn to_table(&self, entry: &str) -> String {
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
        out.push_str(&self.report.to_table());
        out
    }
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
