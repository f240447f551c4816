//! The verdict of one run: heap statistics, errors and warnings, as JSON or as a text table.
//!
//! A [`Report`] is produced once, by [`crate::heap::Heap::finish`], and is plain data: every
//! location is already rendered to text, so the report does not depend on the IR's types.
//!
//! Invariants:
//! - Output is deterministic: fields are printed in declaration order, op counters in sorted
//!   key order (a `BTreeMap`), errors and warnings in the order they happened.
//! - Every counter counts events, not records: repeated errors of the same kind at the same op
//!   on the same buffer (a bad access in a loop) are recorded once but counted every time.
//! - A run is clean for a deallocation strategy ([`Report::deallocation_is_clean`]) when it has no
//!   leak, double free, invalid free or use after free.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use serde::Serialize;

/// What went wrong. Rendered in JSON as the snake-case name (`"use_after_free"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HeapErrorKind {
    /// A load, store or copy touched a heap buffer after its free, or a stack buffer after its
    /// scope exited.
    UseAfterFree,
    /// A heap buffer was freed a second time.
    DoubleFree,
    /// A free of something that is not a live-or-dead heap buffer's base address: a stack buffer,
    /// a global, a pointer into the middle of a buffer, or an address never allocated.
    InvalidFree,
    /// An access (partly) outside its buffer.
    OutOfBounds,
    /// A load of bytes never written. A warning unless configured as an error.
    UninitializedRead,
    /// A heap buffer still live when the entry function returned.
    Leak,
    /// An access to an address or allocation id the heap never handed out.
    WildAccess,
    /// A store into a constant global.
    WriteToConstant,
    /// An allocation with a negative, overflowing or too large size.
    AllocationFailed,
}

impl HeapErrorKind {
    /// The snake-case name used in JSON and in the table.
    pub fn name(self) -> &'static str {
        match self {
            HeapErrorKind::UseAfterFree => "use_after_free",
            HeapErrorKind::DoubleFree => "double_free",
            HeapErrorKind::InvalidFree => "invalid_free",
            HeapErrorKind::OutOfBounds => "out_of_bounds",
            HeapErrorKind::UninitializedRead => "uninitialized_read",
            HeapErrorKind::Leak => "leak",
            HeapErrorKind::WildAccess => "wild_access",
            HeapErrorKind::WriteToConstant => "write_to_constant",
            HeapErrorKind::AllocationFailed => "allocation_failed",
        }
    }
}

impl fmt::Display for HeapErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One diagnosed heap problem, with where it happened and where the buffer came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapError {
    /// What went wrong.
    pub kind: HeapErrorKind,
    /// A sentence for humans, naming the buffer, its address and size where known.
    pub message: String,
    /// The location of the offending op; for leaks, where the entry function ended (if known).
    pub location: Option<String>,
    /// The allocation site of the buffer concerned, when there is one.
    pub alloc_site: Option<String>,
    /// Where the buffer concerned was freed, when it had been (double frees, uses after free).
    pub freed_at: Option<String>,
}

impl fmt::Display for HeapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)?;
        if let Some(location) = &self.location {
            write!(f, " at {location}")?;
        }
        if let Some(freed) = &self.freed_at {
            write!(f, " (freed at {freed})")?;
        }
        if let Some(site) = &self.alloc_site {
            write!(f, " (allocated at {site})")?;
        }
        Ok(())
    }
}

impl std::error::Error for HeapError {}

/// Statistics and diagnostics of one run. Field order is the JSON key order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// Successful heap allocations (`memref.alloc`, clones, reallocs).
    pub allocs: u64,
    /// Successful stack allocations (`memref.alloca`).
    pub stack_allocs: u64,
    /// Successful frees of heap buffers.
    pub frees: u64,
    /// Heap buffers live at the end of the entry function.
    pub leaks: u64,
    /// Bytes of those leaked buffers.
    pub leaked_bytes: u64,
    /// Frees of an already freed heap buffer.
    pub double_frees: u64,
    /// Frees of stack buffers, globals, interior pointers or never-allocated addresses.
    pub invalid_frees: u64,
    /// Accesses to freed heap buffers or dead stack buffers.
    pub use_after_free: u64,
    /// Accesses outside their buffer.
    pub out_of_bounds: u64,
    /// Loads of bytes never written (warnings or errors, as configured).
    pub uninitialized_reads: u64,
    /// Accesses to memory the heap never handed out.
    pub wild_accesses: u64,
    /// Peak of live heap plus stack bytes (globals excluded).
    pub peak_bytes: u64,
    /// Peak number of live heap plus stack buffers.
    pub peak_buffers: u64,
    /// Peak live bytes had every heap buffer been freed right after its last access.
    pub ideal_peak_bytes: u64,
    /// Bytes moved by copies, clones and reallocs.
    pub bytes_copied: u64,
    /// Buffer clones (`bufferization.clone`).
    pub clones: u64,
    /// Runtime alias checks executed.
    pub alias_checks: u64,
    /// Ops executed in total (the logical clock of the run).
    pub steps: u64,
    /// Ops executed, per op name, in sorted order.
    pub ops_executed: BTreeMap<String, u64>,
    /// Errors, in the order they happened (leaks last, in allocation order).
    pub errors: Vec<HeapError>,
    /// Warnings (uninitialized reads unless configured as errors), in the order they happened.
    pub warnings: Vec<HeapError>,
}

impl Report {
    /// No leak, double free, invalid free or use after free: what every deallocation strategy's
    /// output must achieve.
    pub fn deallocation_is_clean(&self) -> bool {
        self.leaks == 0
            && self.double_frees == 0
            && self.invalid_frees == 0
            && self.use_after_free == 0
    }

    /// No error of any kind (warnings allowed).
    pub fn has_no_errors(&self) -> bool {
        self.errors.is_empty()
    }

    /// The report as a JSON value.
    pub fn to_json_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The report as pretty-printed JSON, keys in a fixed order.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The report as an aligned plain-text table, followed by op counts and diagnostics.
    pub fn to_table(&self) -> String {
        let mut out = self.statistics_table();
        write_diagnostics(&mut out, "errors", &self.errors);
        write_diagnostics(&mut out, "warnings", &self.warnings);
        out
    }

    /// The statistics and op counts of [`Report::to_table`], without the diagnostics.
    pub fn statistics_table(&self) -> String {
        let mut out = String::new();
        write_aligned_rows(&mut out, &self.statistic_rows());
        if !self.ops_executed.is_empty() {
            out.push_str("\nops executed\n");
            let rows: Vec<(&str, u64)> = self
                .ops_executed
                .iter()
                .map(|(name, count)| (name.as_str(), *count))
                .collect();
            write_aligned_rows(&mut out, &rows);
        }
        out
    }

    /// (label, value) of every statistic, in JSON key order.
    fn statistic_rows(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("allocs", self.allocs),
            ("stack_allocs", self.stack_allocs),
            ("frees", self.frees),
            ("leaks", self.leaks),
            ("leaked_bytes", self.leaked_bytes),
            ("double_frees", self.double_frees),
            ("invalid_frees", self.invalid_frees),
            ("use_after_free", self.use_after_free),
            ("out_of_bounds", self.out_of_bounds),
            ("uninitialized_reads", self.uninitialized_reads),
            ("wild_accesses", self.wild_accesses),
            ("peak_bytes", self.peak_bytes),
            ("peak_buffers", self.peak_buffers),
            ("ideal_peak_bytes", self.ideal_peak_bytes),
            ("bytes_copied", self.bytes_copied),
            ("clones", self.clones),
            ("alias_checks", self.alias_checks),
            ("steps", self.steps),
        ]
    }
}

/// Writes `label  value` lines, labels left-aligned and values right-aligned in two columns.
fn write_aligned_rows(out: &mut String, rows: &[(&str, u64)]) {
    let label_width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0);
    let value_width = rows
        .iter()
        .map(|(_, value)| value.to_string().len())
        .max()
        .unwrap_or(0);
    for (label, value) in rows {
        let _ = writeln!(out, "{label:<label_width$}  {value:>value_width$}");
    }
}

/// Writes a titled, numbered list of diagnostics, or nothing when there are none.
fn write_diagnostics(out: &mut String, title: &str, diagnostics: &[HeapError]) {
    if diagnostics.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{title} ({})", diagnostics.len());
    for diagnostic in diagnostics {
        let _ = writeln!(out, "  {diagnostic}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_report() -> Report {
        let mut report = Report {
            allocs: 3,
            frees: 2,
            leaks: 1,
            leaked_bytes: 40,
            peak_bytes: 120,
            ..Report::default()
        };
        report.ops_executed.insert("memref.alloc".into(), 3);
        report.ops_executed.insert("arith.constant".into(), 7);
        report.errors.push(HeapError {
            kind: HeapErrorKind::Leak,
            message: "heap buffer #2 of 40 bytes is never freed".into(),
            location: Some("loc(\"end\")".into()),
            alloc_site: Some("loc(\"a.mlir\":3:7)".into()),
            freed_at: None,
        });
        report
    }

    #[test]
    fn json_has_every_required_key() {
        let json = sample_report().to_json_value();
        let object = json.as_object().expect("report renders as a JSON object");
        for key in [
            "allocs",
            "frees",
            "leaks",
            "leaked_bytes",
            "double_frees",
            "invalid_frees",
            "use_after_free",
            "out_of_bounds",
            "peak_bytes",
            "ideal_peak_bytes",
            "bytes_copied",
            "clones",
            "alias_checks",
            "errors",
            "peak_buffers",
            "ops_executed",
            "warnings",
        ] {
            assert!(object.contains_key(key), "missing key {key}");
        }
        let error = &json["errors"][0];
        assert_eq!(error["kind"], "leak");
        assert_eq!(error["location"], "loc(\"end\")");
        assert_eq!(error["alloc_site"], "loc(\"a.mlir\":3:7)");
        assert!(
            error["message"]
                .as_str()
                .is_some_and(|m| m.contains("40 bytes"))
        );
    }

    #[test]
    fn json_orders_op_counters_by_name() {
        let text = sample_report().to_json();
        let arith = text.find("arith.constant").expect("arith counter printed");
        let memref = text.find("memref.alloc").expect("memref counter printed");
        assert!(arith < memref);
    }

    #[test]
    fn table_aligns_values_and_lists_errors() {
        let table = sample_report().to_table();
        assert!(table.contains("allocs                 3\n"), "{table}");
        assert!(table.contains("peak_bytes           120\n"), "{table}");
        assert!(table.contains("ops executed\narith.constant  7\nmemref.alloc    3\n"));
        assert!(table.contains("errors (1)\n  leak: heap buffer #2"));
    }

    #[test]
    fn clean_deallocation_ignores_out_of_bounds_but_not_leaks() {
        let mut report = Report {
            out_of_bounds: 1,
            ..Report::default()
        };
        assert!(report.deallocation_is_clean());
        report.leaks = 1;
        assert!(!report.deallocation_is_clean());
    }
}
