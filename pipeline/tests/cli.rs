//! The command line around the passes: pass-option errors worded as `mlir-opt-22` words them,
//! `--dump-pass-pipeline`, and `--debug-only` / `DEALLOC_LOG` selecting the debug log of
//! passes (run as a subprocess, since the log is a process-wide `tracing` subscriber).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use pipeline::driver::run_captured;

/// A function whose deallocation needs a per-successor split and a conditional clone.
const BRANCHY: &str = r#"
func.func @f(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  return %m : memref<4xf32>
}
"#;

fn run(args: &[&str]) -> pipeline::driver::Captured {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    run_captured(&args, Some("module {}\n"))
}

/// The stderr of a run that must fail because of its options.
fn option_error(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.code, 1, "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} printed {}", out.stdout);
    out.stderr
}

#[test]
fn unknown_options_are_named() {
    assert_eq!(
        option_error(&["--pass-pipeline=builtin.module(canonicalize{foo=1})"]),
        "dealloc-opt: <Pass-Options-Parser>: no such option foo\n\
         failed to add `canonicalize` with options `foo=1`\n"
    );
    assert_eq!(
        option_error(&["--cse=foo"]),
        "dealloc-opt: <Pass-Options-Parser>: no such option foo\n\
         failed to add `cse` with options `foo`\n"
    );
    assert_eq!(
        option_error(&["--buffer-deallocation-pipeline=foo=1"]),
        "dealloc-opt: <Pass-Options-Parser>: no such option foo\n\
         failed to add `buffer-deallocation-pipeline` with options `foo=1`\n"
    );
}

#[test]
fn bad_booleans_are_rejected() {
    assert_eq!(
        option_error(&["--canonicalize=test-convergence=maybe"]),
        "dealloc-opt: for the --test-convergence option: 'maybe' is invalid value for boolean \
         argument! Try 0 or 1\nfailed to add `canonicalize` with options `test-convergence=maybe`\n"
    );
    assert_eq!(
        option_error(&["--pass-pipeline=builtin.module(expand-realloc{emit-deallocs=2})"]),
        "dealloc-opt: for the --emit-deallocs option: '2' is invalid value for boolean argument! \
         Try 0 or 1\nfailed to add `expand-realloc` with options `emit-deallocs=2`\n"
    );
}

#[test]
fn bad_integers_and_choices_are_rejected() {
    assert_eq!(
        option_error(&["--canonicalize=max-iterations=abc"]),
        "dealloc-opt: for the --max-iterations option: 'abc' value invalid for long argument!\n\
         failed to add `canonicalize` with options `max-iterations=abc`\n"
    );
    assert_eq!(
        option_error(&["--canonicalize=max-iterations"]),
        "dealloc-opt: for the --max-iterations option: requires a value!\n\
         failed to add `canonicalize` with options `max-iterations`\n"
    );
    assert_eq!(
        option_error(&["--canonicalize=region-simplify=abc"]),
        "dealloc-opt: for the --region-simplify option: Cannot find option named 'abc'!\n\
         failed to add `canonicalize` with options `region-simplify=abc`\n"
    );
}

#[test]
fn good_options_are_accepted_and_dumped_in_full() {
    let out = run(&[
        "--dump-pass-pipeline",
        "--pass-pipeline=builtin.module(func.func(canonicalize{max-iterations=0x3 test-convergence}),buffer-deallocation-pipeline{private-function-dynamic-ownership=1})",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let dump = out.stderr;
    assert!(dump.starts_with("Pass Manager with 9 passes:\nbuiltin.module(\n  func.func(\n"));
    assert!(dump.contains(
        "    canonicalize{max-iterations=3 region-simplify=normal test-convergence=true}\n  ),\n"
    ));
    assert!(dump.contains(
        "  ownership-based-buffer-deallocation{private-function-dynamic-ownership=true},\n"
    ));
    assert!(dump.contains("  expand-realloc{emit-deallocs=false},\n"));
    assert!(dump.ends_with(
        "  canonicalize{max-iterations=10 region-simplify=normal test-convergence=false}\n)\n\n"
    ));
}

/// Runs the real binary on [`BRANCHY`] with `args` and `DEALLOC_LOG` set to `log` (or unset).
fn run_binary(args: &[&str], log: Option<&str>) -> Output {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let name = format!("dealloc-opt-cli-{}-{run}.mlir", std::process::id());
    let input = std::env::temp_dir().join(name);
    std::fs::write(&input, BRANCHY).expect("write the input");
    let mut command = Command::new(PathBuf::from(env!("CARGO_BIN_EXE_dealloc-opt")));
    command.arg(&input).args(args).env_remove("DEALLOC_LOG");
    if let Some(filter) = log {
        command.env("DEALLOC_LOG", filter);
    }
    let output = command.output().expect("run dealloc-opt");
    let _ = std::fs::remove_file(&input);
    output
}

const PASSES: [&str; 3] = [
    "--ownership-based-buffer-deallocation",
    "--canonicalize",
    "--bufferization-lower-deallocations",
];

#[test]
fn debug_only_shows_the_named_passes_and_no_other() {
    let quiet = run_binary(&PASSES, None);
    assert!(quiet.status.success());
    assert!(quiet.stderr.is_empty(), "no log unless asked");

    let mut args = PASSES.to_vec();
    args.push("--debug-only=ownership-based-buffer-deallocation");
    let ownership = run_binary(&args, None);
    let log = String::from_utf8_lossy(&ownership.stderr);
    assert!(ownership.status.success());
    assert_eq!(
        ownership.stdout, quiet.stdout,
        "the log must not reach stdout"
    );
    assert!(log.contains("placing deallocations"), "{log}");
    assert!(
        log.contains("split dealloc: the successors take different buffers"),
        "{log}"
    );
    assert!(
        log.contains("returned buffer: the caller must own it"),
        "{log}"
    );
    assert!(log.contains("dealloc before the terminator"), "{log}");
    assert!(
        log.lines()
            .all(|l| l.contains(r#"pass{name="ownership-based-buffer-deallocation"}"#)),
        "{log}"
    );

    args.pop();
    args.push("--debug-only=canonicalize,bufferization-lower-deallocations");
    let others = run_binary(&args, None);
    let log = String::from_utf8_lossy(&others.stderr);
    assert!(log.contains(r#"pass{name="canonicalize"}"#), "{log}");
    assert!(log.contains("guarded free"), "{log}");
    assert!(
        !log.contains("ownership-based-buffer-deallocation"),
        "{log}"
    );
    assert!(!log.contains("placing deallocations"), "{log}");
}

#[test]
fn every_family_logs_its_decisions_with_reasons() {
    let args = [
        "--buffer-deallocation-pipeline=hoist=true",
        "--debug-only=buffer-deallocation-simplification,promote-buffers-to-stack,expand-realloc",
    ];
    let out = run_binary(&args, None);
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    for (pass, reason) in [
        (
            "promote-buffers-to-stack",
            "kept on the heap: it or an alias leaves",
        ),
        (
            "buffer-deallocation-simplification",
            "dealloc: some freed buffers alias no other operand",
        ),
    ] {
        assert!(
            log.lines()
                .any(|l| l.contains(&format!("pass{{name=\"{pass}\"}}")) && l.contains(reason)),
            "{pass}: {reason}\n{log}"
        );
    }
    // Events carry the input position they are about.
    assert!(log.contains(" at=/"), "{log}");
}

#[test]
fn dealloc_log_takes_any_filter() {
    let by_target = run_binary(&PASSES, Some("lower_dealloc=debug"));
    let log = String::from_utf8_lossy(&by_target.stderr);
    assert!(log.contains("guarded free"), "{log}");
    assert!(!log.contains("placing deallocations"), "{log}");

    let bad = run_binary(&PASSES, Some("[[["));
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("dealloc-opt: invalid log filter"));
}

#[test]
fn ir_dumps_can_skip_passes_that_changed_nothing() {
    let input = Some("func.func @f() {\n  return\n}\n");
    let dump = |flags: &[&str]| {
        let mut args: Vec<String> = flags.iter().map(|a| a.to_string()).collect();
        args.extend(["--verify".to_string(), "--strip-debuginfo".to_string()]);
        let out = run_captured(&args, input);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stderr
    };
    let changed_only = dump(&["--mlir-print-ir-after-all", "--mlir-print-ir-after-change"]);
    assert!(!changed_only.contains("After verify"), "{changed_only}");
    assert!(
        changed_only.contains("IR Dump After strip-debuginfo"),
        "{changed_only}"
    );
    let every = dump(&["--mlir-print-ir-after-all"]);
    assert!(every.contains("IR Dump After verify"), "{every}");
}

/// The ownership pass's log says why a loop does not take over a buffer that an earlier loop's
/// result aliases (the fuzz regression of seed 8964196).
#[test]
fn debug_only_explains_a_refused_transfer() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fuzz-regressions/ownership-based-buffer-deallocation-8964196.mlir");
    let output = Command::new(PathBuf::from(env!("CARGO_BIN_EXE_dealloc-opt")))
        .arg(&input)
        .args([
            "--ownership-based-buffer-deallocation",
            "--debug-only=ownership-based-buffer-deallocation",
            "-o",
            "/dev/null",
        ])
        .env_remove("DEALLOC_LOG")
        .output()
        .expect("run dealloc-opt");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    assert!(
        log.contains(
            "no transfer into the loop: an alias of the initial buffer made before it is on \
             the block's dealloc list"
        ),
        "{log}"
    );
}
