//! `--verify-diagnostics`: check reported diagnostics against `expected-*` annotations.
//!
//! Annotations follow MLIR: `// expected-error {{text}}` applies to its own line,
//! `@above`/`@below` to the nearest line above/below that carries no annotation, `@+N`/`@-N` to a
//! relative line. A reported diagnostic matches an expectation of the same severity on the same
//! line whose text it contains. Unmatched diagnostics and unmet expectations are both errors.

use ir::{Context, Diagnostic, Severity};

/// One `expected-*` annotation.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// Severity expected.
    pub severity: Severity,
    /// 1-based line the diagnostic must be reported on.
    pub line: u32,
    /// Text the message must contain.
    pub text: String,
    /// Line of the annotation itself (for reporting).
    pub annotation_line: u32,
    /// Column of the annotation.
    pub annotation_col: u32,
    matched: bool,
}

/// Extracts the annotations of a buffer. Errors are malformed annotations.
pub fn parse_expectations(text: &str) -> Result<Vec<Expectation>, String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let has_annotation = |l: &str| l.contains("expected-");
    let mut out = Vec::new();
    for (idx, line) in lines.iter().enumerate() {
        let line_no = idx as u32 + 1;
        let mut rest = *line;
        let mut col_base = 0usize;
        while let Some(p) = rest.find("expected-") {
            let after = &rest[p + "expected-".len()..];
            let col = (col_base + p) as u32 + 1;
            let (severity, kw_len) = if after.starts_with("error") {
                (Severity::Error, 5)
            } else if after.starts_with("warning") {
                (Severity::Warning, 7)
            } else if after.starts_with("note") {
                (Severity::Note, 4)
            } else if after.starts_with("remark") {
                (Severity::Remark, 6)
            } else {
                col_base += p + 9;
                rest = after;
                continue;
            };
            let mut tail = after[kw_len..].trim_start();
            let mut target = line_no;
            if let Some(t) = tail.strip_prefix('@') {
                let end = t
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(t.len());
                let designator = &t[..end];
                tail = t[end..].trim_start();
                target = match designator {
                    "above" => (1..line_no)
                        .rev()
                        .find(|&l| !has_annotation(lines[l as usize - 1]))
                        .unwrap_or(1),
                    "below" => (line_no + 1..=lines.len() as u32)
                        .find(|&l| !has_annotation(lines[l as usize - 1]))
                        .unwrap_or(line_no + 1),
                    d => {
                        let n: i64 = d
                            .parse()
                            .map_err(|_| format!("{line_no}: invalid designator '@{d}'"))?;
                        (line_no as i64 + n).max(1) as u32
                    }
                };
            }
            let Some(body) = tail.strip_prefix("{{") else {
                return Err(format!(
                    "{line_no}:{col}: expected '{{{{' after expected-* annotation"
                ));
            };
            let Some(end) = body.find("}}") else {
                return Err(format!(
                    "{line_no}:{col}: missing '}}}}' in expected-* annotation"
                ));
            };
            out.push(Expectation {
                severity,
                line: target,
                text: body[..end].to_string(),
                annotation_line: line_no,
                annotation_col: col,
                matched: false,
            });
            let consumed = rest.len() - body[end + 2..].len();
            col_base += consumed;
            rest = &body[end + 2..];
        }
    }
    Ok(out)
}

/// Matches diagnostics (and their notes) against expectations. Returns the error messages for
/// every mismatch, already formatted `file:line:col: error: ...`.
pub fn check(
    ctx: &Context,
    file: &str,
    expectations: &mut [Expectation],
    diagnostics: &[Diagnostic],
) -> Vec<String> {
    let mut errors = Vec::new();
    let mut all: Vec<&Diagnostic> = Vec::new();
    for d in diagnostics {
        all.push(d);
        all.extend(d.notes.iter());
    }
    for d in all {
        let pos = ctx.file_pos(d.loc);
        let line = pos.as_ref().map_or(0, |p| p.line);
        let found = expectations.iter_mut().find(|e| {
            !e.matched && e.severity == d.severity && e.line == line && d.message.contains(&e.text)
        });
        match found {
            Some(e) => e.matched = true,
            None => {
                let at = pos.map_or_else(
                    || format!("{file}:0:0"),
                    |p| format!("{}:{}:{}", p.file, p.line, p.col),
                );
                errors.push(format!(
                    "{at}: error: unexpected {}: {}\n",
                    d.severity.as_str(),
                    d.message
                ));
            }
        }
    }
    for e in expectations.iter().filter(|e| !e.matched) {
        errors.push(format!(
            "{file}:{}:{}: error: expected {} \"{}\" was not produced\n",
            e.annotation_line,
            e.annotation_col,
            e.severity.as_str(),
            e.text
        ));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designators_resolve_to_unannotated_lines() {
        let text = "a\n// expected-error @below {{x}}\n// expected-note @below {{y}}\nb\nc // expected-error {{z}}\n// expected-error @-2 {{w}}\n";
        let e = parse_expectations(text).unwrap();
        let lines: Vec<u32> = e.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![4, 4, 5, 4]);
        assert_eq!(e[1].severity, Severity::Note);
        assert_eq!(e[2].text, "z");
    }

    #[test]
    fn malformed_annotation_is_an_error() {
        assert!(parse_expectations("// expected-error @below x").is_err());
    }
}
