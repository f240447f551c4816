//! Tidy checks over the whole workspace, in the habit of rust-analyzer's `tidy` test: rules a
//! reviewer would otherwise have to remember.
//!
//! - Every Rust source file opens with `//!` module docs.
//! - Every library crate forbids `unsafe` code.
//! - No function is longer than [`MAX_FUNCTION_LINES`] lines.
//! - No op-name string literal (`"memref.alloc"`) appears in the code of a transform or
//!   analysis crate: op semantics reach passes through the registry's traits and interfaces or
//!   through the typed op views of `ir/src/dialects`. Op names belong to the dialects, the text
//!   front end and the interpreter (the reference semantics).
//!
//! Files are read as text; functions are found by rustfmt's layout (a `fn` line and the `}` at
//! its indentation), which every file follows because CI runs `cargo fmt --check`.

use std::path::{Path, PathBuf};

/// The longest function body allowed, in lines (signature to closing brace).
const MAX_FUNCTION_LINES: usize = 150;

/// Crates whose code may not name ops by string.
const NAME_FREE_CRATES: &[&str] = &[
    "analysis",
    "dealloc",
    "simplify",
    "lower-dealloc",
    "legacy",
    "hoisting",
    "hlo-reuse",
];

/// Dialect prefixes of the op names the name-free crates may not spell.
const DIALECTS: &[&str] = &[
    "builtin",
    "func",
    "arith",
    "cf",
    "scf",
    "memref",
    "bufferization",
    "tensor",
    "deallocation",
    "linalg",
    "affine",
    "vector",
    "math",
    "index",
];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

/// Every `.rs` file of the workspace's crates (not `target/`, not test data).
fn rust_files() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&root)
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            !(name.starts_with("target")
                || name.starts_with('.')
                || name == "tests" && e.depth() == 1)
        })
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}

fn relative(path: &Path) -> String {
    path.strip_prefix(workspace_root())
        .unwrap_or(path)
        .display()
        .to_string()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_source_file_has_module_docs() {
    let undocumented: Vec<String> = rust_files()
        .into_iter()
        .filter(|f| !read(f).starts_with("//!"))
        .map(|f| relative(&f))
        .collect();
    assert!(
        undocumented.is_empty(),
        "files without `//!` module docs on their first line: {undocumented:#?}"
    );
}

#[test]
fn every_library_crate_forbids_unsafe_code() {
    let root = workspace_root();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&root).expect("workspace root") {
        let lib = entry.expect("dir entry").path().join("src/lib.rs");
        if lib.exists() && !read(&lib).contains("#![forbid(unsafe_code)]") {
            missing.push(relative(&lib));
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "library crates without #![forbid(unsafe_code)]: {missing:?}"
    );
}

/// One function found in a file: where it starts and how many lines it spans.
struct FunctionSpan {
    name: String,
    line: usize,
    len: usize,
}

/// The name of the function a line declares, if it declares one at its start.
fn declared_function(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for qualifier in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
        "extern \"C\" ",
    ] {
        rest = rest.strip_prefix(qualifier).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}

/// The functions of `text` with their lengths, by rustfmt layout: a function declared at
/// indentation `i` ends at the first later line that is `}` at indentation `i`.
fn function_spans(text: &str) -> Vec<FunctionSpan> {
    let lines: Vec<&str> = text.lines().collect();
    let mut spans = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(name) = declared_function(line) else {
            continue;
        };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let closing = format!("{}}}", " ".repeat(indent));
        if let Some(offset) = lines[start..].iter().position(|l| *l == closing) {
            spans.push(FunctionSpan {
                name: name.to_string(),
                line: start + 1,
                len: offset + 1,
            });
        }
    }
    spans
}

#[test]
fn no_function_is_longer_than_the_limit() {
    let mut long = Vec::new();
    for file in rust_files() {
        for span in function_spans(&read(&file)) {
            if span.len > MAX_FUNCTION_LINES {
                long.push(format!(
                    "{}:{} fn {} ({} lines)",
                    relative(&file),
                    span.line,
                    span.name,
                    span.len
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines (split them): {long:#?}"
    );
}

/// The op-name string literals on a line of code (comments stripped).
fn op_name_literals(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or("");
    let mut found = Vec::new();
    for (i, piece) in code.split('"').enumerate() {
        if i % 2 == 0 {
            continue;
        }
        let Some((dialect, op)) = piece.split_once('.') else {
            continue;
        };
        let is_op = !op.is_empty()
            && op
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.');
        if DIALECTS.contains(&dialect) && is_op {
            found.push(piece.to_string());
        }
    }
    found
}

/// Whether the lines from `index` on are test code (`#[cfg(test)]` seen above in the file).
fn test_module_starts(lines: &[&str]) -> usize {
    lines
        .iter()
        .position(|l| l.trim() == "#[cfg(test)]")
        .unwrap_or(lines.len())
}

#[test]
fn transform_crates_do_not_name_ops_by_string() {
    let root = workspace_root();
    let mut offenders = Vec::new();
    for krate in NAME_FREE_CRATES {
        let src = root.join(krate).join("src");
        if !src.exists() {
            continue;
        }
        for file in rust_files().into_iter().filter(|f| f.starts_with(&src)) {
            let text = read(&file);
            let lines: Vec<&str> = text.lines().collect();
            let end = test_module_starts(&lines);
            for (n, line) in lines[..end].iter().enumerate() {
                for name in op_name_literals(line) {
                    offenders.push(format!("{}:{}: \"{name}\"", relative(&file), n + 1));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "op-name literals in transform crates; use the registry or a typed view:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_checks_find_what_they_look_for() {
    let text = "fn short() {\n}\n\n    pub(crate) fn nested(x: u8) -> u8 {\n        x\n    }\n";
    let spans = function_spans(text);
    assert_eq!(spans.len(), 2);
    assert_eq!((spans[0].name.as_str(), spans[0].len), ("short", 2));
    assert_eq!((spans[1].name.as_str(), spans[1].len), ("nested", 3));
    assert_eq!(
        op_name_literals(r#"if name == "memref.alloc" { f("a.b") } // "scf.for""#),
        vec!["memref.alloc".to_string()]
    );
    assert_eq!(
        op_name_literals(r#"let v = "bufferization.dealloc";"#).len(),
        1
    );
}
