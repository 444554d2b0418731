#!/usr/bin/env bash
# Fan-out benchmark: N x `sleep 1; echo 'Hello from <id>'` against a private OpenSSH server on loopback
# with MaxSessions and MaxStartups raised; one JVM per contender; prints one RESULT line per contender.
# Class: dev.recyclable.buffers.benchmarks.ssh.fanout.FanoutBenchmark (a main class, not JMH), run from
# target/benchmarks.jar (built if missing). Results: BENCHMARKS.md.
#
# Usage (as root or a user who may run sshd; .ci/setup-ssh.sh creates the test user):
#   benchmarks/run-fanout.sh [count]
# Env: RB_SSH_TEST_USER (default rbtest), FANOUT_CONTENDERS (default: all rows below), LAUNCHERS, CONNECTORS
# (thread pools of ours, default 2 and 4), FANOUT_TIMELINE=1 (a progress line per 100 ms of ours on stderr).
set -euo pipefail
source "$(dirname "$0")/bench-common.sh"

count="${1:-1000}"
user="${RB_SSH_TEST_USER:-rbtest}"
bench_workdir rb-fanout-bench
ensure_jar

# raised limits: every command of the run may be in flight at once
start_private_sshd "$user" <<CONF
PubkeyAuthentication yes
MaxSessions 1000
MaxStartups 1000:30:1000
UseDNS no
PrintMotd no
CONF

run() { # contender parallelism [connections sessions]
  local err="$work/err-$1-$2.txt"
  java -cp "$jar" dev.recyclable.buffers.benchmarks.ssh.fanout.FanoutBenchmark "$1" 127.0.0.1 "$port" "$user" \
    "$work/client_key" "$work/known_hosts" "$count" "$2" "${3:-10}" "${4:-100}" "${LAUNCHERS:-2}" "${CONNECTORS:-4}" 2>"$err" \
    | grep RESULT || { echo "$1 p=$2 failed:"; tail -5 "$err"; }
  if [[ -n "${FANOUT_TIMELINE:-}" ]]; then cat "$err" >&2; fi
  sleep 2 # let the server reap the sessions before the next contender
}

echo "fan-out of $count x sleep 1 on $(nproc) cores, $(java -version 2>&1 | head -1)"
contenders="${FANOUT_CONTENDERS:-ours ours5 conn50 conn100 thread1000}"
for c in $contenders; do
  case "$c" in
    ours) run ours "$count" 10 100 ;;
    ours5) run ours "$count" 5 200 ;;
    conn50) run conn-per-command 50 ;;
    conn100) run conn-per-command 100 ;;
    thread1000) run thread-per-command "$count" 10 ;;
  esac
done
