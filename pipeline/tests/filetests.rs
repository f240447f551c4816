//! The file-test harness: every `.mlir` file under `tests/` becomes one test per
//! `// -----` chunk.
//!
//! Line 1 of a file is `// RUN: dealloc-opt %s <flags>`. For each chunk the driver runs
//! in-process with those flags:
//! - with `--verify-diagnostics`, the chunk passes when every `expected-*` annotation is met and
//!   nothing unexpected is reported;
//! - otherwise the printed output must equal the matching chunk of `<file>.expected`. With
//!   `--run` in the RUN line, that output is what the program printed (not the IR).
//!
//! Exit status and stderr: a chunk must exit with status 0 unless it has an
//! `// EXPECT-EXIT: <code>` line, in which case the status must be that code; every
//! `// EXPECT-STDERR: <text>` line of the chunk must appear verbatim in stderr (the chunk is read
//! from stdin, so locations in stderr are `<stdin>:LINE:COL`). This is how deliberately failing
//! `--run` cases (a leak, a double free, an exhausted budget) are tested.
//!
//! The execution check (`execute/...` trials, see testing.md): every chunk whose module has a
//! `func.func @main()` with no arguments and no results is also run by the interpreter, before
//! and after the passes of its RUN line, within a step budget (10M ops unless the RUN line
//! gives `--run --run-max-steps=N`). The run before the passes must complete, with no heap error other
//! than leaks (the input is expected not to free its buffers). When the RUN line has passes,
//! the run after them must complete, print exactly what the run before printed, and have no heap
//! error at all: in particular zero leaks, double frees, invalid frees and use-after-free. When
//! the RUN line has no passes, both runs would be the same program, so it runs once and only the
//! first rule applies (a leaking, printing-only round-trip test stays valid). Chunks with
//! `// EXPECT-EXIT:` (deliberately faulty) or `// NO-EXECUTE: <reason>` are exempt, as are
//! `--verify-diagnostics` files.
//!
//! The JIT check (`jit/...` trials): every chunk with an execution trial whose RUN line has
//! passes is also run under the real MLIR JIT ([`interp::jit`]: `mlir-opt-22` lowers it to LLVM,
//! `mlir-runner-22` runs it with a checked heap), before and after the passes. The run before
//! must print what the interpreter printed (memref addresses aside); the run after must print
//! the same and neither leak nor free a pointer that is not live. Chunks using ops of the
//! `test` or MLIR-HLO `deallocation` dialects (which `mlir-runner-22` cannot load) or marked
//! `// NO-JIT: <reason>` are exempt; without the tools the trials are ignored with a note. The
//! selected chunks are judged in batches, a chunk failing on batched outcomes again alone
//! (`filetests_jit`).
//!
//! Diagnostics snapshots (`stderr/...` trials): a file with a sibling `<file>.mlir.stderr` holds
//! inputs that fail; that snapshot is `mlir-opt-22`'s whole stderr for the file (run in its
//! directory), and ours must equal it byte for byte (with the file's path shortened to its
//! name). Such a file has no chunk trials.
//!
//! `DEALLOC_BLESS=1 cargo test --test filetests` rewrites the `.expected` files from our output
//! (for `--run` files, chunk by chunk). Where `mlir-opt-22` is installed, every file's output
//! is also fed back to it, which must parse it (a differential check), except where stdout is
//! not IR alone (`--run`, and `--test-print-*` analysis printers); where it is absent, that
//! check says so and passes.
//!
//! Input agreement (`mlir-opt-22-agrees/...` trials, one per chunk, where `mlir-opt-22` is
//! installed): with no passes, a chunk `mlir-opt-22` accepts we must accept and print byte for
//! byte as it does, and a chunk it rejects we must reject with the same first line of error
//! (a chunk it crashes on, with an error of our own).
//! Files marked `// NO-MLIR-OPT: <reason>` (dialects it lacks) are exempt.
//!
//! Output agreement (`mlir-opt-22-same-output/...` trials): a file with a line
//! `// UPSTREAM-OUTPUT: <mlir-opt-22 flags>` runs each chunk through `mlir-opt-22` with those
//! flags, and our output for the chunk (RUN line flags) must equal its output byte for byte,
//! except in chunks marked `// UPSTREAM-DIFFERS: <why>` (where upstream is wrong or crashes;
//! those chunks say why and are checked by their snapshot and by execution instead). There
//! the trial checks the opposite: `mlir-opt-22` must still fail or print something else, so
//! that a marker upstream no longer deserves is noticed.

use std::path::{Path, PathBuf};
use std::process::Command;

use interp::jit::{Jit, mask_addresses};
use interp::{RunConfig, RunOutcome, run_function};
use ir::Context;
use ir::asm::{ParseOptions, parse_module};
use libtest_mimic::{Arguments, Failed, Trial};
use pipeline::driver::{Options, parse_args};
use pipeline::manager::{PassManager, RunLog};

mod filetests_jit;
use filetests_jit::{JitBatch, jit_trial};

/// Step budget of each run of the execution check, unless the RUN line sets one.
const EXECUTION_MAX_STEPS: u64 = 10_000_000;

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
    let expected_exit = expected_exit_code(&chunk);
    let expected_stderr = directives(&chunk, "EXPECT-STDERR");
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
        if out.code != expected_exit {
            return Err(Failed::from(format!(
                "dealloc-opt exited with {} (expected {expected_exit}):\n{}",
                out.code, out.stderr
            )));
        }
        let missing: Vec<&String> = expected_stderr
            .iter()
            .filter(|text| !out.stderr.contains(text.as_str()))
            .collect();
        if !missing.is_empty() {
            return Err(Failed::from(format!(
                "stderr lacks {missing:?}; stderr was:\n{}",
                out.stderr
            )));
        }
        let expected = expected_chunks(&path)
            .ok_or_else(|| Failed::from("missing .expected file (run with DEALLOC_BLESS=1)"))?;
        let want = expected.get(index).cloned().unwrap_or_default();
        // Printed IR already ends with the blank line mlir-opt prints after each module; program
        // output of `--run` chunks is stored with one added, like a printed chunk.
        let got = if has_arg(&args, "run") {
            out.stdout + "\n"
        } else {
            out.stdout
        };
        compare_text("output", &want, "expected", &got, "actual")
    })
}

/// Fails with a unified diff when `got` differs from `want`.
fn compare_text(
    what: &str,
    want: &str,
    want_name: &str,
    got: &str,
    got_name: &str,
) -> Result<(), Failed> {
    if got == want {
        return Ok(());
    }
    let diff = similar::TextDiff::from_lines(want, got)
        .unified_diff()
        .header(want_name, got_name)
        .to_string();
    Err(Failed::from(format!("{what} differs:\n{diff}")))
}

/// The values of the chunk's `// NAME: value` lines.
fn directives(chunk: &str, name: &str) -> Vec<String> {
    let prefix = format!("// {name}:");
    chunk
        .lines()
        .filter_map(|l| l.trim().strip_prefix(&prefix).map(|v| v.trim().to_owned()))
        .collect()
}

/// The exit status a chunk expects (`// EXPECT-EXIT: N`, default 0).
fn expected_exit_code(chunk: &str) -> u8 {
    directives(chunk, "EXPECT-EXIT")
        .first()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn has_arg(args: &[String], name: &str) -> bool {
    args.iter().any(|a| {
        let flag = a.trim_start_matches('-');
        flag == name || flag.starts_with(&format!("{name}="))
    })
}

fn chunks_of(file: &TestFile) -> Vec<(usize, String)> {
    if has_arg(&file.args, "split-input-file") {
        pipeline::driver::split_chunks(&file.text)
            .into_iter()
            .map(|(o, c)| (o, c.to_string()))
            .collect()
    } else {
        vec![(0, file.text.clone())]
    }
}

/// Rewrites the `.expected` file of a `--run` file chunk by chunk, as the chunk trials compare.
fn bless_run_file(f: &TestFile) {
    let args: Vec<String> = f
        .args
        .iter()
        .filter(|a| a.trim_start_matches('-') != "split-input-file")
        .cloned()
        .collect();
    let mut outputs = Vec::new();
    for (offset, chunk) in chunks_of(f) {
        let padded = "\n".repeat(offset) + &chunk;
        let out = run_driver(&args, &f.path, Some(padded));
        if out.code != expected_exit_code(&chunk) {
            eprintln!("cannot bless {}: {}", f.rel, out.stderr);
            return;
        }
        outputs.push(out.stdout + "\n");
    }
    let _ = std::fs::write(
        f.path.with_extension("mlir.expected"),
        outputs.join("// -----\n"),
    );
}

/// Rewrites snapshots, limited to the files whose path contains the test filter if one is given
/// (`DEALLOC_BLESS=1 cargo test --test filetests -- ownership` blesses only those files).
fn bless(files: &[TestFile], filter: Option<&str>) {
    for f in files
        .iter()
        .filter(|f| filter.is_none_or(|flt| f.rel.contains(flt)))
    {
        let verify = f.args.iter().any(|a| a.contains("verify-diagnostics"));
        if verify {
            continue;
        }
        if has_arg(&f.args, "run") {
            bless_run_file(f);
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

/// Whether the driver's stdout is IR: not with `--run` (the program's output) nor with an
/// analysis printer (`--test-print-*`, whose report precedes the IR).
fn prints_ir(args: &[String]) -> bool {
    !has_arg(args, "run")
        && !args
            .iter()
            .any(|a| a.trim_start_matches('-').starts_with("test-print-"))
}

fn mlir_opt_available() -> bool {
    Command::new("mlir-opt-22")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// The snapshot of `mlir-opt-22`'s stderr for a file, if it has one.
fn stderr_snapshot_path(file: &TestFile) -> Option<PathBuf> {
    let path = file.path.with_extension("mlir.stderr");
    path.exists().then_some(path)
}

/// Our stderr for a whole file must equal `mlir-opt-22`'s, kept in `snapshot`.
fn stderr_trial(file: &TestFile, snapshot: PathBuf) -> Trial {
    let name = format!("stderr/{}", file.rel);
    let args = file.args.clone();
    let path = file.path.clone();
    Trial::test(name, move || {
        let want = std::fs::read_to_string(&snapshot).map_err(|e| Failed::from(e.to_string()))?;
        let out = run_driver(&args, &path, None);
        let file_name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let got = out
            .stderr
            .replace(path.to_string_lossy().as_ref(), &file_name);
        compare_text("stderr", &want, "mlir-opt-22", &got, "dealloc-opt")
    })
}

/// Our printed output of a whole file must parse with mlir-opt-22.
fn differential_trial(file: &TestFile, have_mlir_opt: bool) -> Trial {
    let name = format!("mlir-opt-22-parses-output/{}", file.rel);
    let args = file.args.clone();
    let path = file.path.clone();
    // Files using dialects mlir-opt-22 lacks (MLIR-HLO `deallocation`) opt out with a reason.
    let opted_out = file.text.contains("// NO-MLIR-OPT:");
    Trial::test(name, move || {
        if !have_mlir_opt || opted_out {
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

/// The input agreement check of one chunk (see the module doc): with no passes, `mlir-opt-22`
/// and we accept the same chunks, print them byte for byte alike, and reject the others with
/// the same first line of error.
fn agreement_trial(file: &TestFile, index: usize, chunk: &str, have_mlir_opt: bool) -> Trial {
    let name = format!("mlir-opt-22-agrees/{}:{}", file.rel, index);
    let opted_out = file.text.contains("// NO-MLIR-OPT:");
    let flags: Vec<String> = file
        .args
        .iter()
        .filter(|a| a.contains("allow-unregistered-dialect"))
        .map(|_| "--allow-unregistered-dialect".to_string())
        .collect();
    let (path, chunk) = (file.path.clone(), chunk.to_string());
    Trial::test(name, move || {
        let theirs = run_mlir_opt(&flags, &chunk)?;
        let ours = run_driver(&flags, &path, Some(chunk));
        let first_line = |s: &str| s.lines().next().unwrap_or_default().to_string();
        match (theirs.status.success(), ours.code == 0) {
            (true, true) if String::from_utf8_lossy(&theirs.stdout) == ours.stdout => Ok(()),
            (true, true) => Err(Failed::from(format!(
                "mlir-opt-22 prints:\n{}\nwe print:\n{}",
                String::from_utf8_lossy(&theirs.stdout),
                ours.stdout
            ))),
            (true, false) => Err(Failed::from(format!(
                "mlir-opt-22 accepts the chunk; we reject it:\n{}",
                ours.stderr
            ))),
            (false, true) => Err(Failed::from(format!(
                "mlir-opt-22 rejects the chunk; we accept it:\n{}",
                String::from_utf8_lossy(&theirs.stderr)
            ))),
            (false, false) => {
                let theirs_stderr = String::from_utf8_lossy(&theirs.stderr);
                let (expected, got) = (first_line(&theirs_stderr), first_line(&ours.stderr));
                if expected == got || upstream_crashed(&theirs_stderr) && got.contains(": error: ") {
                    Ok(())
                } else {
                    Err(Failed::from(format!(
                        "both reject the chunk, differently:\n  mlir-opt-22: {expected}\n  we:          {got}"
                    )))
                }
            }
        }
    })
    .with_ignored_flag(!have_mlir_opt || opted_out)
}

/// Whether `mlir-opt-22` crashed (its crash handler's banner), rather than reject the input
/// with a diagnostic: a chunk it crashes on is one where we only have to reject with an error.
fn upstream_crashed(stderr: &str) -> bool {
    stderr.contains("PLEASE submit a bug report")
}

/// The `mlir-opt-22` flags of a file's `// UPSTREAM-OUTPUT:` line, if it has one.
fn upstream_output_flags(file: &TestFile) -> Option<Vec<String>> {
    let line = file
        .text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// UPSTREAM-OUTPUT:"))?;
    Some(shell_words(line.trim()))
}

/// The output agreement check of one chunk (see the module doc): our output for the chunk
/// equals `mlir-opt-22`'s with the file's upstream flags, unless the chunk says why it differs.
fn same_output_trial(
    file: &TestFile,
    index: usize,
    chunk: &str,
    upstream_flags: Vec<String>,
    have_mlir_opt: bool,
) -> Trial {
    let name = format!("mlir-opt-22-same-output/{}:{}", file.rel, index);
    let differs = !directives(chunk, "UPSTREAM-DIFFERS").is_empty();
    let args: Vec<String> = file
        .args
        .iter()
        .filter(|a| a.trim_start_matches('-') != "split-input-file")
        .cloned()
        .collect();
    let (path, chunk) = (file.path.clone(), chunk.to_string());
    Trial::test(name, move || {
        let theirs = run_mlir_opt(&upstream_flags, &chunk)?;
        if differs {
            return still_differs(&theirs, &run_driver(&args, &path, Some(chunk)).stdout);
        }
        if !theirs.status.success() {
            return Err(Failed::from(format!(
                "mlir-opt-22 fails on a chunk not marked UPSTREAM-DIFFERS:\n{}",
                String::from_utf8_lossy(&theirs.stderr)
            )));
        }
        let ours = run_driver(&args, &path, Some(chunk));
        compare_text(
            "output",
            &String::from_utf8_lossy(&theirs.stdout),
            "mlir-opt-22",
            &ours.stdout,
            "dealloc-opt",
        )
    })
    .with_ignored_flag(!have_mlir_opt)
}

/// The check of a chunk marked `UPSTREAM-DIFFERS`: `mlir-opt-22` still fails on it or still
/// prints something else than we do. A marker that no longer holds would silently exempt the
/// chunk from the output agreement, so it fails the test until it is removed.
fn still_differs(theirs: &std::process::Output, ours: &str) -> Result<(), Failed> {
    if theirs.status.success() && String::from_utf8_lossy(&theirs.stdout) == ours {
        return Err(Failed::from(
            "stale `UPSTREAM-DIFFERS` marker: mlir-opt-22's output now equals ours; remove the marker",
        ));
    }
    Ok(())
}

/// Runs `mlir-opt-22 FLAGS -` on `input`.
fn run_mlir_opt(flags: &[String], input: &str) -> Result<std::process::Output, Failed> {
    interp::jit::mlir_opt_on_stdin(flags, input).map_err(|e| Failed::from(e.to_string()))
}

/// Parses and verifies a chunk; `None` if it does not parse or verify (the chunk trial reports
/// that).
fn parse_chunk(opts: &Options, text: &str) -> Option<(Context, ir::Op)> {
    let mut ctx = Context::new();
    let popts = ParseOptions {
        allow_unregistered: opts.allow_unregistered_dialect,
    };
    let module = parse_module(&mut ctx, "<stdin>", text, &popts).ok()?;
    ir::verify::verify(&ctx, module).ok()?;
    Some((ctx, module))
}

fn describe(outcome: &RunOutcome) -> String {
    outcome.to_table("main")
}

/// The execution check of one chunk (see the module doc).
fn check_execution(args: &[String], text: &str) -> Result<(), Failed> {
    let opts = parse_args(args).map_err(Failed::from)?;
    let Some((mut ctx, module)) = parse_chunk(&opts, text) else {
        return Ok(());
    };
    if !pipeline::run::has_void_entry(&ctx, module, "main") {
        return Ok(());
    }
    let mut cfg: RunConfig = opts.run.config;
    if cfg.max_steps == RunConfig::default().max_steps {
        cfg.max_steps = EXECUTION_MAX_STEPS;
    }
    let before = run_function(&ctx, module, "main", &cfg);
    let only_leaks = before
        .report
        .errors
        .iter()
        .all(|e| e.kind == interp::report::HeapErrorKind::Leak);
    if before.error.is_some() || !only_leaks {
        return Err(Failed::from(format!(
            "the run before the passes failed:\n{}",
            describe(&before)
        )));
    }
    if opts.pipeline.is_empty() {
        return Ok(());
    }
    let pm = PassManager::build(&opts.pipeline, opts.instrumentation).map_err(Failed::from)?;
    let mut log = RunLog::default();
    if pm.run(&mut ctx, module, &mut log).is_err() {
        return Err(Failed::from("the passes failed (see the chunk's own test)"));
    }
    let after = run_function(&ctx, module, "main", &cfg);
    // `printMemref*` shows buffer addresses, which move when the passes add allocations.
    if mask_addresses(&after.stdout) != mask_addresses(&before.stdout) {
        let diff = similar::TextDiff::from_lines(&before.stdout, &after.stdout)
            .unified_diff()
            .header("before the passes", "after the passes")
            .to_string();
        return Err(Failed::from(format!("printed output differs:\n{diff}")));
    }
    if after.error.is_some() || !after.report.has_no_errors() {
        return Err(Failed::from(format!(
            "the run after the passes is not clean:\n{}",
            describe(&after)
        )));
    }
    Ok(())
}

fn execution_trial(file: &TestFile, index: usize, line_offset: usize, chunk: &str) -> Trial {
    let name = format!("execute/{}:{}", file.rel, index);
    let args = execution_args(file);
    let padded = "\n".repeat(line_offset) + chunk;
    Trial::test(name, move || {
        std::thread::Builder::new()
            .stack_size(512 << 20)
            .spawn(move || check_execution(&args, &padded))
            .map_err(|e| Failed::from(e.to_string()))?
            .join()
            .unwrap_or_else(|_| Err(Failed::from("panic during the execution check")))
    })
}

/// Whether a RUN line runs passes (so the execution and JIT checks compare two programs).
fn runs_passes(file: &TestFile) -> bool {
    parse_args(&execution_args(file)).is_ok_and(|opts| !opts.pipeline.is_empty())
}

/// The RUN line's flags for a single chunk.
fn execution_args(file: &TestFile) -> Vec<String> {
    file.args
        .iter()
        .filter(|a| a.trim_start_matches('-') != "split-input-file")
        .cloned()
        .collect()
}

const LEAKING_MAIN: &str =
    "func.func @main() {\n  %m = memref.alloc() : memref<4xi32>\n  return\n}\n";
const DOUBLE_FREE_MAIN: &str = "func.func @main() {\n  %m = memref.alloc() : memref<4xi32>\n  memref.dealloc %m : memref<4xi32>\n  memref.dealloc %m : memref<4xi32>\n  return\n}\n";
const ENDLESS_MAIN: &str = "func.func @main() {\n  cf.br ^loop\n^loop:\n  cf.br ^loop\n}\n";

/// Tests of the execution check itself: it must accept and reject what its doc says.
fn self_test_trials() -> Vec<Trial> {
    let cases: [(&str, &[&str], &str, Option<&str>); 4] = [
        ("allows-leaks-without-passes", &[], LEAKING_MAIN, None),
        (
            "rejects-leak-after-passes",
            &["--strip-debuginfo"],
            LEAKING_MAIN,
            Some("not clean"),
        ),
        (
            "rejects-double-free-before-passes",
            &[],
            DOUBLE_FREE_MAIN,
            Some("before the passes failed"),
        ),
        (
            "enforces-step-budget",
            &["--run", "--run-max-steps=1000"],
            ENDLESS_MAIN,
            Some("step_budget_exceeded"),
        ),
    ];
    cases
        .into_iter()
        .map(|(name, args, program, expected_error)| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            Trial::test(format!("harness/execution-check-{name}"), move || {
                match (check_execution(&args, program), expected_error) {
                    (Ok(()), None) => Ok(()),
                    (Err(e), Some(want)) if e.message().is_some_and(|m| m.contains(want)) => Ok(()),
                    (result, want) => Err(Failed::from(format!(
                        "expected {want:?}, got {:?}",
                        result.err().and_then(|e| e.message().map(str::to_owned))
                    ))),
                }
            })
        })
        .collect()
}

/// Whether a chunk gets an execution trial: it may define `@main`, and is not exempt.
fn wants_execution(file: &TestFile, chunk: &str) -> bool {
    chunk.contains("@main()")
        && !has_arg(&file.args, "verify-diagnostics")
        && directives(chunk, "EXPECT-EXIT").is_empty()
        && directives(chunk, "NO-EXECUTE").is_empty()
}

fn main() {
    let args = Arguments::from_args();
    let files = collect_files();
    if std::env::var_os("DEALLOC_BLESS").is_some() {
        bless(&files, args.filter.as_deref());
    }
    let have_mlir_opt = mlir_opt_available();
    if !have_mlir_opt {
        eprintln!("note: mlir-opt-22 not found; differential checks are skipped");
    }
    let jit = Jit::new()
        .map_err(|why| eprintln!("note: JIT checks are skipped ({why}; install mlir-22-tools)"))
        .ok()
        .map(JitBatch::new);
    let mut trials = self_test_trials();
    for f in &files {
        if let Some(snapshot) = stderr_snapshot_path(f) {
            trials.push(stderr_trial(f, snapshot));
            continue;
        }
        let passes = runs_passes(f);
        for (i, (offset, chunk)) in chunks_of(f).into_iter().enumerate() {
            if wants_execution(f, &chunk) {
                trials.push(execution_trial(f, i, offset, &chunk));
                if passes {
                    let trial = jit_trial(f, i, offset, &chunk, jit.as_ref(), trials.len());
                    trials.push(trial);
                }
            }
            trials.push(agreement_trial(f, i, &chunk, have_mlir_opt));
            if let Some(flags) = upstream_output_flags(f) {
                trials.push(same_output_trial(f, i, &chunk, flags, have_mlir_opt));
            }
            trials.push(chunk_trial(f, i, offset, chunk));
        }
        let verify = f.args.iter().any(|a| a.contains("verify-diagnostics"));
        if !verify && prints_ir(&f.args) {
            trials.push(differential_trial(f, have_mlir_opt));
        }
    }
    if let Some(batch) = &jit {
        batch.select(|k| !args.is_filtered_out(&trials[k]) && !args.is_ignored(&trials[k]));
    }
    libtest_mimic::run(&args, trials).exit();
}
