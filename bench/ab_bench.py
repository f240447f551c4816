#!/usr/bin/env python3
"""Compares commands on one input by alternating their runs: CPU time and page faults.

On a shared machine the time of one binary swings by a third between quiet periods, so two
binaries timed one after the other compare badly. This runs the commands in turn, N rounds,
and reports for each the minimum and median CPU time (user + system of the child) and the
median minor page faults, which do not depend on the machine's state. The first command is
the baseline; the others get their ratio to it.

Each command is one shell-style string. `FILE` in it stands for the input, and leading
`NAME=VALUE` words set environment variables. A baseline binary is most easily built from a
`git worktree` of the old commit into its own target directory.

With `--instructions`, each command instead runs once under valgrind's callgrind, which
counts the instructions it executes: runs agree to a few parts in a million whatever the
machine does, so a change of half a percent shows. Callgrind runs about 50 times slower than the program,
so give it inputs of a few thousand ops (`gen.py SHAPE 8192`). Instructions are not time
(a cache miss costs no instruction), so confirm a gain in CPU time on a large input too.

Usage:
  bench/ab_bench.py [--rounds N] FILE 'CMD_A' 'CMD_B' ...
  bench/ab_bench.py --instructions FILE 'CMD_A' 'CMD_B' ...

Example:
  bench/ab_bench.py --rounds 6 while-loops.mlir \\
      '/tmp/base/release/dealloc-opt FILE --buffer-deallocation-pipeline -o /dev/null' \\
      'target/release/dealloc-opt FILE --buffer-deallocation-pipeline -o /dev/null'
"""

import argparse
import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys


def split_command(command, path):
    """The argument list and environment of `command`, with `FILE` replaced by `path`."""
    words = shlex.split(command.replace("FILE", path))
    env = dict(os.environ)
    while words and "=" in words[0] and not words[0].startswith(("/", ".")):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    if not words:
        sys.exit(f"ab_bench: no program in `{command}`")
    return words, env


def run_once(words, env):
    """CPU seconds (user + system) and minor page faults of one run of `words`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(words, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"ab_bench: `{' '.join(words)}` failed ({result.returncode}):\n"
                 + result.stderr.decode(errors="replace")[-2000:])
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, after.ru_minflt - before.ru_minflt


def instructions_of(words, env):
    """Instructions executed by one run of `words`, counted by valgrind's callgrind."""
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *words],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    log = result.stderr.decode(errors="replace")
    if result.returncode != 0:
        sys.exit(f"ab_bench: `{' '.join(words)}` under callgrind failed ({result.returncode}):\n"
                 + log[-2000:])
    match = re.search(r"I\s+refs:\s+([\d,]+)", log)
    if not match:
        sys.exit(f"ab_bench: callgrind printed no instruction count for `{' '.join(words)}`")
    return int(match.group(1).replace(",", ""))


def compare_instructions(commands, texts):
    """Prints the instructions each command executes and its ratio to the first."""
    if shutil.which("valgrind") is None:
        sys.exit("ab_bench: --instructions needs valgrind (apt-get install valgrind)")
    counts = [instructions_of(words, env) for words, env in commands]
    print(f"{'instructions':>15} {'vs first':>9}  command")
    for count, text in zip(counts, texts):
        print(f"{count:15,d} {count / counts[0]:9.4f}  {text}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under callgrind (one run each) instead of timing")
    parser.add_argument("file", help="the input, substituted for FILE")
    parser.add_argument("commands", nargs="+", help="the commands; the first is the baseline")
    args = parser.parse_args()
    if args.rounds < 1:
        sys.exit("ab_bench: --rounds must be at least 1")
    commands = [split_command(c, args.file) for c in args.commands]
    if args.instructions:
        compare_instructions(commands, args.commands)
        return
    samples = [[] for _ in commands]
    for _ in range(args.rounds):
        for k, (words, env) in enumerate(commands):
            samples[k].append(run_once(words, env))
    base = min(cpu for cpu, _ in samples[0])
    print(f"{'min cpu':>9} {'median':>9} {'faults':>9} {'vs first':>9}  command")
    for k, command in enumerate(args.commands):
        cpus = [cpu for cpu, _ in samples[k]]
        faults = statistics.median(f for _, f in samples[k])
        ratio = min(cpus) / base if base > 0 else float("nan")
        print(f"{min(cpus):9.3f} {statistics.median(cpus):9.3f} {faults:9.0f} {ratio:9.3f}  {command}")


if __name__ == "__main__":
    main()
