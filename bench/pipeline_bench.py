#!/usr/bin/env python3
"""Times `dealloc-opt --buffer-deallocation-pipeline` against `mlir-opt-22`'s on generated programs.

Independent of xtask: generates the shapes itself, writes them to a scratch directory, runs
both tools with a timeout and prints a table (seconds; `>T` when a run hit the timeout; later,
larger sizes of a shape whose upstream run timed out are not attempted).

Shapes (each roughly SIZE ops):
  straight  one function: alloc / store / load / addf / subview / dim groups
  diamonds  one function: a chain of cf.cond_br diamonds forwarding memrefs
  nested    one function: a chain of scf.for { scf.if } with memref iter_args
  while     one function: a chain of scf.while loops with memref iter_args
  funcs     many small functions calling each other
  wide      one function with 5,000 live allocations (a single dealloc of 5,000
            memrefs), plus small functions up to SIZE ops

Usage: bench/pipeline_bench.py [--ours PATH] [--timeout S] [--sizes 1000,4000,...] [--shapes a,b]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time


def straight(ops):
    out = ["func.func @straight(%n: index, %v: f32) -> f32 {",
           "  %c0 = arith.constant 0 : index", "  %acc0 = arith.constant 0.0 : f32"]
    groups = ops // 6 + 1
    for i in range(groups):
        out += [f"  %m{i} = memref.alloc(%n) : memref<?xf32>",
                f"  memref.store %v, %m{i}[%c0] : memref<?xf32>",
                f"  %l{i} = memref.load %m{i}[%c0] : memref<?xf32>",
                f"  %acc{i + 1} = arith.addf %acc{i}, %l{i} : f32",
                f"  %s{i} = memref.subview %m{i}[0] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1]>>",
                f"  %d{i} = memref.dim %m{i}, %c0 : memref<?xf32>"]
    out += [f"  return %acc{groups} : f32", "}"]
    return "\n".join(out) + "\n"


def diamonds(ops):
    out = ["func.func @diamonds(%n: index, %c: i1, %v: f32) -> memref<?xf32> {",
           "  %c0 = arith.constant 0 : index",
           "  %init = memref.alloc(%n) : memref<?xf32>",
           "  cf.br ^j_init(%init : memref<?xf32>)"]
    count = ops // 8 + 1
    for i in range(count):
        join = "^j_init" if i == 0 else f"^j{i - 1}"
        out += [f"{join}(%p{i}: memref<?xf32>):",
                f"  cf.cond_br %c, ^t{i}, ^e{i}",
                f"^t{i}:",
                f"  %x{i} = memref.alloc(%n) : memref<?xf32>",
                f"  memref.store %v, %x{i}[%c0] : memref<?xf32>",
                f"  cf.br ^j{i}(%x{i} : memref<?xf32>)",
                f"^e{i}:",
                f"  %y{i} = memref.load %p{i}[%c0] : memref<?xf32>",
                f"  memref.store %y{i}, %p{i}[%c0] : memref<?xf32>",
                f"  cf.br ^j{i}(%p{i} : memref<?xf32>)"]
    out += [f"^j{count - 1}(%last: memref<?xf32>):", "  return %last : memref<?xf32>", "}"]
    return "\n".join(out) + "\n"


def nested(ops):
    out = ["func.func @nested(%n: index, %c: i1, %v: f32) -> memref<?xf32> {",
           "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
           "  %init = memref.alloc(%n) : memref<?xf32>"]
    cur = "%init"
    for i in range(ops // 9 + 1):
        out += [f"  %r{i} = scf.for %i{i} = %c0 to %n step %c1 iter_args(%a{i} = {cur}) -> (memref<?xf32>) {{",
                f"    %t{i} = scf.if %c -> (memref<?xf32>) {{",
                f"      %b{i} = memref.alloc(%n) : memref<?xf32>",
                f"      memref.store %v, %b{i}[%c0] : memref<?xf32>",
                f"      scf.yield %b{i} : memref<?xf32>",
                "    } else {",
                f"      scf.yield %a{i} : memref<?xf32>",
                "    }",
                f"    scf.yield %t{i} : memref<?xf32>",
                "  }"]
        cur = f"%r{i}"
    out += [f"  return {cur} : memref<?xf32>", "}"]
    return "\n".join(out) + "\n"


def while_loops(ops):
    out = ["func.func @loops(%n: index, %v: f32) -> memref<?xf32> {",
           "  %c0 = arith.constant 0 : index",
           "  %init = memref.alloc(%n) : memref<?xf32>"]
    cur = "%init"
    for i in range(ops // 8 + 1):
        out += [f"  %w{i} = scf.while (%a{i} = {cur}) : (memref<?xf32>) -> memref<?xf32> {{",
                f"    %x{i} = memref.load %a{i}[%c0] : memref<?xf32>",
                f"    %k{i} = arith.cmpf olt, %x{i}, %v : f32",
                f"    scf.condition(%k{i}) %a{i} : memref<?xf32>",
                "  } do {",
                f"  ^bb0(%b{i}: memref<?xf32>):",
                f"    %m{i} = memref.alloc(%n) : memref<?xf32>",
                f"    memref.store %v, %m{i}[%c0] : memref<?xf32>",
                f"    scf.yield %m{i} : memref<?xf32>",
                "  }"]
        cur = f"%w{i}"
    out += [f"  return {cur} : memref<?xf32>", "}"]
    return "\n".join(out) + "\n"


def funcs(ops):
    out = []
    for i in range(ops // 8 + 1):
        out += [f"func.func @f{i}(%n: index, %v: f32) -> memref<?xf32> {{",
                "  %c0 = arith.constant 0 : index",
                "  %a = memref.alloc(%n) : memref<?xf32>",
                "  memref.store %v, %a[%c0] : memref<?xf32>"]
        if i > 0:
            out += [f"  %b = call @f{i - 1}(%n, %v) : (index, f32) -> memref<?xf32>",
                    "  %x = memref.load %b[%c0] : memref<?xf32>",
                    "  memref.store %x, %a[%c0] : memref<?xf32>"]
        out += ["  return %a : memref<?xf32>", "}"]
    return "\n".join(out) + "\n"


def wide(ops):
    out = ["func.func @wide(%n: index, %v: f32) {", "  %c0 = arith.constant 0 : index"]
    for i in range(5000):
        out += [f"  %m{i} = memref.alloc(%n) : memref<?xf32>",
                f"  memref.store %v, %m{i}[%c0] : memref<?xf32>"]
    out += ["  return", "}"]
    rest = max(0, ops - 10002)
    for i in range(rest // 6 + (1 if rest else 0)):
        out += [f"func.func @g{i}(%n: index, %v: f32) {{",
                "  %c0 = arith.constant 0 : index",
                "  %a = memref.alloc(%n) : memref<?xf32>",
                "  memref.store %v, %a[%c0] : memref<?xf32>",
                "  return", "}"]
    return "\n".join(out) + "\n"


SHAPES = {"straight": straight, "diamonds": diamonds, "nested": nested,
          "while": while_loops, "funcs": funcs, "wide": wide}


def count_ops(text):
    return sum(1 for l in text.splitlines()
               if l.strip() and not l.strip().startswith(("^", "}", "//")))


def time_run(cmd, timeout):
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        return elapsed, proc.stderr.decode(errors="replace").splitlines()[:1]
    return elapsed, None


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target")), "release", "dealloc-opt"))
    ap.add_argument("--upstream", default="mlir-opt-22")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--sizes", default="1000,4000,16000,32000,64000,256000")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--skip-upstream", action="store_true")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    tmp = tempfile.mkdtemp(prefix="dealloc-bench-")
    print(f"{'shape':<10} {'ops':>8} {'ours s':>9} {'us/op':>7} {'upstream s':>11} {'speedup':>8}")
    for shape in args.shapes.split(","):
        upstream_timed_out = args.skip_upstream
        for size in sizes:
            text = SHAPES[shape](size)
            path = os.path.join(tmp, f"{shape}-{size}.mlir")
            with open(path, "w") as f:
                f.write(text)
            ops = count_ops(text)
            flags = [path, "--buffer-deallocation-pipeline", "-o", os.devnull]
            ours, err = time_run([args.ours] + flags, args.timeout)
            if err:
                print(f"  ours failed on {shape}/{size}: {err}", file=sys.stderr)
            if upstream_timed_out:
                theirs, terr = None, "skipped"
            else:
                theirs, terr = time_run([args.upstream] + flags, args.timeout)
                if terr == "timeout":
                    upstream_timed_out = True
                elif terr:
                    print(f"  upstream failed on {shape}/{size}: {terr}", file=sys.stderr)
            ours_s = f"{ours:.3f}" if ours is not None else f">{args.timeout:.0f}"
            per_op = f"{ours / ops * 1e6:.2f}" if ours is not None else "-"
            if args.skip_upstream:
                theirs_s, speedup = "-", "-"
            else:
                theirs_s = f"{theirs:.3f}" if theirs is not None else f">{args.timeout:.0f}"
                speedup = (f"{theirs / ours:.1f}x" if ours and theirs is not None
                           else (f">{args.timeout / ours:.0f}x" if ours else "-"))
            print(f"{shape:<10} {ops:>8} {ours_s:>9} {per_op:>7} {theirs_s:>11} {speedup:>8}",
                  flush=True)
            os.remove(path)


if __name__ == "__main__":
    main()
