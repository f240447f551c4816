//! Scaling benchmark of `ownership-based-buffer-deallocation`.
//!
//! Generates programs of five shapes (straight-line allocations, chains of CFG diamonds,
//! nested `scf` ops, many small functions, 64 buffers live across a chain of blocks) at 1k..256k ops, and times parse + pass + print
//! in-process against `mlir-opt-22 --ownership-based-buffer-deallocation` on the same text
//! (when it is on `PATH`). Run with `cargo run --release -p dealloc --example dealloc_bench [MAX_K]`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dealloc::{DeallocOptions, deallocate_buffers};
use ir::Context;
use ir::asm::{ParseOptions, parse_module, print_module};

/// Straight-line code: `n` ops of alloc/store/load triples in one function.
fn straight(n: usize) -> String {
    let mut s = String::from("func.func @f(%v: i64) -> i64 {\n  %c0 = arith.constant 0 : index\n");
    let k = n / 3;
    for i in 0..k {
        let _ = writeln!(s, "  %a{i} = memref.alloc() : memref<2xi64>");
        let _ = writeln!(s, "  memref.store %v, %a{i}[%c0] : memref<2xi64>");
        let _ = writeln!(s, "  %x{i} = memref.load %a{i}[%c0] : memref<2xi64>");
    }
    let last = k.saturating_sub(1);
    let _ = writeln!(s, "  return %x{last} : i64\n}}");
    s
}

/// A chain of diamonds: each allocates in both arms and forwards the buffer to the join.
fn diamonds(n: usize) -> String {
    let mut s = String::from(
        "func.func @f(%c: i1, %v: i64) -> i64 {\n  %c0 = arith.constant 0 : index\n  %z = arith.constant 0 : i64\n  cf.br ^j0(%z : i64)\n",
    );
    let k = n / 8;
    for i in 0..k {
        let _ = writeln!(s, "^j{i}(%s{i}: i64):");
        let _ = writeln!(s, "  cf.cond_br %c, ^t{i}, ^e{i}");
        let _ = writeln!(s, "^t{i}:\n  %a{i} = memref.alloc() : memref<2xi64>");
        let _ = writeln!(s, "  cf.br ^m{i}(%a{i} : memref<2xi64>)");
        let _ = writeln!(s, "^e{i}:\n  %b{i} = memref.alloc() : memref<2xi64>");
        let _ = writeln!(s, "  cf.br ^m{i}(%b{i} : memref<2xi64>)");
        let _ = writeln!(s, "^m{i}(%m{i}: memref<2xi64>):");
        let _ = writeln!(s, "  memref.store %v, %m{i}[%c0] : memref<2xi64>");
        let next = i + 1;
        let _ = writeln!(s, "  cf.br ^j{next}(%v : i64)");
    }
    let _ = writeln!(s, "^j{k}(%r: i64):\n  return %r : i64\n}}");
    s
}

/// Repeated `scf.for { scf.if { alloc } else { alloc } }` nests yielding buffers.
fn nested_scf(n: usize) -> String {
    let mut s = String::from(
        "func.func @f(%c: i1, %v: i64) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n",
    );
    let k = n / 12;
    for i in 0..k {
        let _ = writeln!(s, "  %init{i} = memref.alloc() : memref<2xi64>");
        let _ = writeln!(
            s,
            "  %r{i} = scf.for %i{i} = %c0 to %c2 step %c1 iter_args(%it{i} = %init{i}) -> memref<2xi64> {{"
        );
        let _ = writeln!(s, "    %y{i} = scf.if %c -> memref<2xi64> {{");
        let _ = writeln!(s, "      %a{i} = memref.alloc() : memref<2xi64>");
        let _ = writeln!(s, "      scf.yield %a{i} : memref<2xi64>\n    }} else {{");
        let _ = writeln!(s, "      scf.yield %it{i} : memref<2xi64>\n    }}");
        let _ = writeln!(s, "    memref.store %v, %y{i}[%c0] : memref<2xi64>");
        let _ = writeln!(s, "    scf.yield %y{i} : memref<2xi64>\n  }}");
        let _ = writeln!(s, "  memref.store %v, %r{i}[%c0] : memref<2xi64>");
    }
    s.push_str("  return\n}\n");
    s
}

/// Many small functions, each returning one of two allocations.
fn many_functions(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n / 8 {
        let _ = writeln!(s, "func.func @f{i}(%c: i1, %v: i64) -> memref<2xi64> {{");
        s.push_str("  %c0 = arith.constant 0 : index\n");
        s.push_str(
            "  %a = memref.alloc() : memref<2xi64>\n  %b = memref.alloc() : memref<2xi64>\n",
        );
        s.push_str("  memref.store %v, %a[%c0] : memref<2xi64>\n");
        s.push_str("  %s = arith.select %c, %a, %b : memref<2xi64>\n");
        s.push_str("  return %s : memref<2xi64>\n}\n");
    }
    s
}

/// Buffers live across the whole function in [`live_sets`].
const LIVE_SET: usize = 64;

/// Large live sets: `LIVE_SET` allocations live across a chain of blocks, each block storing
/// into one of them and allocating a temporary of its own.
fn live_sets(n: usize) -> String {
    let mut s = String::from("func.func @f(%v: i64) -> i64 {\n  %c0 = arith.constant 0 : index\n");
    for j in 0..LIVE_SET {
        let _ = writeln!(s, "  %l{j} = memref.alloc() : memref<2xi64>");
    }
    s.push_str("  cf.br ^b0\n");
    let k = n.saturating_sub(LIVE_SET) / 4;
    for i in 0..k {
        let j = i % LIVE_SET;
        let _ = writeln!(s, "^b{i}:\n  memref.store %v, %l{j}[%c0] : memref<2xi64>");
        let _ = writeln!(s, "  %t{i} = memref.alloc() : memref<2xi64>");
        let _ = writeln!(s, "  memref.store %v, %t{i}[%c0] : memref<2xi64>");
        let next = i + 1;
        let _ = writeln!(s, "  cf.br ^b{next}");
    }
    let _ = writeln!(s, "^b{k}:");
    for j in 0..LIVE_SET {
        let _ = writeln!(s, "  %x{j} = memref.load %l{j}[%c0] : memref<2xi64>");
    }
    let last = LIVE_SET - 1;
    let _ = writeln!(s, "  return %x{last} : i64\n}}");
    s
}

fn ours(text: &str) -> (Duration, Duration, usize) {
    let start = Instant::now();
    let mut ctx = Context::new();
    let module = match parse_module(&mut ctx, "bench", text, &ParseOptions::default()) {
        Ok(m) => m,
        Err(d) => panic!("generated program does not parse: {}", d.message),
    };
    let pass_start = Instant::now();
    if let Err(ds) = deallocate_buffers(&mut ctx, module, &DeallocOptions::default()) {
        panic!("pass failed: {}", ds[0].message);
    }
    let pass = pass_start.elapsed();
    let out = print_module(&ctx, module, &Default::default());
    (start.elapsed(), pass, out.len())
}

/// Seconds after which an `mlir-opt-22` run is abandoned (it is exponential on diamond chains).
const UPSTREAM_TIMEOUT_SECS: u64 = 10;

fn upstream(text: &str) -> Option<Duration> {
    let start = Instant::now();
    let mut child = Command::new("timeout")
        .arg(UPSTREAM_TIMEOUT_SECS.to_string())
        .arg("mlir-opt-22")
        .arg("--ownership-based-buffer-deallocation")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let status = child.wait().ok()?;
    status.success().then(|| start.elapsed())
}

/// A program generator for a target op count.
type Generator = fn(usize) -> String;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let max_k: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(256);
    let shapes: [(&str, Generator); 5] = [
        ("straight", straight),
        ("diamonds", diamonds),
        ("nested-scf", nested_scf),
        ("many-funcs", many_functions),
        ("live-sets", live_sets),
    ];
    println!(
        "| shape | ops | ours total ms | ours pass ms | pass ns/op | mlir-opt-22 ms |\n|---|---|---|---|---|---|"
    );
    for (name, generate) in shapes {
        let mut k = 1;
        let mut upstream_gave_up = false;
        while k <= max_k {
            let n = k * 1000;
            let text = generate(n);
            let (total, pass, _) = ours(&text);
            let theirs = if upstream_gave_up {
                "skipped".to_string()
            } else if let Some(d) = upstream(&text) {
                format!("{:.1}", ms(d))
            } else {
                upstream_gave_up = true;
                format!("failed or >{UPSTREAM_TIMEOUT_SECS}s")
            };
            println!(
                "| {name} | {k}k | {:.1} | {:.1} | {:.0} | {theirs} |",
                ms(total),
                ms(pass),
                pass.as_nanos() as f64 / n as f64
            );
            k *= 4;
        }
    }
}
