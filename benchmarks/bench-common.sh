# Shared by run-quick.sh and run-full.sh: finds or builds benchmarks.jar, records the machine,
# runs JMH into JSON files and renders the tables. Sourced, not run.

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$here/target/benchmarks.jar"

ensure_jar() {
  if [[ ! -f "$jar" ]]; then
    echo "building $jar (buffers-core and the benchmarks module)..."
    (cd "$root" && mvn -q -B -DskipTests -pl benchmarks -am package)
  fi
}

# Writes what BENCHMARKS.md must state about the run into $1/machine.txt.
record_machine() {
  local dir="$1"
  {
    echo "date (UTC): $(date -u '+%Y-%m-%d %H:%M')"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') x $(nproc) online"
    echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
    echo "kernel: $(uname -sr)"
    echo "java: $(java -version 2>&1 | head -2 | tr '\n' ' ')"
    echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "git commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  } > "$dir/machine.txt"
}

# run_jmh NAME JMH-ARGS...: one JMH invocation, results in $out/NAME.json, its output in $out/NAME.log.
# JMH refuses to start while another JMH run holds /tmp/jmh.lock (two benchmarks at once would
# measure each other); on a shared machine we wait for it rather than fail or force the lock.
run_jmh() {
  local name="$1"
  shift
  echo "== $name: java -jar benchmarks.jar $*"
  local attempt
  for attempt in $(seq 1 120); do
    if java -jar "$jar" "$@" -rf json -rff "$out/$name.json" 2>&1 | tee "$out/$name.log"; then
      return 0
    fi
    if ! grep -q "Unable to acquire the JMH lock" "$out/$name.log"; then
      return 1
    fi
    echo "another JMH run holds /tmp/jmh.lock; waiting 15 s (attempt $attempt of 120)"
    sleep 15
  done
  return 1
}

render_tables() {
  echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
  java -cp "$jar" dev.recyclable.buffers.benchmarks.report.BenchmarksReport "$out"/*.json > "$out/tables.md"
  echo
  cat "$out/machine.txt"
  echo
  cat "$out/tables.md"
  echo
  echo "results: $out (JSON per run, machine.txt, tables.md)"
}
