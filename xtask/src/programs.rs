//! Generators of large, valid, bufferized programs for benchmarks.
//!
//! Each generator takes a target op count and returns MLIR text that `mlir-opt-22` accepts.
//! Shapes:
//! - `straight`: one function, a long chain of allocations, stores, loads and arithmetic;
//! - `nested`: one function of nested `scf.for` / `scf.if` with memref iter_args;
//! - `funcs`: many small functions calling each other;
//! - `diamonds`: one function with a chain of `cf.cond_br` diamonds that allocate.

use std::fmt::Write as _;

/// The benchmark shapes.
pub const SHAPES: &[&str] = &["straight", "nested", "funcs", "diamonds"];

/// Generates a program of roughly `ops` operations.
pub fn generate(shape: &str, ops: usize) -> String {
    match shape {
        "straight" => straight(ops),
        "nested" => nested(ops),
        "funcs" => funcs(ops),
        _ => diamonds(ops),
    }
}

fn straight(ops: usize) -> String {
    let mut s = String::from("func.func @straight(%n: index, %v: f32) -> f32 {\n");
    s.push_str("  %c0 = arith.constant 0 : index\n");
    s.push_str("  %acc0 = arith.constant 0.0 : f32\n");
    let groups = ops / 6 + 1;
    for i in 0..groups {
        let _ = writeln!(s, "  %m{i} = memref.alloc(%n) : memref<?xf32>");
        let _ = writeln!(s, "  memref.store %v, %m{i}[%c0] : memref<?xf32>");
        let _ = writeln!(s, "  %l{i} = memref.load %m{i}[%c0] : memref<?xf32>");
        let _ = writeln!(s, "  %acc{} = arith.addf %acc{i}, %l{i} : f32", i + 1);
        let _ = writeln!(
            s,
            "  %s{i} = memref.subview %m{i}[0] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1]>>"
        );
        let _ = writeln!(s, "  %d{i} = memref.dim %m{i}, %c0 : memref<?xf32>");
    }
    let _ = writeln!(s, "  return %acc{groups} : f32\n}}");
    s
}

fn nested(ops: usize) -> String {
    let mut s = String::from("func.func @nested(%n: index, %c: i1, %v: f32) -> memref<?xf32> {\n");
    s.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    s.push_str("  %init = memref.alloc(%n) : memref<?xf32>\n");
    let per_block = 9;
    let blocks = ops / per_block + 1;
    let mut cur = "%init".to_string();
    for i in 0..blocks {
        let _ = writeln!(
            s,
            "  %r{i} = scf.for %i{i} = %c0 to %n step %c1 iter_args(%a{i} = {cur}) -> (memref<?xf32>) {{"
        );
        let _ = writeln!(s, "    %t{i} = scf.if %c -> (memref<?xf32>) {{");
        let _ = writeln!(s, "      %b{i} = memref.alloc(%n) : memref<?xf32>");
        let _ = writeln!(s, "      memref.store %v, %b{i}[%c0] : memref<?xf32>");
        let _ = writeln!(s, "      scf.yield %b{i} : memref<?xf32>");
        let _ = writeln!(s, "    }} else {{");
        let _ = writeln!(s, "      scf.yield %a{i} : memref<?xf32>");
        let _ = writeln!(s, "    }}");
        let _ = writeln!(s, "    scf.yield %t{i} : memref<?xf32>");
        let _ = writeln!(s, "  }}");
        cur = format!("%r{i}");
    }
    let _ = writeln!(s, "  return {cur} : memref<?xf32>\n}}");
    s
}

fn funcs(ops: usize) -> String {
    let mut s = String::new();
    let per_func = 8;
    let count = ops / per_func + 1;
    for i in 0..count {
        let _ = writeln!(s, "func.func @f{i}(%n: index, %v: f32) -> memref<?xf32> {{");
        let _ = writeln!(s, "  %c0 = arith.constant 0 : index");
        let _ = writeln!(s, "  %a = memref.alloc(%n) : memref<?xf32>");
        let _ = writeln!(s, "  memref.store %v, %a[%c0] : memref<?xf32>");
        if i > 0 {
            let _ = writeln!(
                s,
                "  %b = call @f{}(%n, %v) : (index, f32) -> memref<?xf32>",
                i - 1
            );
            let _ = writeln!(s, "  %x = memref.load %b[%c0] : memref<?xf32>");
            let _ = writeln!(s, "  memref.store %x, %a[%c0] : memref<?xf32>");
        }
        let _ = writeln!(s, "  return %a : memref<?xf32>\n}}");
    }
    s
}

fn diamonds(ops: usize) -> String {
    let mut s =
        String::from("func.func @diamonds(%n: index, %c: i1, %v: f32) -> memref<?xf32> {\n");
    s.push_str("  %c0 = arith.constant 0 : index\n");
    s.push_str("  %init = memref.alloc(%n) : memref<?xf32>\n");
    s.push_str("  cf.br ^bb0_join(%init : memref<?xf32>)\n");
    let per = 8;
    let count = ops / per + 1;
    for i in 0..count {
        let join = if i == 0 {
            "^bb0_join".to_string()
        } else {
            format!("^j{}", i - 1)
        };
        let _ = writeln!(s, "{join}(%p{i}: memref<?xf32>):");
        let _ = writeln!(s, "  cf.cond_br %c, ^t{i}, ^e{i}");
        let _ = writeln!(s, "^t{i}:");
        let _ = writeln!(s, "  %x{i} = memref.alloc(%n) : memref<?xf32>");
        let _ = writeln!(s, "  memref.store %v, %x{i}[%c0] : memref<?xf32>");
        let _ = writeln!(s, "  cf.br ^j{i}(%x{i} : memref<?xf32>)");
        let _ = writeln!(s, "^e{i}:");
        let _ = writeln!(s, "  %y{i} = memref.load %p{i}[%c0] : memref<?xf32>");
        let _ = writeln!(s, "  memref.store %y{i}, %p{i}[%c0] : memref<?xf32>");
        let _ = writeln!(s, "  cf.br ^j{i}(%p{i} : memref<?xf32>)");
    }
    let _ = writeln!(s, "^j{}(%last: memref<?xf32>):", count - 1);
    s.push_str("  return %last : memref<?xf32>\n}\n");
    s
}

/// Counts the ops in MLIR text the way the benchmark reports them: lines that define or are
/// operations (a close estimate for generated code, which has one op per line).
pub fn count_ops(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with('^') && !l.starts_with('}') && !l.starts_with("//")
        })
        .count()
}
