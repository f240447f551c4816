#!/bin/sh
# Regenerates every bufferized X.mlir here from its tensor source X.tensor.mlir, the way a user
# bufferizes a program: One-Shot Bufferize of mlir-opt-22, functions included. The RUN line is
# prepended; the .expected snapshots are then refreshed with `cargo xtask bless`.
set -eu
cd "$(dirname "$0")"
for src in *.tensor.mlir; do
  out="${src%.tensor.mlir}.mlir"
  {
    echo "// RUN: dealloc-opt %s --buffer-deallocation-pipeline"
    echo "// Bufferized from ${src} by bufferize.sh; do not edit."
    echo
    mlir-opt-22 "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops" "$src"
  } > "$out"
done
