//! Support for the screens' unit tests: the repository's `.mlir` test chunks, parsed one by
//! one, as a corpus of real ops to check a screen against the patterns it guards.

use crate::asm::parser::{ParseOptions, parse_module};
use crate::context::Context;
use crate::entity::Op;
use std::path::{Path, PathBuf};

/// The `.mlir` files under `dir`, recursively.
fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            mlir_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

/// Calls `check` with each chunk (split at `// -----`) of the repository's `.mlir` tests whose
/// text contains `needle` and that parses: its file, context and module.
pub(crate) fn for_each_chunk_with(needle: &str, mut check: impl FnMut(&Path, &mut Context, Op)) {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut files = Vec::new();
    mlir_files(&tests, &mut files);
    files.sort();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable test file");
        for chunk in text.split("// -----\n").filter(|c| c.contains(needle)) {
            let mut ctx = Context::new();
            let options = ParseOptions {
                allow_unregistered: true,
            };
            if let Ok(module) = parse_module(&mut ctx, "t.mlir", chunk, &options) {
                check(file, &mut ctx, module);
            }
        }
    }
}
