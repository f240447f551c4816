//! `compare`'s numbers are the interpreter's: for every program of `examples/` and every
//! strategy that produced an output, running that output with `dealloc-opt --run
//! --run-report=FILE` gives the same allocations, frees, peak, clones, bytes copied, alias
//! checks and steps as the comparison row, and exits 0 exactly when the row's verdict is `ok`;
//! the input's own run gives the row's reference numbers (own allocations, ideal peak).

use std::path::{Path, PathBuf};
use std::process::Command;

use pipeline::compare::{CompareOptions, Program, Row, compare, default_strategies};
use serde_json::Value;

fn examples() -> Vec<Program> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).expect("readable example");
            Program::of_file(&f.display().to_string(), &text)
        })
        .collect()
}

/// Runs `dealloc-opt --run` on `text`; its exit code and JSON report.
fn run_report(text: &str, tag: &str) -> (i32, Value) {
    let dir = std::env::temp_dir().join(format!("dealloc-compare-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join(format!("{tag}.mlir"));
    let report = dir.join(format!("{tag}.json"));
    std::fs::write(&input, text).expect("write program");
    let out = Command::new(env!("CARGO_BIN_EXE_dealloc-opt"))
        .arg(&input)
        .arg("--run")
        .arg(format!("--run-report={}", report.display()))
        .output()
        .expect("dealloc-opt runs");
    let json = std::fs::read_to_string(&report).expect("report written");
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&report);
    let value = serde_json::from_str(&json).expect("report is JSON");
    (out.status.code().unwrap_or(-1), value)
}

fn number(report: &Value, key: &str) -> u64 {
    report[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} in {report}"))
}

fn check_row(row: &Row, index: usize) {
    let (Some(output), Some(m)) = (&row.output, &row.metrics) else {
        return;
    };
    let (code, report) = run_report(output, &format!("row{index}"));
    let what = format!("{} under {}", row.program, row.strategy);
    let pairs = [
        ("allocs", m.allocs),
        ("stack_allocs", m.stack_allocs),
        ("frees", m.frees),
        ("peak_bytes", m.peak_bytes),
        ("clones", m.clones),
        ("bytes_copied", m.bytes_copied),
        ("alias_checks", m.alias_checks),
        ("steps", m.steps),
    ];
    for (key, ours) in pairs {
        assert_eq!(ours, number(&report, key), "{key} of {what}");
    }
    // A clean run exits 0; `compare` also asks for the input's output, so `ok` implies 0.
    if row.verdict == "ok" {
        assert_eq!(code, 0, "{what}: verdict ok but dealloc-opt --run fails");
    } else if row.verdict.starts_with("heap errors") {
        assert_eq!(
            code, 1,
            "{what}: {} but dealloc-opt --run passes",
            row.verdict
        );
    }
}

#[test]
fn compare_agrees_with_run_report_on_every_output() {
    let programs = examples();
    assert!(programs.len() >= 8, "the examples are there");
    let comparison = compare(
        &programs,
        &default_strategies(),
        &CompareOptions::default(),
        &mut |_| {},
    );
    let ownership: Vec<&Row> = comparison
        .rows
        .iter()
        .filter(|r| r.strategy == "ownership")
        .collect();
    assert_eq!(ownership.len(), programs.len(), "{:?}", comparison.notes);
    assert!(ownership.iter().all(|r| r.verdict == "ok"), "{ownership:?}");
    for (index, row) in comparison.rows.iter().enumerate() {
        check_row(row, index);
    }
    for program in &programs {
        let (_, report) = run_report(&program.text, "input");
        let row = comparison
            .rows
            .iter()
            .find(|r| r.program == program.name)
            .expect("a row per program");
        assert_eq!(row.own_allocs, number(&report, "allocs"), "{}", row.program);
        assert_eq!(
            row.ideal_peak_bytes,
            number(&report, "ideal_peak_bytes"),
            "{}",
            row.program
        );
    }
}

/// With `--jit`, the outputs are judged in batches; each row's JIT verdict must be the one a
/// run of its output alone gives (the ownership strategy, clean, and `mlir-opt-16`'s
/// legacy pass, which leaks on most examples).
#[test]
fn batched_jit_verdicts_are_those_of_single_runs() {
    let Ok(jit) = interp::jit::Jit::new() else {
        eprintln!("note: the JIT tools are not installed; nothing to check");
        return;
    };
    let strategies: Vec<_> = default_strategies()
        .into_iter()
        .filter(|s| s.name == "ownership" || s.name == "mlir-opt-16")
        .collect();
    let options = CompareOptions {
        jit: true,
        ..CompareOptions::default()
    };
    let comparison = compare(&examples(), &strategies, &options, &mut |_| {});
    let mut judged = 0;
    for row in &comparison.rows {
        let (Some(output), Some(verdict)) = (&row.output, &row.jit) else {
            continue;
        };
        let alone = jit.run(output, "main").expect("every output runs alone");
        let what = format!("{} under {}", row.program, row.strategy);
        if alone.is_clean() {
            assert_eq!(verdict, "ok", "{what}");
        } else {
            let counts = format!("leaks {}, bad frees {}", alone.leaks, alone.bad_frees);
            assert_eq!(verdict, &counts, "{what}");
        }
        judged += 1;
    }
    assert!(judged >= 8, "{:?}", comparison.notes);
}

/// An output with ops of a dialect `mlir-runner-22` cannot load (here `test`) is not sent to
/// the JIT: its verdict says so, and the row stays judged by the interpreter alone.
#[test]
fn outputs_the_jit_cannot_load_are_not_run() {
    if interp::jit::Jit::new().is_err() {
        eprintln!("note: the JIT tools are not installed; nothing to check");
        return;
    }
    let text = "func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  memref.store %f, %a[%c1] : memref<2xf32>
  test.copy(%a, %b) : (memref<2xf32>, memref<2xf32>)
  return
}
";
    let strategies: Vec<_> = default_strategies()
        .into_iter()
        .filter(|s| s.name == "ownership")
        .collect();
    let options = CompareOptions {
        jit: true,
        ..CompareOptions::default()
    };
    let programs = Program::of_file("copy.mlir", text);
    let comparison = compare(&programs, &strategies, &options, &mut |_| {});
    let [row] = comparison.rows.as_slice() else {
        panic!("one row expected: {:?}", comparison.notes);
    };
    assert_eq!(row.verdict, "ok");
    assert_eq!(
        row.jit.as_deref(),
        Some("not run: ops of the test dialect, which mlir-runner-22 cannot load")
    );
    assert!(row.is_ok());
}
