//! The corpus the pass's integration tests share: every `// -----` chunk with `@main` of the
//! `tests/ownership-based-buffer-deallocation/*.mlir` files that expect no error, with the pass
//! options their RUN line sets.

use std::path::Path;

use dealloc::DeallocOptions;

/// One executable test program.
pub struct Program {
    /// The file name.
    pub file: String,
    /// The chunk's index in its file.
    pub index: usize,
    /// The chunk's text.
    pub text: String,
    /// The options of the file's RUN line.
    pub options: DeallocOptions,
}

/// Every chunk with `@main` of the pass's file tests, in file order.
pub fn programs() -> Vec<Program> {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ownership-based-buffer-deallocation");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().and_then(|e| e.to_str()) == Some("mlir"));
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if text.contains("expected-error") {
            continue;
        }
        let options = DeallocOptions {
            private_function_dynamic_ownership: text
                .lines()
                .next()
                .is_some_and(|l| l.contains("private-function-dynamic-ownership=true")),
        };
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_owned();
        for (index, chunk) in chunks(&text).into_iter().enumerate() {
            if chunk.contains("@main") {
                out.push(Program {
                    file: file.clone(),
                    index,
                    text: chunk,
                    options,
                });
            }
        }
    }
    out
}

/// The `// -----` chunks of a file.
fn chunks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.lines() {
        if line.trim_start().starts_with("// -----") {
            out.push(String::new());
        } else if let Some(last) = out.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    out
}
