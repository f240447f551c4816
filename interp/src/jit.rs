//! The second judge: runs a program under the real MLIR JIT (`mlir-runner-22`) with a checked
//! heap, so what the interpreter concludes can be confirmed by upstream's own code generation.
//!
//! The program text is lowered to the LLVM dialect by `mlir-opt-22` ([`lowerings`]), with
//! `finalize-memref-to-llvm{use-generic-functions}` so that every heap allocation and free of a
//! memref calls `_mlir_memref_to_llvm_{alloc,aligned_alloc,free}`. Those come from a small C
//! library (`jit/alloc_check.c`, compiled once with the system `cc` into the temporary
//! directory) that tracks live pointers, refuses frees of pointers that are not live, and
//! reports counts at exit. The runner also loads `libmlir_c_runner_utils` and
//! `libmlir_runner_utils` for the print functions. Nothing here depends on the IR: the input is MLIR text.
//!
//! Stack allocations (`memref.alloca`) and globals never reach the checked heap, exactly as in
//! the interpreter's leak accounting.
//!
//! [`Jit::run_batch`] judges many programs with one invocation of each tool (`jit/batch.rs`,
//! linking them as text in `jit/link.rs`), with the verdicts [`Jit::run`] gives each alone.
//! Where the time of a single run goes, on a fuzz program of 500 operations (CPU seconds):
//! `mlir-opt-22` 0.05 (0.03 of it starting up), `mlir-runner-22` 0.06 (0.035 starting up and
//! loading the runtime libraries); in a batch of 20 such programs, 0.02 and 0.025 per program
//! (and 10% less when the lowered module passes as bytecode).

mod batch;
mod link;

pub use batch::BatchStats;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};

/// The lowerings to the LLVM dialect, as `mlir-opt-22` flags, tried in order until one works.
/// `linalg` (to loops first), `affine`, `vector` (through `scf` loops for transfers) and `math` (LLVM intrinsics, then libm
/// calls for the rest) are lowered before `memref`. The lowerings differ in where
/// `memref.alloca_scope` is inlined: its region may hold one block only, so `scf` ops inside a
/// scope must be lowered after it (the first of each pair), and scopes inside `scf` regions
/// before them (the second); and in when functions are lowered: `vector.print` declares the
/// runner's print functions as LLVM functions, which clashes with a program's own `func`
/// declarations of them unless those are lowered first (the last pair). The upstream pipeline
/// has no order that suits every program.
pub fn lowerings() -> [Vec<&'static str>; 4] {
    let start = [
        "--convert-linalg-to-loops",
        "--bufferization-lower-deallocations",
        "--convert-bufferization-to-memref",
        "--expand-realloc",
        // `memref.atomic_rmw` of the float min/max kinds becomes a compare-and-swap loop.
        "--memref-expand",
    ];
    // `convert-vector-to-scf` makes `affine.apply`s too, lowered by a second `lower-affine`.
    let scf_after_scopes = [
        "--expand-strided-metadata",
        "--lower-affine",
        "--convert-vector-to-scf",
        "--lower-affine",
    ];
    // `expand-strided-metadata` makes `affine.apply`s, lowered by a second `lower-affine`.
    let scf_before_scopes = [
        "--lower-affine",
        "--convert-vector-to-scf",
        "--lower-affine",
        "--convert-scf-to-cf",
        "--expand-strided-metadata",
        "--lower-affine",
    ];
    // `convert-math-to-libm` scalarizes vector ops into `vector.extract`/`insert`.
    let vector_and_math = [
        "--convert-math-to-llvm",
        "--convert-math-to-libm",
        "--convert-vector-to-llvm",
        "--finalize-memref-to-llvm=use-generic-functions=true",
    ];
    // One `convert-to-llvm` lowers what is left (`arith`, `index`, `ub`, `func`, `cf`) in a
    // single conversion, about a quarter less lowering time than one pass per dialect.
    let end = ["--convert-to-llvm", "--reconcile-unrealized-casts"];
    let build = |scf_first: bool, functions_first: bool| {
        let mut flags: Vec<&'static str> = start.to_vec();
        flags.extend(if scf_first {
            scf_before_scopes.as_slice()
        } else {
            &scf_after_scopes
        });
        if functions_first {
            flags.push("--convert-func-to-llvm");
        }
        flags.extend(vector_and_math);
        if !scf_first {
            flags.push("--convert-scf-to-cf");
        }
        flags.extend(end);
        flags
    };
    [
        build(false, false),
        build(true, false),
        build(false, true),
        build(true, true),
    ]
}

/// The print functions' libraries of MLIR 22 (`printI64`..., then `printMemrefF32`...).
pub const RUNNER_UTILS: [&str; 2] = [
    "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1",
    "/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1",
];

/// Seconds after which a JIT run is abandoned.
const RUN_TIMEOUT_SECS: u32 = 120;

const ALLOC_CHECK_SOURCE: &str = include_str!("jit/alloc_check.c");

/// What a run under the JIT printed and did to the checked heap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JitOutcome {
    /// The program's standard output.
    pub stdout: String,
    /// Heap allocations.
    pub allocs: u64,
    /// Successful frees.
    pub frees: u64,
    /// Allocations still live at exit.
    pub leaks: u64,
    /// Frees of pointers that were not live (double or invalid frees); refused.
    pub bad_frees: u64,
}

impl JitOutcome {
    /// No leak and no bad free.
    pub fn is_clean(&self) -> bool {
        self.leaks == 0 && self.bad_frees == 0
    }
}

/// Why a program could not be judged by the JIT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JitError {
    /// `mlir-opt-22` rejected the program or could not lower it (its stderr).
    Lowering(String),
    /// The runner failed, crashed or timed out (its stderr and status).
    Run(String),
}

impl std::fmt::Display for JitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JitError::Lowering(e) => write!(f, "mlir-opt-22 could not lower the program:\n{e}"),
            JitError::Run(e) => write!(f, "mlir-runner-22 failed:\n{e}"),
        }
    }
}

/// A ready JIT judge: the tools are installed and the checked heap is built.
#[derive(Clone, Debug)]
pub struct Jit {
    alloc_check: PathBuf,
    scratch: PathBuf,
}

impl Jit {
    /// Finds the tools and builds the checked heap; the error names what is missing.
    pub fn new() -> Result<Jit, String> {
        let missing: Vec<&str> = [
            ("mlir-opt-22", tool_runs("mlir-opt-22")),
            ("mlir-runner-22", tool_runs("mlir-runner-22")),
            (RUNNER_UTILS[0], Path::new(RUNNER_UTILS[0]).exists()),
            (RUNNER_UTILS[1], Path::new(RUNNER_UTILS[1]).exists()),
            ("cc", tool_runs("cc")),
        ]
        .into_iter()
        .filter_map(|(name, present)| (!present).then_some(name))
        .collect();
        if !missing.is_empty() {
            return Err(format!("not found: {}", missing.join(", ")));
        }
        let scratch = std::env::temp_dir().join(format!(
            "dealloc-jit-{:016x}",
            fnv1a(ALLOC_CHECK_SOURCE.as_bytes())
        ));
        std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
        let alloc_check = scratch.join("alloc_check.so");
        if !alloc_check.exists() {
            build_alloc_check(&scratch, &alloc_check)?;
        }
        Ok(Jit {
            alloc_check,
            scratch,
        })
    }

    /// Lowers and runs function `entry` (no arguments, no results) of the module `text`.
    pub fn run(&self, text: &str, entry: &str) -> Result<JitOutcome, JitError> {
        let stem = self.scratch.join(unique_name());
        let source = stem.with_extension("mlir");
        let lowered = stem.with_extension("llvm.mlirbc");
        let result = self.lower_and_run(text, entry, &source, &lowered);
        let _ = std::fs::remove_file(&source);
        let _ = std::fs::remove_file(&lowered);
        result
    }

    fn lower_and_run(
        &self,
        text: &str,
        entry: &str,
        source: &Path,
        lowered: &Path,
    ) -> Result<JitOutcome, JitError> {
        std::fs::write(source, text).map_err(|e| JitError::Lowering(e.to_string()))?;
        lower(source, lowered)?;
        let run = self
            .runner(lowered, entry)
            .map_err(|e| JitError::Run(e.to_string()))?;
        let stderr = stderr_of(&run);
        if !run.status.success() {
            return Err(JitError::Run(format!("{}\n{stderr}", run.status)));
        }
        let mut outcome = parse_report(&stderr)
            .ok_or_else(|| JitError::Run(format!("no JIT-CHECK report in stderr:\n{stderr}")))?;
        outcome.stdout = String::from_utf8_lossy(&run.stdout).into_owned();
        Ok(outcome)
    }
}

impl Jit {
    /// Runs function `entry` of the lowered module `lowered` under `mlir-runner-22`, with the
    /// checked heap, abandoned after [`RUN_TIMEOUT_SECS`].
    fn runner(&self, lowered: &Path, entry: &str) -> std::io::Result<Output> {
        Command::new("timeout")
            .arg(RUN_TIMEOUT_SECS.to_string())
            .arg("mlir-runner-22")
            .args(["-e", entry, "--entry-point-result=void"])
            .arg(format!(
                "--shared-libs={},{}",
                RUNNER_UTILS.join(","),
                self.alloc_check.display()
            ))
            .arg(lowered)
            .output()
    }
}

/// The first dialect of MLIR text `text` that `mlir-runner-22` cannot load (`test`, or MLIR-HLO's
/// `deallocation`), if any op of it appears: `"test.` in generic form, `test.` after
/// whitespace or `=` in custom form; comment lines are skipped.
pub fn unloadable_dialect(text: &str) -> Option<&'static str> {
    const UNLOADABLE: [(&str, &str); 2] = [("test.", "test"), ("deallocation.", "deallocation")];
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .find_map(|line| {
            UNLOADABLE.iter().find_map(|&(prefix, dialect)| {
                line.match_indices(prefix)
                    .any(|(at, _)| at == 0 || matches!(line.as_bytes()[at - 1], b' ' | b'"' | b'='))
                    .then_some(dialect)
            })
        })
}

/// `text` with the addresses `printMemref*` prints (`base@ = 0x...`) replaced by `ADDR`: they
/// differ between the interpreter and a real process, and between runs.
pub fn mask_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("base@ = ") {
        let (head, tail) = rest.split_at(at + "base@ = ".len());
        out.push_str(head);
        out.push_str("ADDR");
        let digits = tail.strip_prefix("0x").unwrap_or(tail);
        rest = digits.trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    out.push_str(rest);
    out
}

/// Lowers `source` into `lowered` with the first of [`lowerings`] that succeeds.
fn lower(source: &Path, lowered: &Path) -> Result<(), JitError> {
    let mut errors = String::new();
    for flags in lowerings() {
        match lower_with(source, lowered, &flags) {
            Ok(()) => return Ok(()),
            Err(e) => errors.push_str(&e),
        }
    }
    Err(JitError::Lowering(errors))
}

/// Lowers `source` into `lowered` with `mlir-opt-22 FLAGS`; its stderr when that fails. The
/// result is written as bytecode, which the runner reads faster than text.
fn lower_with(source: &Path, lowered: &Path, flags: &[&str]) -> Result<(), String> {
    let lowering = Command::new("mlir-opt-22")
        .arg(source)
        .args(flags)
        .arg("--emit-bytecode")
        .arg("-o")
        .arg(lowered)
        .output()
        .map_err(|e| e.to_string())?;
    if lowering.status.success() {
        Ok(())
    } else {
        Err(stderr_of(&lowering))
    }
}

/// How long [`mlir_opt_on_stdin`] lets one run of `mlir-opt-22` take (a test chunk takes well
/// under a second; a run stuck in a deadlock must not hang the test suite).
pub const MLIR_OPT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(120);

/// Runs `mlir-opt-22 ARGS -` with `input` on its stdin and collects its output, within
/// [`MLIR_OPT_TIME_LIMIT`].
pub fn mlir_opt_on_stdin(args: &[String], input: &str) -> std::io::Result<Output> {
    mlir_opt_on_stdin_within(args, input, MLIR_OPT_TIME_LIMIT)
}

/// Runs `mlir-opt-22 ARGS -` with `input` on its stdin and collects its output; past `limit`
/// the child is killed and the error is of kind `TimedOut`. The input is written from a
/// thread, so a child that fills its output pipes before reading all of it cannot dead-lock
/// the caller.
pub fn mlir_opt_on_stdin_within(
    args: &[String],
    input: &str,
    limit: std::time::Duration,
) -> std::io::Result<Output> {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new("mlir-opt-22")
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let pid = child.id();
    let stdin = child.stdin.take();
    let text = input.to_string();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // A child that exits early closes the pipe; its output tells why.
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(text.as_bytes());
        }
        let _ = send.send(child.wait_with_output());
    });
    match receive.recv_timeout(limit) {
        Ok(output) => output,
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("mlir-opt-22 ran over {} s and was killed", limit.as_secs()),
            ))
        }
    }
}

fn tool_runs(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Compiles the checked heap into `target` (through a temporary name, so concurrent builders
/// never see a partial library).
fn build_alloc_check(dir: &Path, target: &Path) -> Result<(), String> {
    let name = unique_name();
    let source = dir.join(format!("{name}.c"));
    let library = dir.join(format!("{name}.so"));
    std::fs::write(&source, ALLOC_CHECK_SOURCE).map_err(|e| e.to_string())?;
    let built = Command::new("cc")
        .args(["-O2", "-shared", "-fPIC", "-o"])
        .arg(&library)
        .arg(&source)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&source);
    if !built.status.success() {
        return Err(format!(
            "cc failed to build the checked heap:\n{}",
            stderr_of(&built)
        ));
    }
    std::fs::rename(&library, target).map_err(|e| e.to_string())
}

/// A file name no other run of this process or another uses at the same time.
fn unique_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("run-{}-{n}", std::process::id())
}

/// The counts of the `JIT-CHECK allocs=.. frees=.. leaks=.. bad_frees=..` line.
fn parse_report(stderr: &str) -> Option<JitOutcome> {
    let line = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with("JIT-CHECK allocs="))?;
    parse_counts(line.trim_start_matches("JIT-CHECK "))
}

/// The counts of `allocs=.. frees=.. leaks=.. bad_frees=..`.
fn parse_counts(fields: &str) -> Option<JitOutcome> {
    let mut outcome = JitOutcome::default();
    for field in fields.split_whitespace() {
        let (key, value) = field.split_once('=')?;
        let value: u64 = value.parse().ok()?;
        match key {
            "allocs" => outcome.allocs = value,
            "frees" => outcome.frees = value,
            "leaks" => outcome.leaks = value,
            "bad_frees" => outcome.bad_frees = value,
            _ => return None,
        }
    }
    Some(outcome)
}

/// FNV-1a, to name the build directory after the checked heap's source.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JIT judge, or `None` with a note when its tools are missing (the test then checks
    /// nothing).
    fn jit_or_skip() -> Option<Jit> {
        let made = Jit::new();
        if made.is_err() {
            eprintln!("jit: SKIPPED (mlir-opt-22, mlir-runner-22 or cc missing)");
        }
        made.ok()
    }

    #[test]
    fn finds_ops_of_dialects_the_runner_cannot_load() {
        let custom = "  test.copy(%a, %b) : (memref<2xf32>, memref<2xf32>)";
        let generic = "  \"test.op\"() : () -> ()";
        let result = "  %0 = deallocation.own %a : memref<2xf32>";
        assert_eq!(unloadable_dialect(custom), Some("test"));
        assert_eq!(unloadable_dialect(generic), Some("test"));
        assert_eq!(unloadable_dialect(result), Some("deallocation"));
        // Comments, attribute names and other dialects do not count.
        let clean = "// test.copy in a comment\n  memref.alloc() {test.flag} : memref<2xf32>\n";
        assert_eq!(unloadable_dialect(clean), None);
    }

    #[test]
    fn masks_printed_addresses() {
        let text = "Unranked Memref base@ = 0x5577ab rank = 1\nbase@ = 0 rank = 0\n";
        assert_eq!(
            mask_addresses(text),
            "Unranked Memref base@ = ADDR rank = 1\nbase@ = ADDR rank = 0\n"
        );
    }

    #[test]
    fn parses_the_report_line() {
        let stderr = "noise\nJIT-CHECK allocs=3 frees=2 leaks=1 bad_frees=0\n";
        let outcome = parse_report(stderr).expect("report");
        assert_eq!(
            (
                outcome.allocs,
                outcome.frees,
                outcome.leaks,
                outcome.bad_frees
            ),
            (3, 2, 1, 0)
        );
        assert!(!outcome.is_clean());
        assert_eq!(parse_report("JIT-CHECK allocs=x"), None);
        assert_eq!(parse_report("nothing"), None);
    }

    /// The checked heap sees a leak, a double free and a clean program (when the tools exist).
    #[test]
    fn judges_leaks_and_double_frees() {
        let Some(jit) = jit_or_skip() else {
            return;
        };
        let program = |frees: usize| {
            let free = "  memref.dealloc %m : memref<4xi32>\n".repeat(frees);
            format!(
                "func.func private @printI64(i64)\nfunc.func @main() {{\n  %c0 = arith.constant 0 : index\n  %v = arith.constant 7 : i32\n  %m = memref.alloc() : memref<4xi32>\n  memref.store %v, %m[%c0] : memref<4xi32>\n  %x = memref.load %m[%c0] : memref<4xi32>\n  %y = arith.extsi %x : i32 to i64\n  call @printI64(%y) : (i64) -> ()\n{free}  return\n}}\n"
            )
        };
        let leak = jit.run(&program(0), "main").expect("leaking program runs");
        assert_eq!(
            (leak.stdout.as_str(), leak.leaks, leak.bad_frees),
            ("7", 1, 0)
        );
        let clean = jit.run(&program(1), "main").expect("clean program runs");
        assert!(clean.is_clean(), "{clean:?}");
        let double = jit
            .run(&program(2), "main")
            .expect("double free is refused, not fatal");
        assert_eq!((double.frees, double.bad_frees), (1, 1));
        let bad = jit.run(
            "func.func @main() {\n  %x = \"nope.op\"() : () -> i32\n  return\n}\n",
            "main",
        );
        assert!(matches!(bad, Err(JitError::Lowering(_))), "{bad:?}");
    }

    /// A batch judges each program as a run of its own does: clean ones, a leak, a double free,
    /// one that crashes the runner, one that does not lower, and one the linker refuses.
    #[test]
    fn a_batch_gives_the_verdicts_of_single_runs() {
        let Some(jit) = jit_or_skip() else {
            return;
        };
        let program = |value: i64, frees: usize| {
            let free = "  memref.dealloc %m : memref<4xi64>\n".repeat(frees);
            format!(
                "func.func private @printI64(i64)\nfunc.func private @helper(%m: memref<4xi64>) -> i64 {{\n  %c0 = arith.constant 0 : index\n  %x = memref.load %m[%c0] : memref<4xi64>\n  return %x : i64\n}}\nfunc.func @main() {{\n  %c0 = arith.constant 0 : index\n  %v = arith.constant {value} : i64\n  %m = memref.alloc() : memref<4xi64>\n  memref.store %v, %m[%c0] : memref<4xi64>\n  %y = call @helper(%m) : (memref<4xi64>) -> i64\n  call @printI64(%y) : (i64) -> ()\n{free}  return\n}}\n"
            )
        };
        let crash = "func.func private @abort()\nfunc.func @main() {\n  call @abort() : () -> ()\n  return\n}\n".to_string();
        let unlowerable =
            "func.func @main() {\n  %x = \"nope.op\"() : () -> i32\n  return\n}\n".to_string();
        let wrapped = format!("module {{\n{}}}\n", program(5, 1));
        let texts = [
            program(1, 1),
            program(2, 0),
            crash.clone(),
            program(3, 2),
            unlowerable,
            wrapped,
            "module attributes {x} {\n}\n".to_string(),
            program(4, 1),
            crash,
            program(6, 0),
        ];
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (batched, stats) = jit.run_batch(&texts, "main");
        for (text, got) in texts.iter().zip(&batched) {
            let alone = jit.run(text, "main");
            match (&alone, got) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
                (Err(JitError::Lowering(_)), Err(JitError::Lowering(_)))
                | (Err(JitError::Run(_)), Err(JitError::Run(_))) => {}
                _ => panic!("alone {alone:?}, batched {got:?} for\n{text}"),
            }
        }
        let leaks: Vec<u64> = batched.iter().flatten().map(|o| o.leaks).collect();
        assert_eq!(leaks, vec![0, 1, 0, 0, 0, 1]);
        assert!(matches!(batched[2], Err(JitError::Run(_))));
        assert_eq!(batched[3].as_ref().map(|o| o.bad_frees), Ok(1));
        assert_eq!(batched[9].as_ref().map(|o| o.stdout.as_str()), Ok("6"));
        // Fewer runs than programs: the clean ones were not each run alone.
        assert!(stats.alone < texts.len() as u64, "{stats:?}");
    }

    /// Programs holding a `memref.alloca_scope` inside an `scf.if` (which the first lowering
    /// cannot lower) are batched apart with the lowering that can: each batch lowers at the
    /// first attempt, and every program gets its verdict.
    #[test]
    fn scoped_programs_are_batched_with_the_lowering_they_need() {
        let Some(jit) = jit_or_skip() else {
            return;
        };
        let program = |scoped: bool, value: i64| {
            let body = if scoped {
                "    memref.alloca_scope {\n      %s = memref.alloca() : memref<4xi64>\n      memref.store %v, %s[%c0] : memref<4xi64>\n    }\n"
            } else {
                "    memref.store %v, %m[%c0] : memref<4xi64>\n"
            };
            format!(
                "func.func private @printI64(i64)\nfunc.func @main() {{\n  %c0 = arith.constant 0 : index\n  %t = arith.constant true\n  %v = arith.constant {value} : i64\n  %m = memref.alloc() : memref<4xi64>\n  memref.store %v, %m[%c0] : memref<4xi64>\n  scf.if %t {{\n{body}  }}\n  %x = memref.load %m[%c0] : memref<4xi64>\n  call @printI64(%x) : (i64) -> ()\n  memref.dealloc %m : memref<4xi64>\n  return\n}}\n"
            )
        };
        let texts = [
            program(true, 1),
            program(false, 2),
            program(true, 3),
            program(false, 4),
        ];
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (batched, stats) = jit.run_batch(&texts, "main");
        let printed: Vec<&str> = batched
            .iter()
            .map(|outcome| {
                outcome
                    .as_ref()
                    .expect("every program runs")
                    .stdout
                    .as_str()
            })
            .collect();
        assert_eq!(printed, ["1", "2", "3", "4"]);
        assert!(batched.iter().flatten().all(JitOutcome::is_clean));
        assert_eq!(
            (stats.lowerings, stats.runs, stats.alone),
            (2, 2, 0),
            "{stats:?}"
        );
    }
}
