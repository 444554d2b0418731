#!/usr/bin/env bash
# Issue 13: the 64 KiB byte-by-byte row, JMH and the showcase's core fork alternating.
# Usage: run.sh OUT-DIR PAIRS AFTER-JAR BEFORE-JAR (benchmarks.jar built at e34a542, after; at d698e3b, before)
# JMH runs with -Djmh.ignoreLock=true: another run held /tmp/jmh.lock and other helpers ran JMH alongside.
# Each pair: (1) JMH quick settings (run-quick.sh's grid-write-int cell, baosWriteTo and recyclable only),
# (2) the showcase's measuring fork after the fix (CoreMeasurements.JVM_FLAGS, per-way writer copies),
# (3) the same fork before the fix (the old flags and code, from the jar built at the branch's base).
set -uo pipefail
out="$1"; pairs="$2"; after="$3"; before="$4"
mkdir -p "$out"
quick=(-f 1 -wi 3 -w 300ms -i 5 -r 300ms -prof gc -foe true)
after_flags=(-XX:+UseG1GC -Xms256m -Xmx256m -XX:+AlwaysPreTouch -XX:CompileCommand=quiet
  -XX:CompileCommand=dontinline,dev/recyclable/buffers/benchmarks/core/Writers.write)
before_flags=(-XX:+UseG1GC -Xms256m -Xmx256m -XX:+AlwaysPreTouch)
core=dev.recyclable.buffers.benchmarks.showcase.CoreMeasurements
for p in $(seq 1 "$pairs"); do
  echo "pair $p jmh start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
  for attempt in $(seq 1 80); do
    java -Djmh.ignoreLock=true -jar "$after" 'StreamWriteBenchmark\.(baosWriteTo|recyclable)$' "${quick[@]}" \
      -p totalBytes=65536 -p pieceBytes=1 -rf json -rff "$out/jmh-$p.json" > "$out/jmh-$p.log" 2>&1 && break
    grep -q "Unable to acquire the JMH lock" "$out/jmh-$p.log" || break
    echo "pair $p jmh lock held, waiting 15 s" >> "$out/load.txt"; sleep 15
  done
  echo "pair $p showcase-after start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
  java "${after_flags[@]}" -cp "$after" "$core" > "$out/showcase-after-$p.tsv" 2>&1
  echo "pair $p showcase-before start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
  java "${before_flags[@]}" -cp "$before" "$core" > "$out/showcase-before-$p.tsv" 2>&1
  echo "pair $p end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
done
