#!/usr/bin/env python3
"""Times one pass (or pipeline) of `dealloc-opt` against an upstream tool on generated programs.

The programs come from the shared generator (`../shared/bench/gen.py`, seven shapes: straight,
diamonds, scf-nest, many-funcs, live-set, while-loops, ladder). Each run is a whole process
(parse, pass, print to /dev/null), as a user runs it; the parse+print time of the same file is
shown beside it, so the pass's own cost is the difference. Upstream runs that exceed the
timeout print as `>T`, and larger sizes of that shape are not tried upstream.

Examples:
  bench/pass_bench.py --pass=--buffer-loop-hoisting
  bench/pass_bench.py --pass=--buffer-deallocation --upstream mlir-opt-16 --sizes 1000,32000
  bench/pass_bench.py --pass=--promote-buffers-to-stack --shapes while-loops,ladder

Prints a Markdown table: shape, size, ours parse+print (s), ours with the pass (s), upstream
with the pass (s), and upstream / ours.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "..", "shared", "bench", "gen.py")
SHAPES = ["straight", "diamonds", "scf-nest", "many-funcs", "live-set", "while-loops", "ladder"]


def timed(cmd, timeout):
    """Seconds the command took, or None if it timed out or failed."""
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        sys.stderr.write(f"failed ({done.returncode}): {' '.join(cmd)}\n"
                         f"{done.stderr.decode(errors='replace')[:400]}\n")
        return None
    return time.perf_counter() - start


def fmt(seconds, timeout):
    return f">{timeout:g}" if seconds is None else f"{seconds:.3f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pass", dest="flags", action="append", required=True,
                    help="a flag given to both tools (repeatable)")
    ap.add_argument("--ours", default=os.path.join(ROOT, "target", "release", "dealloc-opt"))
    ap.add_argument("--upstream", default="mlir-opt-22")
    ap.add_argument("--sizes", default="1000,4000,16000,64000,256000")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"pass: {' '.join(args.flags)}; upstream: {args.upstream}")
    print("| shape | ops | ours parse+print s | ours s | upstream s | upstream/ours |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            upstream_gave_up = False
            for size in sizes:
                path = os.path.join(tmp, f"{shape}-{size}.mlir")
                subprocess.run([sys.executable, GEN, shape, str(size), "-o", path], check=True)
                base = timed([args.ours, path, "-o", "/dev/null"], args.timeout)
                ours = timed([args.ours, path, *args.flags, "-o", "/dev/null"], args.timeout)
                theirs, upstream = None, "not run"
                if not upstream_gave_up:
                    theirs = timed([args.upstream, path, *args.flags, "-o", "/dev/null"], args.timeout)
                    upstream_gave_up = theirs is None
                    upstream = fmt(theirs, args.timeout)
                ratio = f"{theirs / ours:.1f}x" if theirs and ours else "-"
                print(f"| {shape} | {size} | {fmt(base, args.timeout)} | {fmt(ours, args.timeout)} | {upstream} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
