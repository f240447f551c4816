//! Diagnostics in MLIR's format.
//!
//! A [`Diagnostic`] has a severity, a location, a message and attached notes. Rendering follows
//! LLVM's `SourceMgr` as `mlir-opt` prints it:
//!
//! ```text
//! in.mlir:2:8: error: 'arith.addf' op operand #0 must be floating-point-like
//!   %0 = arith.addf %a, %a : i32
//!        ^
//! ```
//!
//! A diagnostic reported on an op (MLIR's `op->emitError`) remembers it; rendering then adds
//! MLIR's trailing note `see current operation: <the op in generic form>` before its other notes.
//! `--verify-diagnostics` does not see that note, as in `mlir-opt`, which turns it off there.
//!
//! [`SourceMap`] holds the text of every input buffer so the source line can be shown.

use std::fmt::Write as _;

use crate::context::Context;
use crate::entity::{Loc, Op};
use crate::location::FilePos;

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Severity {
    /// A note attached to another diagnostic.
    Note,
    /// A remark.
    Remark,
    /// A warning.
    Warning,
    /// An error.
    Error,
}

impl Severity {
    /// The word printed after the position.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A positioned message, as reported by the parser, the verifier or a pass.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where it applies.
    pub loc: Loc,
    /// The message.
    pub message: String,
    /// Attached notes (severity [`Severity::Note`]).
    pub notes: Vec<Diagnostic>,
    /// The op the diagnostic was reported on, shown by [`render`] as a
    /// `see current operation` note.
    pub op: Option<Op>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Loc, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            loc,
            message: message.into(),
            notes: Vec::new(),
            op: None,
        }
    }

    /// A warning at `loc`.
    pub fn warning(loc: Loc, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(loc, message)
        }
    }

    /// Records the op the diagnostic is about (see [`Diagnostic::op`]).
    pub fn on_op(mut self, op: Op) -> Self {
        self.op = Some(op);
        self
    }

    /// Attaches a note.
    pub fn with_note(mut self, loc: Loc, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(loc, message)
        });
        self
    }
}

/// The text of every input buffer, by name.
#[derive(Clone, Default, Debug)]
pub struct SourceMap {
    files: Vec<(String, String)>,
}

impl SourceMap {
    /// Registers a buffer.
    pub fn add(&mut self, name: &str, text: &str) {
        self.files.retain(|(n, _)| n != name);
        self.files.push((name.to_string(), text.to_string()));
    }

    /// The given 1-based line of a buffer.
    pub fn line(&self, file: &str, line: u32) -> Option<&str> {
        let (_, text) = self.files.iter().find(|(n, _)| n == file)?;
        text.split('\n').nth(line.checked_sub(1)? as usize)
    }
}

/// Renders a diagnostic and its notes, each with its source line and caret when known; a
/// diagnostic reported on an op first gets MLIR's `see current operation` note.
pub fn render(ctx: &Context, sources: &SourceMap, diag: &Diagnostic) -> String {
    let mut out = String::new();
    render_one(ctx, sources, diag, true, &mut out);
    if let Some(op) = diag.op.filter(|&op| ctx.is_alive(op)) {
        let printed = crate::asm::print_op_for_diagnostic(ctx, op);
        let note = Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(ctx.op_loc(op), format!("see current operation: {printed}"))
        };
        render_one(ctx, sources, &note, note.loc != diag.loc, &mut out);
    }
    for note in &diag.notes {
        // As in MLIR, a note at the same location as its diagnostic shows no source line.
        render_one(ctx, sources, note, note.loc != diag.loc, &mut out);
    }
    out
}

fn render_one(
    ctx: &Context,
    sources: &SourceMap,
    diag: &Diagnostic,
    show_line: bool,
    out: &mut String,
) {
    let pos = ctx.file_pos(diag.loc);
    match &pos {
        Some(FilePos { file, line, col }) => {
            let _ = write!(out, "{file}:{line}:{col}: ");
        }
        None => out.push_str("loc(unknown): "),
    }
    let _ = writeln!(out, "{}: {}", diag.severity.as_str(), diag.message);
    if let Some(pos) = pos.filter(|_| show_line) {
        write_source_line(sources, &pos, out);
    }
}

/// Writes the source line of `pos` and a caret under its column, if the line is known.
fn write_source_line(sources: &SourceMap, pos: &FilePos, out: &mut String) {
    let Some(text) = sources.line(&pos.file, pos.line) else {
        return;
    };
    let text = text.strip_suffix('\r').unwrap_or(text);
    let _ = writeln!(out, "{text}");
    let caret_col = (pos.col as usize).saturating_sub(1);
    let pad: String = text
        .chars()
        .take(caret_col)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let _ = writeln!(out, "{pad}^");
}

/// `file:line:col` of `loc`, or `unknown`: how logs and reports name a place in the input.
pub fn loc_text(ctx: &Context, loc: crate::entity::Loc) -> String {
    ctx.file_pos(loc).map_or_else(
        || "unknown".to_string(),
        |FilePos { file, line, col }| format!("{file}:{line}:{col}"),
    )
}

/// Parses a location written as text, `file:line:col` (what reports that outlive their IR
/// keep); `None` for any other form.
pub fn parse_file_pos(text: &str) -> Option<FilePos> {
    let mut parts = text.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?.to_string();
    Some(FilePos { file, line, col })
}

/// One message located by text rather than by [`Loc`]: `location: severity: message`, then
/// the source line and caret when `location` is `file:line:col` of a known buffer and
/// `show_line` is set. Without a location the prefix is `loc(unknown)`.
pub fn render_located(
    sources: &SourceMap,
    severity: Severity,
    location: Option<&str>,
    message: &str,
    show_line: bool,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}: {message}",
        location.unwrap_or("loc(unknown)"),
        severity.as_str()
    );
    if let Some(pos) = location.and_then(parse_file_pos).filter(|_| show_line) {
        write_source_line(sources, &pos, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn located_messages_show_their_line_and_caret() {
        let mut sources = SourceMap::default();
        sources.add("a:b.mlir", "first\n  second line\n");
        let text = render_located(&sources, Severity::Error, Some("a:b.mlir:2:3"), "bad", true);
        assert_eq!(text, "a:b.mlir:2:3: error: bad\n  second line\n  ^\n");
        let note = render_located(&sources, Severity::Note, Some("a:b.mlir:2:3"), "x", false);
        assert_eq!(note, "a:b.mlir:2:3: note: x\n");
        let elsewhere = render_located(&sources, Severity::Note, Some("<somewhere>"), "y", true);
        assert_eq!(elsewhere, "<somewhere>: note: y\n");
        let unknown = render_located(&sources, Severity::Error, None, "z", true);
        assert_eq!(unknown, "loc(unknown): error: z\n");
    }
}
