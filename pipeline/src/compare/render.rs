//! Writing a [`Comparison`]: a terminal table and Markdown (both through `comfy-table`), JSON
//! and CSV. The table and Markdown put measured against reference side by side (`allocs /
//! own`, `peak / ideal`); JSON and CSV keep every number in its own field.

use comfy_table::{CellAlignment, Table, presets};
use serde_json::{Value, json};

use super::{Comparison, Row};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An aligned terminal table, then the notes.
    Table,
    /// One JSON object: `strategies`, `rows`, `notes`.
    Json,
    /// One line per row, with a header.
    Csv,
    /// A Markdown table, then the notes as a list.
    Markdown,
}

impl Format {
    /// Parses `table`, `json`, `csv` or `markdown`.
    pub fn parse(text: &str) -> Result<Format, String> {
        match text {
            "table" => Ok(Format::Table),
            "json" => Ok(Format::Json),
            "csv" => Ok(Format::Csv),
            "markdown" | "md" => Ok(Format::Markdown),
            _ => Err(format!(
                "unknown format '{text}': expected table, json, csv or markdown"
            )),
        }
    }
}

/// Renders `comparison` in `format`.
pub fn render(comparison: &Comparison, format: Format) -> String {
    match format {
        Format::Table => table(comparison, false),
        Format::Markdown => table(comparison, true),
        Format::Json => json_text(comparison),
        Format::Csv => csv(comparison),
    }
}

/// The column headers of the table and Markdown forms.
fn headers(with_jit: bool) -> Vec<&'static str> {
    let mut headers = vec!["program", "strategy", "verdict"];
    if with_jit {
        headers.push("jit");
    }
    headers.extend([
        "allocs / own",
        "peak / ideal B",
        "clones",
        "copied B",
        "alias checks",
        "static ops / alloc / free / clone",
        "time ms",
    ]);
    headers
}

fn table(comparison: &Comparison, markdown: bool) -> String {
    let with_jit = comparison.rows.iter().any(|r| r.jit.is_some());
    let mut table = Table::new();
    table.load_style(if markdown {
        presets::ASCII_MARKDOWN
    } else {
        presets::UTF8_FULL_CONDENSED
    });
    table.set_header(headers(with_jit));
    for row in &comparison.rows {
        table.add_row(table_cells(row, with_jit));
    }
    for index in 3 + usize::from(with_jit)..headers(with_jit).len() {
        if let Some(column) = table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    let mut out = table.to_string();
    out.push('\n');
    for note in &comparison.notes {
        out.push_str(if markdown { "- note: " } else { "note: " });
        out.push_str(note);
        out.push('\n');
    }
    out
}

fn table_cells(row: &Row, with_jit: bool) -> Vec<String> {
    let mut cells = vec![
        row.program.clone(),
        row.strategy.clone(),
        row.verdict.clone(),
    ];
    if with_jit {
        cells.push(row.jit.clone().unwrap_or_else(|| "-".into()));
    }
    match &row.metrics {
        Some(m) => cells.extend([
            format!("{} / {}", m.allocs, row.own_allocs),
            format!("{} / {}", m.peak_bytes, row.ideal_peak_bytes),
            m.clones.to_string(),
            m.bytes_copied.to_string(),
            m.alias_checks.to_string(),
            format!(
                "{} / {} / {} / {}",
                m.static_counts.ops,
                m.static_counts.allocs,
                m.static_counts.frees,
                m.static_counts.clones
            ),
        ]),
        None => cells.extend(std::iter::repeat_n("-".to_string(), 6)),
    }
    cells.push(millis(row));
    cells
}

fn millis(row: &Row) -> String {
    format!("{:.2}", row.transform_time.as_secs_f64() * 1e3)
}

/// One row as a JSON object; metrics are `null` when the output did not run.
pub fn row_json(row: &Row) -> Value {
    let metrics = row.metrics.as_ref().map(|m| {
        json!({
            "allocs": m.allocs,
            "stack_allocs": m.stack_allocs,
            "frees": m.frees,
            "peak_bytes": m.peak_bytes,
            "clones": m.clones,
            "bytes_copied": m.bytes_copied,
            "alias_checks": m.alias_checks,
            "steps": m.steps,
            "static_ops": m.static_counts.ops,
            "static_allocs": m.static_counts.allocs,
            "static_frees": m.static_counts.frees,
            "static_clones": m.static_counts.clones,
        })
    });
    json!({
        "program": row.program,
        "strategy": row.strategy,
        "verdict": row.verdict,
        "jit": row.jit,
        "input_ops": row.input_ops,
        "own_allocs": row.own_allocs,
        "ideal_peak_bytes": row.ideal_peak_bytes,
        "transform_ms": row.transform_time.as_secs_f64() * 1e3,
        "metrics": metrics,
    })
}

fn json_text(comparison: &Comparison) -> String {
    let value = json!({
        "strategies": comparison.strategies,
        "rows": comparison.rows.iter().map(row_json).collect::<Vec<_>>(),
        "notes": comparison.notes,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// The CSV columns, in order.
const CSV_HEADER: &str = "program,strategy,verdict,jit,allocs,own_allocs,stack_allocs,frees,\
peak_bytes,ideal_peak_bytes,clones,bytes_copied,alias_checks,steps,static_ops,static_allocs,\
static_frees,static_clones,transform_ms";

fn csv(comparison: &Comparison) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for row in &comparison.rows {
        let mut fields = vec![
            csv_field(&row.program),
            csv_field(&row.strategy),
            csv_field(&row.verdict),
            csv_field(row.jit.as_deref().unwrap_or("")),
        ];
        let numbers = row.metrics.as_ref().map(|m| {
            [
                m.allocs,
                row.own_allocs,
                m.stack_allocs,
                m.frees,
                m.peak_bytes,
                row.ideal_peak_bytes,
                m.clones,
                m.bytes_copied,
                m.alias_checks,
                m.steps,
                m.static_counts.ops,
                m.static_counts.allocs,
                m.static_counts.frees,
                m.static_counts.clones,
            ]
        });
        match numbers {
            Some(numbers) => fields.extend(numbers.iter().map(u64::to_string)),
            None => fields.extend(std::iter::repeat_n(String::new(), 14)),
        }
        fields.push(millis(row));
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// Quotes a field holding a comma, a quote or a line break, doubling its quotes.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::compare::Metrics;

    fn sample() -> Comparison {
        let row = Row {
            program: "a.mlir".into(),
            strategy: "ownership".into(),
            verdict: "ok".into(),
            jit: None,
            input_ops: 10,
            own_allocs: 2,
            ideal_peak_bytes: 64,
            metrics: Some(Metrics {
                allocs: 3,
                peak_bytes: 96,
                clones: 1,
                ..Metrics::default()
            }),
            transform_time: Duration::from_micros(1500),
            output: None,
        };
        let failed = Row {
            strategy: "other".into(),
            verdict: "transform failed: x, \"y\"".into(),
            metrics: None,
            ..row.clone()
        };
        Comparison {
            strategies: vec!["ownership".into(), "other".into()],
            rows: vec![row, failed],
            notes: vec!["strategy legacy skipped".into()],
        }
    }

    #[test]
    fn formats_parse_by_name() {
        assert_eq!(Format::parse("md"), Ok(Format::Markdown));
        assert!(Format::parse("xml").is_err());
    }

    #[test]
    fn the_table_pairs_measured_with_reference() {
        let text = render(&sample(), Format::Table);
        assert!(text.contains("3 / 2"), "{text}");
        assert!(text.contains("96 / 64"), "{text}");
        assert!(text.contains("1.50"), "{text}");
        assert!(text.ends_with("note: strategy legacy skipped\n"), "{text}");
        let markdown = render(&sample(), Format::Markdown);
        assert!(markdown.starts_with("| program"), "{markdown}");
        assert!(markdown.contains("- note: strategy legacy skipped"));
    }

    #[test]
    fn csv_quotes_and_leaves_missing_metrics_empty() {
        let text = render(&sample(), Format::Csv);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_HEADER);
        assert!(lines[1].starts_with("a.mlir,ownership,ok,,3,2,0,0,96,64,1,"));
        assert!(lines[2].contains("\"transform failed: x, \"\"y\"\"\",,,,"));
        let columns = CSV_HEADER.split(',').count();
        assert!(
            lines[1..]
                .iter()
                .all(|l| !l.contains('"') || l.contains("transform"))
        );
        assert_eq!(lines[1].split(',').count(), columns);
    }

    #[test]
    fn json_keeps_every_number() {
        let value: Value = serde_json::from_str(&render(&sample(), Format::Json)).unwrap();
        assert_eq!(value["rows"][0]["metrics"]["allocs"], 3);
        assert_eq!(value["rows"][0]["own_allocs"], 2);
        assert!(value["rows"][1]["metrics"].is_null());
        assert_eq!(value["notes"][0], "strategy legacy skipped");
    }
}
