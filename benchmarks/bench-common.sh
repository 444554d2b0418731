# Shared by the run-*.sh scripts: finds or builds benchmarks.jar, records the machine, runs JMH into JSON
# files and renders the tables, starts a private sshd for the SSH benchmarks. Sourced, not run.

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
  java -cp "$jar" dev.recyclable.buffers.benchmarks.report.BenchmarksReport --charts "$out/charts" "$out"/*.json > "$out/tables.md"
  echo
  cat "$out/machine.txt"
  echo
  cat "$out/tables.md"
  echo
  echo "results: $out (JSON per run, machine.txt, tables.md)"
}

# bench_workdir PREFIX: a fresh world-readable directory in $work (the test user's commands read files there),
# removed on exit together with the private sshd, if one was started.
bench_workdir() {
  work="$(mktemp -d "/tmp/$1.XXXXXX")"
  chmod 755 "$work"
  sshd_pid=""
  trap 'stop_private_sshd; rm -rf "$work"' EXIT
}

# start_private_sshd USER: a private OpenSSH server on a free loopback port (generated ed25519 host and client
# keys in $work, key login for USER only: .ci/setup-ssh.sh creates the test user; the machine's own sshd is never
# touched). Extra sshd_config lines come on stdin. Sets port and sshd_pid; writes $work/known_hosts and
# $work/client_key; the server's log goes to $work/sshd.log.
start_private_sshd() {
  local user="$1"
  ssh-keygen -q -t ed25519 -N '' -C rb-bench -f "$work/host_key"
  ssh-keygen -q -t ed25519 -N '' -C rb-bench -f "$work/client_key"
  cp "$work/client_key.pub" "$work/authorized_keys"
  chmod 644 "$work/authorized_keys"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  {
    cat <<CONF
ListenAddress 127.0.0.1:$port
HostKey $work/host_key
PidFile none
AuthorizedKeysFile $work/authorized_keys
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
AllowUsers $user
LogLevel ERROR
CONF
    cat
  } > "$work/sshd_config"
  mkdir -p /run/sshd
  /usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
  sshd_pid=$!
  local _
  for _ in $(seq 100); do (echo >/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 0.05; done
  echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/host_key.pub")" > "$work/known_hosts"
}

stop_private_sshd() {
  if [[ -n "${sshd_pid:-}" ]]; then
    kill "$sshd_pid" 2>/dev/null || true
    wait "$sshd_pid" 2>/dev/null || true
    sshd_pid=""
  fi
}
