#!/usr/bin/env bash
# Usage: run.sh (expects /tmp/own-main.jar and /tmp/own-branch.jar, results in /tmp/own-bench). Alternating before/after runs of the core hot-path cells, quick-mode settings (benchmarks/run-quick.sh).
set -u
out=/tmp/own-bench
quick=(-f 1 -wi 3 -w 300ms -i 5 -r 300ms -prof gc -foe true)
jmh() { # jar name args...
  local jar="$1" name="$2"; shift 2
  for attempt in $(seq 1 60); do
    if java -jar "$jar" "$@" "${quick[@]}" -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1; then return 0; fi
    grep -q "Unable to acquire the JMH lock" "$out/$name.log" || return 1
    sleep 10
  done
}
cell() { # which round
  local which="$1" round="$2" jar=/tmp/own-$1.jar
  echo "$(date -u +%T) round $round $which load $(cut -d' ' -f1 /proc/loadavg)" >> $out/progress.txt
  [[ -f "$out/$which-r$round-w64k.json" && -s "$out/$which-r$round-w64k.json" ]] || \
    jmh $jar "$which-r$round-w64k" 'core.StreamWriteBenchmark.recyclable$' -p totalBytes=65536 -p pieceBytes=1,128,4096
  jmh $jar "$which-r$round-w1k" 'core.StreamWriteBenchmark.recyclable$' -p totalBytes=1024 -p pieceBytes=4096
  jmh $jar "$which-r$round-life" 'core.StreamLifecycleBenchmark.(emptyStream|oneChunk)$'
}
cell main 1; cell branch 1; cell branch 2; cell main 2
echo "$(date -u +%T) done load $(cut -d' ' -f1 /proc/loadavg)" >> $out/progress.txt
