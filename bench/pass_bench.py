#!/usr/bin/env python3
"""Times one pass (or pipeline) of `dealloc-opt` against an upstream tool on generated programs.

The programs come from the shared generator (`../shared/bench/gen.py`, seven shapes: straight,
diamonds, scf-nest, many-funcs, live-set, while-loops, ladder). Each run is a whole process
(parse, pass, print to /dev/null), as a user runs it; the parse+print time of the same file is
shown beside it, so the pass's own cost is the difference. Upstream runs that exceed the
timeout print as `>T`, and larger sizes of that shape are not tried upstream.

Examples:
  bench/pass_bench.py --pass=--buffer-deallocation-pipeline --sizes 262144   # issue 13's table
  bench/pass_bench.py --pass=--buffer-deallocation-pipeline --sizes 65536,131072,262144 \
      --no-upstream                                                         # scaling, ours only
  bench/pass_bench.py --pass=--buffer-loop-hoisting
  bench/pass_bench.py --pass=--buffer-deallocation --upstream mlir-opt-16 --sizes 1000,32000
  bench/pass_bench.py --pass=--promote-buffers-to-stack --shapes while-loops,ladder

Prints a Markdown table of CPU seconds (user + sys): shape, size, parse+print of ours and of
upstream (and their ratio), ours with the pass (and its ratio to our parse+print), upstream with
the pass, and upstream / ours. The generator is found above the checkout (worktrees included)
or named by `$DEALLOC_GEN`.
"""

import argparse
import math
import os
import resource
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_generator():
    """The shared generator: `$DEALLOC_GEN`, else `shared/bench/gen.py` beside the checkout or
    beside any directory above it (a worktree lives deeper than the main checkout)."""
    if os.environ.get("DEALLOC_GEN"):
        return os.environ["DEALLOC_GEN"]
    here = ROOT
    while True:
        candidate = os.path.join(here, "shared", "bench", "gen.py")
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(here)
        if parent == here:
            sys.exit("cannot find shared/bench/gen.py above the checkout; set DEALLOC_GEN")
        here = parent


GEN = find_generator()
# A run is stopped after this many times its CPU cap in wall time (a stuck or starved process).
WALL_CAP_FACTOR = 20
SHAPES = ["straight", "diamonds", "scf-nest", "many-funcs", "live-set", "while-loops", "ladder"]


def timed(cmd, timeout):
    """CPU seconds (user + sys) the command took, or None if it ran out of its `timeout` CPU
    seconds or failed. CPU time, not wall time, for both the measure and the cap: the machine
    is shared, and waiting for a core is not the program's cost."""
    cap = math.ceil(timeout)

    def limit_cpu():
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 1))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=WALL_CAP_FACTOR * timeout, preexec_fn=limit_cpu)
    except subprocess.TimeoutExpired:
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return None
    if done.returncode != 0:
        sys.stderr.write(f"failed ({done.returncode}): {' '.join(cmd)}\n"
                         f"{done.stderr.decode(errors='replace')[:400]}\n")
        return None
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


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
    ap.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per run (default 60)")
    ap.add_argument("--no-upstream", action="store_true", help="time only dealloc-opt")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"pass: {' '.join(args.flags)}; upstream: {args.upstream}; CPU seconds (user + sys)")
    print("| shape | ops | ours parse+print | upstream parse+print | upstream/ours parse+print "
          "| ours with the pass | ours pass/parse+print | upstream with the pass | upstream/ours |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            upstream_gave_up = False
            for size in sizes:
                path = os.path.join(tmp, f"{shape}-{size}.mlir")
                subprocess.run([sys.executable, GEN, shape, str(size), "-o", path], check=True)
                upstream_gave_up |= print_row(args, shape, size, path, upstream_gave_up)


def ratio(numerator, denominator):
    return f"{numerator / denominator:.1f}x" if numerator and denominator else "-"


def print_row(args, shape, size, path, upstream_gave_up):
    """Runs the four commands on one file and prints its row; returns whether upstream's run
    with the pass timed out (larger sizes of the shape are then not tried upstream)."""
    base = timed([args.ours, path, "-o", "/dev/null"], args.timeout)
    their_base, their_base_text = None, "not run"
    if not args.no_upstream:
        their_base = timed([args.upstream, path, "-o", "/dev/null"], args.timeout)
        their_base_text = fmt(their_base, args.timeout)
    ours = timed([args.ours, path, *args.flags, "-o", "/dev/null"], args.timeout)
    theirs, upstream = None, "not run"
    if not upstream_gave_up and not args.no_upstream:
        theirs = timed([args.upstream, path, *args.flags, "-o", "/dev/null"], args.timeout)
        upstream = fmt(theirs, args.timeout)
    print(f"| {shape} | {size} | {fmt(base, args.timeout)} | {their_base_text} "
          f"| {ratio(their_base, base)} | {fmt(ours, args.timeout)} | {ratio(ours, base)} "
          f"| {upstream} | {ratio(theirs, ours)} |", flush=True)
    return not upstream_gave_up and theirs is None


if __name__ == "__main__":
    main()
