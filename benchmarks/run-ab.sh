#!/usr/bin/env bash
# Before/after JMH comparison of two benchmark jars on one machine: the jars take turns (by default
# base, new, new, base, so that drift in the machine's state falls on both), each run a full JMH
# invocation with the same arguments, the load average logged before each. Raw JSON and output per
# run in the results folder; summarize them with benchmarks/ab-summary.py <folder>.
#
# Usage: benchmarks/run-ab.sh BASE_JAR NEW_JAR JMH-ARGS...
#   e.g. benchmarks/run-ab.sh /tmp/base.jar benchmarks/target/benchmarks.jar \
#          'WebSocketDecodeBenchmark\.(recyclable|recyclableNetty)$' -f 1 -prof gc
# Env: AB_ORDER (default "base new new base"), AB_OUT (default benchmarks/results/ab-<UTC timestamp>).
# Build a base jar from an older commit without touching your local repository's artifacts:
#   git archive <rev> | tar -x -C /tmp/base && (cd /tmp/base && mvn -q -B package -DskipTests -pl benchmarks -am)
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

if [[ $# -lt 3 ]]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
declare -A jars=([base]="$(realpath "$1")" [new]="$(realpath "$2")")
shift 2
out="${AB_OUT:-$here/results/ab-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
record_machine "$out"
echo "base: ${jars[base]}" >> "$out/machine.txt"
echo "new: ${jars[new]}" >> "$out/machine.txt"
echo "jmh arguments: $*" >> "$out/machine.txt"

i=0
for label in ${AB_ORDER:-base new new base}; do
  i=$((i + 1))
  echo "$(date -u +%H:%M:%S) run $i $label load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/load.log"
  jar="${jars[$label]}" run_jmh "run$i-$label" "$@" > /dev/null
done
echo "$(date -u +%H:%M:%S) done load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/load.log"
echo "results: $out (python3 benchmarks/ab-summary.py $out)"
