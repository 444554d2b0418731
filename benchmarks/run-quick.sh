#!/usr/bin/env bash
# Quick comparison: the headline cells of the grid with -prof gc, three forks (so that every cell has a
# fork-to-fork spread), short iterations. About 20 minutes on 2 cores. Usage: benchmarks/run-quick.sh [output-dir]
#
# Cells: N in {1 KiB, 64 KiB, 1 MiB} x W in {128, 4 KiB}; write(int) at 64 KiB; 16 MiB in 64 KiB pieces;
# the 16-byte tiny stream; 2-thread contention at 64 KiB.
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

out="${1:-$here/results/quick-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
ensure_jar
record_machine "$out"

quick=(-f 3 -wi 3 -w 300ms -i 4 -r 300ms -prof gc -foe true)
grid='dev.recyclable.buffers.benchmarks.core.StreamWriteBenchmark'

run_jmh grid-main "$grid" "${quick[@]}" -p totalBytes=1024,65536,1048576 -p pieceBytes=128,4096
run_jmh grid-write-int "$grid" "${quick[@]}" -p totalBytes=65536 -p pieceBytes=1
run_jmh grid-16m "$grid" "${quick[@]}" -p totalBytes=16777216 -p pieceBytes=65536
run_jmh tiny 'dev.recyclable.buffers.benchmarks.core.TinyStreamBenchmark' "${quick[@]}"
run_jmh contention 'dev.recyclable.buffers.benchmarks.core.PoolContentionBenchmark' "${quick[@]}" -p totalBytes=65536

render_tables
