//! The file-test harness: every `.mlir` file under `tests/` becomes one test per
//! `// -----` chunk.
//!
//! Line 1 of a file is `// RUN: dealloc-opt %s <flags>`. For each chunk the driver runs
//! in-process with those flags:
//! - with `--verify-diagnostics`, the chunk passes when every `expected-*` annotation is met and
//!   nothing unexpected is reported;
//! - otherwise the printed output must equal the matching chunk of `<file>.expected`.
//!
//! `DEALLOC_BLESS=1 cargo test --test filetests` rewrites the `.expected` files from our output.
//! Where `mlir-opt-22` is installed, every file's output is also fed back to it, which must parse
//! it (a differential check); where it is absent, that check says so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

fn tests_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("tests")
}

struct TestFile {
    path: PathBuf,
    rel: String,
    args: Vec<String>,
    text: String,
}

fn run_line_args(text: &str) -> Option<Vec<String>> {
    let first = text.lines().next()?;
    let rest = first.trim().strip_prefix("// RUN:")?.trim();
    let rest = rest.strip_prefix("dealloc-opt")?.trim();
    Some(
        shell_words(rest)
            .into_iter()
            .filter(|a| a != "%s")
            .collect(),
    )
}

/// Splits on whitespace, honouring single and double quotes.
fn shell_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                any = true;
            }
            None if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            None => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn collect_files() -> Vec<TestFile> {
    let root = tests_root();
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name() {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("mlir") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let Some(args) = run_line_args(&text) else {
            continue;
        };
        let rel = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        files.push(TestFile {
            path: path.to_path_buf(),
            rel,
            args,
            text,
        });
    }
    files
}

fn run_driver(args: &[String], path: &Path, stdin: Option<String>) -> pipeline::driver::Captured {
    let mut full: Vec<String> = args.to_vec();
    match &stdin {
        Some(_) => full.push("-".into()),
        None => full.push(path.to_string_lossy().into_owned()),
    }
    // Deep nesting needs a big stack; run on a dedicated thread.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || pipeline::driver::run_captured(&full, stdin.as_deref()))
        .expect("spawn test thread")
        .join()
        .unwrap_or_else(|_| pipeline::driver::Captured {
            stderr: "dealloc-opt panicked".into(),
            code: 101,
            ..Default::default()
        })
}

fn expected_chunks(path: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(path.with_extension("mlir.expected")).ok()?;
    Some(
        text.split("// -----\n")
            .map(str::to_string)
            .collect::<Vec<_>>(),
    )
}

fn chunk_trial(file: &TestFile, index: usize, line_offset: usize, chunk: String) -> Trial {
    let name = format!("{}:{}", file.rel, index);
    let args = file.args.clone();
    let path = file.path.clone();
    let verify = args
        .iter()
        .any(|a| a.trim_start_matches('-') == "verify-diagnostics");
    Trial::test(name, move || {
        // Keep line numbers: pad the chunk with the lines that preceded it.
        let padded = "\n".repeat(line_offset) + &chunk;
        let split_args: Vec<String> = args
            .iter()
            .filter(|a| a.trim_start_matches('-') != "split-input-file")
            .cloned()
            .collect();
        let out = run_driver(&split_args, &path, Some(padded));
        if out.code == 101 {
            return Err(Failed::from(format!("panic: {}", out.stderr)));
        }
        if verify {
            if out.code != 0 {
                return Err(Failed::from(format!(
                    "diagnostics mismatch:\n{}",
                    out.stderr
                )));
            }
            return Ok(());
        }
        if out.code != 0 {
            return Err(Failed::from(format!("dealloc-opt failed:\n{}", out.stderr)));
        }
        let expected = expected_chunks(&path)
            .ok_or_else(|| Failed::from("missing .expected file (run with DEALLOC_BLESS=1)"))?;
        let want = expected.get(index).cloned().unwrap_or_default();
        // Each expected chunk ends with the blank line `--split-input-file` prints after it.
        let got = out.stdout + "\n";
        if got != want {
            let diff = similar::TextDiff::from_lines(&want, &got)
                .unified_diff()
                .header("expected", "actual")
                .to_string();
            return Err(Failed::from(format!("output differs:\n{diff}")));
        }
        Ok(())
    })
}

fn bless(files: &[TestFile]) {
    for f in files {
        let verify = f.args.iter().any(|a| a.contains("verify-diagnostics"));
        if verify {
            continue;
        }
        let out = run_driver(&f.args, &f.path, None);
        if out.code == 0 {
            let _ = std::fs::write(f.path.with_extension("mlir.expected"), out.stdout);
        } else {
            eprintln!("cannot bless {}: {}", f.rel, out.stderr);
        }
    }
}

fn mlir_opt_available() -> bool {
    Command::new("mlir-opt-22")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Our printed output of a whole file must parse with mlir-opt-22.
fn differential_trial(file: &TestFile, have_mlir_opt: bool) -> Trial {
    let name = format!("mlir-opt-22-parses-output/{}", file.rel);
    let args = file.args.clone();
    let path = file.path.clone();
    Trial::test(name, move || {
        if !have_mlir_opt {
            return Ok(());
        }
        let out = run_driver(&args, &path, None);
        if out.code != 0 {
            return Ok(()); // The chunk trials report our own failure.
        }
        let mut cmd = Command::new("mlir-opt-22");
        cmd.arg("--split-input-file").arg("-o").arg("/dev/null");
        if args
            .iter()
            .any(|a| a.contains("allow-unregistered-dialect"))
        {
            cmd.arg("--allow-unregistered-dialect");
        }
        let tmp = std::env::temp_dir().join(format!(
            "dealloc-diff-{}-{}.mlir",
            std::process::id(),
            path.file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        ));
        std::fs::write(&tmp, &out.stdout).map_err(|e| Failed::from(e.to_string()))?;
        let res = cmd
            .arg(&tmp)
            .output()
            .map_err(|e| Failed::from(e.to_string()))?;
        let _ = std::fs::remove_file(&tmp);
        if !res.status.success() {
            return Err(Failed::from(format!(
                "mlir-opt-22 rejects our output:\n{}",
                String::from_utf8_lossy(&res.stderr)
            )));
        }
        Ok(())
    })
}

fn main() {
    let args = Arguments::from_args();
    let files = collect_files();
    if std::env::var_os("DEALLOC_BLESS").is_some() {
        bless(&files);
    }
    let have_mlir_opt = mlir_opt_available();
    if !have_mlir_opt {
        eprintln!("note: mlir-opt-22 not found; differential checks are skipped");
    }
    let mut trials = Vec::new();
    for f in &files {
        let split = f
            .args
            .iter()
            .any(|a| a.trim_start_matches('-') == "split-input-file");
        let chunks: Vec<(usize, String)> = if split {
            pipeline::driver::split_chunks(&f.text)
                .into_iter()
                .map(|(o, c)| (o, c.to_string()))
                .collect()
        } else {
            vec![(0, f.text.clone())]
        };
        for (i, (offset, chunk)) in chunks.into_iter().enumerate() {
            trials.push(chunk_trial(f, i, offset, chunk));
        }
        let verify = f.args.iter().any(|a| a.contains("verify-diagnostics"));
        if !verify {
            trials.push(differential_trial(f, have_mlir_opt));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
