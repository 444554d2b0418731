#!/usr/bin/env bash
# Issue 10 hot path, before (0e55b2f) and after, alternating A B B A on one quiet machine.
set -euo pipefail
cd "$(dirname "$0")"  # before.jar / after.jar: benchmarks/target/benchmarks.jar built at each commit
q=(-f 1 -wi 3 -w 300ms -i 5 -r 300ms -prof gc -foe true)
for jar in before after after before; do
  n=$((${n:-0}+1))
  java -jar $jar.jar 'core.StreamWriteBenchmark.recyclable$' -p totalBytes=65536 -p pieceBytes=1,128,4096 "${q[@]}" -rf json -rff grid-$jar-$n.json > grid-$jar-$n.log 2>&1
  java -jar $jar.jar 'core.StreamWriteBenchmark.recyclable$' -p totalBytes=1024 -p pieceBytes=4096 "${q[@]}" -rf json -rff k1-$jar-$n.json > k1-$jar-$n.log 2>&1
  java -jar $jar.jar 'core.StreamLifecycleBenchmark' "${q[@]}" -rf json -rff life-$jar-$n.json > life-$jar-$n.log 2>&1
done
echo done > done
