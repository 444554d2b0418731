#!/usr/bin/env bash
# Full comparison: every cell of the grid (N in {1 KiB, 64 KiB, 1 MiB, 16 MiB, 64 MiB} x
# W in {1, 128, 4 KiB, 64 KiB}), the tiny stream and the contention benchmark, with -prof gc and
# the forks, warm-up and measurement set on the benchmark classes (3 forks, 5 x 1 s + 5 x 1 s).
# Hours on 2 cores: run it on a quiet machine. Usage: benchmarks/run-full.sh [output-dir]
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

out="${1:-$here/results/full-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
ensure_jar
record_machine "$out"

run_jmh full 'dev.recyclable.buffers.benchmarks.core\.' -prof gc -foe true

render_tables
